import { openPage } from "../../support/page.ts";
import { expect, test } from "../../support/store-data.ts";

test.describe("the store's copy", () => {
  test("is in US English", async ({ page }) => {
    await openPage(page, "/installation");
    const text = (await page.locator("main").textContent()) ?? "";
    expect(text).toContain("labor");
    expect(text).toContain("leveled");
    expect(text).not.toMatch(/labour|levelled/);
  });

  test("the blog states the store's claim of 20+ service areas, which the area guides bear out", async ({
    page,
  }) => {
    await openPage(page, "/blog");
    const trust = page.getByRole("region", { name: "Why homeowners trust us" });
    await expect(trust.locator("dd").nth(1)).toHaveText("20+");
    // The label ends in a visually hidden colon, so its text reads "Service areas: 20+".
    await expect(trust.locator("dt").nth(1)).toHaveText("Service areas:");
    const guides = await page.request.get("/api/content/areas/birmingham");
    const { categories } = (await guides.json()) as { categories: Array<{ areas: unknown[] }> };
    expect(categories.flatMap((c) => c.areas).length).toBeGreaterThanOrEqual(20);
  });

  test("the gallery calls its illustrations illustrations, and each carries image structured data", async ({
    page,
  }) => {
    await openPage(page, "/gallery");
    await expect(page.getByText(/floors we have supplied and installed|photos of/i)).toHaveCount(0);
    await expect(page.getByText(/Illustrated rooms/)).toBeVisible();
    const images = await page.locator("main li img").count();
    const data = await page
      .locator('main li script[type="application/ld+json"]')
      .evaluateAll((scripts) => scripts.map((s) => JSON.parse(s.textContent ?? "{}")));
    expect(images).toBeGreaterThan(0);
    expect(data).toHaveLength(images);
    for (const image of data) {
      expect(image).toMatchObject({ "@type": "ImageObject" });
      for (const field of ["src", "alt", "title", "description", "contentUrl"])
        expect(typeof image[field], field).toBe("string");
    }
  });
});
