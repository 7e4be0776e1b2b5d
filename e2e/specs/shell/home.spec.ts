import { expect, test } from "@playwright/test";
import { openPage } from "../../support/page.ts";

test.describe("site shell and home page", () => {
  test("the home page's content is in the server HTML, with JavaScript off", async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/");
    await expect(page).toHaveTitle("Quality Flooring Solutions in Alabama | Magic City Floors");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Install it yourself" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "I have someone" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "I need someone" })).toBeVisible();
    await expect(page.getByRole("link", { name: /Closeout Deals/ }).first()).toHaveAttribute(
      "href",
      "/closeouts",
    );
    await expect(page.getByText("SPECIAL")).toBeVisible();
    await expect(page.getByRole("link", { name: "Hardwood" }).first()).toHaveAttribute(
      "href",
      "/products?type=hardwood",
    );
    await expect(page.getByText("Mon-Fri:").first()).toBeVisible();
    await expect(page.getByRole("link", { name: "Shop all flooring" })).toHaveAttribute(
      "href",
      "/products",
    );
    await expect(page.getByRole("link", { name: "Get in touch" }).first()).toHaveAttribute(
      "href",
      "/contact",
    );
    await expect(page.getByRole("heading", { name: "What our customers say" })).toBeVisible();
    await expect(page.locator("main figure blockquote")).toHaveCount(3);
    await expect(
      page.getByRole("heading", { name: "A local shop you can hold to its word" }),
    ).toBeVisible();
    await expect(page.locator("body")).not.toContainText(/\{(phone|address|brand)\}/);
    await context.close();
  });

  test("canonical and og tags follow the path; no breadcrumbs on home", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/$/);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
      "content",
      "Quality Flooring Solutions in Alabama | Magic City Floors",
    );
    const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
    expect(ld.some((text) => text.includes("BreadcrumbList"))).toBe(false);
  });

  test("an unknown page shows the not-found screen with the bare brand title and a 404", async ({
    page,
  }) => {
    const response = await page.goto("/no-such-page-here");
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle("Magic City Floors");
    await expect(page.getByRole("heading", { name: "We couldn't find that page" })).toBeVisible();
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      "href",
      /\/no-such-page-here$/,
    );
    const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
    const crumbs = ld.find((text) => text.includes("BreadcrumbList"));
    expect(crumbs).toContain("No such page here");
  });

  test("the mobile menu opens and lists the main pages", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openPage(page, "/");
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect(menu).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(menu).toBeVisible();
    for (const label of [
      "Home",
      "Products",
      "Installation",
      "About",
      "Blog",
      "Locations",
      "Contact",
    ]) {
      await expect(menu.getByRole("link", { name: label, exact: true })).toBeVisible();
    }
    await page.getByRole("button", { name: "Close menu" }).click();
    await expect(menu).toBeHidden();
    // The link of the page the shopper is on closes the menu too (the address does not change).
    await page.getByRole("button", { name: "Open menu" }).click();
    await menu.getByRole("link", { name: "Home", exact: true }).click();
    await expect(menu).toBeHidden();
  });

  test("the cart badge starts at 0", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByTestId("cart-count")).toHaveText("0");
  });

  test("pages hydrate without CSP violations or console errors", async ({ page }) => {
    const problems: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(message.text());
    });
    page.on("pageerror", (error) => problems.push(error.message));
    // openPage waits for the marker React sets after hydrating: scripts ran under the CSP.
    await openPage(page, "/");
    expect(problems).toEqual([]);
  });
});
