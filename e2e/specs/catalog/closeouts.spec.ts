import { expect, type Page, test } from "@playwright/test";
import { openPage } from "../../support/page.ts";

async function badges(page: Page): Promise<number[]> {
  const texts = await page
    .locator("article")
    .getByText(/^\d+% OFF$/)
    .allTextContents();
  return texts.map((text) => Number.parseInt(text, 10));
}

/** Our price per sq ft on each card (the first price; the second is the MSRP). */
async function prices(page: Page): Promise<number[]> {
  const result: number[] = [];
  for (const card of await page.locator("article").all()) {
    const text = await card
      .getByText(/^\$[\d.]+\s*\/sq ft$/)
      .first()
      .textContent();
    result.push(Number((text ?? "").replace(/[^\d.]/g, "")));
  }
  return result;
}

test.describe("closeouts", () => {
  test("lists closeouts by biggest discount with badges, MSRP and a count line", async ({
    page,
  }) => {
    await openPage(page, "/closeouts");
    await expect(page).toHaveTitle("Closeout Deals | Magic City Floors");
    await expect(page.getByLabel("Sort by")).toHaveValue("discount");
    const cards = page.locator("article");
    const count = await cards.count();
    expect(count).toBeGreaterThan(1);
    await expect(page.getByText(`Showing ${count} closeout items`)).toBeVisible();
    const discounts = await badges(page);
    // Every closeout with an MSRP wears its discount badge (staff may flag one without an MSRP).
    expect(discounts.length).toBe(await cards.filter({ hasText: /MSRP/ }).count());
    expect(discounts.length).toBeGreaterThanOrEqual(10);
    expect([...discounts].sort((a, b) => b - a)).toEqual(discounts);
    await expect(cards.first().getByText(/^MSRP/)).toBeVisible();
    await expect(cards.first().getByText(/per box/)).toBeVisible();
    await expect(cards.first().getByRole("link", { name: /View Details/ })).toHaveAttribute(
      "href",
      /^\/products\/\d+$/,
    );
  });

  test("the discount badge is 100 × (1 − our price / MSRP), rounded", async ({ page }) => {
    await openPage(page, "/closeouts");
    for (const card of (await page.locator("article").all()).slice(0, 4)) {
      const ours = Number(
        (
          (await card
            .getByText(/^\$[\d.]+\s*\/sq ft$/)
            .first()
            .textContent()) ?? ""
        ).replace(/[^\d.]/g, ""),
      );
      const msrp = Number(
        (
          (await card
            .getByText(/^\$[\d.]+ \/sq ft$/)
            .last()
            .textContent()) ?? ""
        ).replace(/[^\d.]/g, ""),
      );
      const badge = Number.parseInt((await card.getByText(/% OFF$/).textContent()) ?? "", 10);
      expect(badge).toBe(Math.round(100 * (1 - ours / msrp)));
    }
  });

  test("sorting by price and alphabetically reorders the deals", async ({ page }) => {
    await openPage(page, "/closeouts");
    await page.getByLabel("Sort by").selectOption({ label: "Price: Low to High" });
    const ascending = await prices(page);
    expect([...ascending].sort((a, b) => a - b)).toEqual(ascending);
    await page.getByLabel("Sort by").selectOption({ label: "Price: High to Low" });
    const descending = await prices(page);
    expect([...descending].sort((a, b) => b - a)).toEqual(descending);
    await page.getByLabel("Sort by").selectOption({ label: "Alphabetical" });
    const names = await page.locator("article h3").allTextContents();
    expect([...names].sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base" }))).toEqual(
      names,
    );
  });

  test("Add to Cart adds one box per click and shows Added! for 2 seconds", async ({ page }) => {
    await openPage(page, "/closeouts");
    const card = page
      .locator("article")
      .filter({ has: page.getByText(/^\d+ boxes left$/) })
      .first();
    await card.getByRole("button", { name: "Add to Cart" }).click();
    await expect(card.getByRole("button", { name: "Added!" })).toBeDisabled();
    await expect(page.getByTestId("cart-count")).toHaveText("1");
    await expect(card.getByRole("button", { name: "Add to Cart" })).toBeEnabled({ timeout: 4000 });
    await card.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.getByTestId("cart-count")).toHaveText("2");
  });

  test("a low-stock closeout warns how many are left", async ({ page }) => {
    await openPage(page, "/closeouts");
    await expect(
      page
        .locator("article")
        .getByText(/^Only \d left$/)
        .first(),
    ).toBeVisible();
  });

  test("a closeout image that fails to load falls back to the default flooring image", async ({
    page,
  }) => {
    await page.route("**/img/products/**", (route) => route.abort());
    await openPage(page, "/closeouts");
    const first = page.locator("article").first().locator("img");
    await expect(first).toHaveAttribute("src", /\/img\/default-flooring[^/]*\.webp$/);
    await expect
      .poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
  });
});
