import { serviceAreas } from "@mcf/contracts/service-areas";
import { expect, test } from "@playwright/test";
import { openPage } from "../../support/page.ts";

test.describe("blog, area guides and sitemap", () => {
  test("the blog index shows the trust block, posts with long dates, and 8 areas", async ({
    page,
  }) => {
    await openPage(page, "/blog");
    await expect(page).toHaveTitle("Flooring Blog | Magic City Floors");
    await expect(page.getByText("5,000+")).toBeVisible();
    await expect(page.getByText("20+", { exact: true })).toBeVisible();
    await expect(page.getByText("98%")).toBeVisible();
    await expect(
      page.getByRole("link", { name: "Explore Our Products", exact: true }),
    ).toBeVisible();
    await expect(
      page.getByRole("link", { name: "Installation Services", exact: true }),
    ).toBeVisible();
    await expect(page.getByText("September 14, 2025")).toBeVisible();
    await expect(page.getByText(/^Flooring services in /)).toHaveCount(8);
    await expect(page.getByRole("link", { name: "View All" })).toHaveAttribute(
      "href",
      "/blog/areas/birmingham",
    );
    await expect(
      page.getByRole("link", { name: "Explore All Birmingham Areas", exact: true }),
    ).toHaveAttribute("href", "/blog/areas/birmingham");
    await page.getByRole("link", { name: /Read More: LVP or Hardwood/ }).click();
    await expect(page).toHaveURL(/\/blog\/lvp-vs-hardwood-alabama-humidity$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "LVP or Hardwood? Choosing Floors for Alabama Humidity",
    );
    const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
    const article = ld.map((text) => JSON.parse(text)).find((d) => d["@type"] === "Article");
    expect(article).toMatchObject({
      headline: "LVP or Hardwood? Choosing Floors for Alabama Humidity",
      datePublished: "2025-09-14",
    });
  });

  test("the Birmingham page groups every area guide under the four categories", async ({
    page,
  }) => {
    await openPage(page, "/blog/areas/birmingham");
    for (const category of [
      "Core Birmingham (City-Center & Neighborhoods)",
      "Close-In Suburbs",
      "Western & Industrial Corridors",
      "Northern & Eastern Suburbs",
    ]) {
      await expect(page.getByRole("heading", { name: category })).toBeVisible();
    }
    await expect(page.getByText(/^Flooring services in /)).toHaveCount(serviceAreas.length);
  });

  test("every area guide renders with its own title", async ({ page }) => {
    for (const area of serviceAreas) {
      await page.goto(`/blog/areas/birmingham/${area.slug}`);
      await expect(page).toHaveTitle(`Flooring in ${area.name}, AL | Magic City Floors`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        `Flooring in ${area.name}, AL`,
      );
    }
  });

  test("unknown post and area slugs land on /blog", async ({ page }) => {
    await page.goto("/blog/no-such-post");
    await expect(page).toHaveURL(/\/blog$/);
    await page.goto("/blog/areas/birmingham/no-such-place-flooring");
    await expect(page).toHaveURL(/\/blog$/);
    await expect(page.getByRole("heading", { name: "Latest posts" })).toBeVisible();
  });

  test("sitemap.xml parses and lists every area guide, post and product with lastmod", async ({
    page,
    request,
    baseURL,
  }) => {
    const response = await request.get("/sitemap.xml");
    expect(response.headers()["content-type"]).toContain("xml");
    const xml = await response.text();
    await openPage(page, "/");
    const parsed = await page.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, "application/xml");
      const error = doc.querySelector("parsererror");
      return {
        error: error ? error.textContent : null,
        urls: Array.from(doc.getElementsByTagName("url")).map((url) => ({
          loc: url.getElementsByTagName("loc")[0]?.textContent ?? "",
          lastmod: url.getElementsByTagName("lastmod")[0]?.textContent ?? null,
        })),
      };
    }, xml);
    expect(parsed.error).toBeNull();
    const locs = parsed.urls.map((u) => u.loc);
    for (const area of serviceAreas) {
      expect(locs).toContain(`${baseURL}/blog/areas/birmingham/${area.slug}`);
    }
    for (const path of ["/", "/installation", "/contact", "/blog", "/blog/areas"]) {
      expect(locs).toContain(`${baseURL}${path}`);
    }
    expect(locs).toContain(`${baseURL}/blog/downtown-birmingham-loft-flooring`);
    expect(locs.some((loc) => /\/products\/\d+$/.test(loc))).toBe(true);
    for (const url of parsed.urls) expect(url.lastmod, url.loc).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const floors = Number((await request.get("/api/products")).headers()["x-total-count"]);
    expect(floors).toBeGreaterThan(0);
    const accessories = (await (await request.get("/api/accessories")).json()).products.length;
    expect(accessories).toBeGreaterThan(0);
    expect(locs).toContain(`${baseURL}/accessories`);
    expect(locs.filter((loc) => /\/products\/\d+$/.test(loc))).toHaveLength(floors + accessories);

    const robots = await request.get("/robots.txt");
    const text = await robots.text();
    expect(text).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
    for (const rule of ["Disallow: /admin", "Disallow: /ace", "Disallow: /api/"]) {
      expect(text).toContain(rule);
    }
  });
});
