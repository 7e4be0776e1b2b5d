import { expect, type Page, test } from "@playwright/test";
import { openPage } from "../../support/page.ts";

/** Waits until the list shows results (not the loading spinner). */
/** Waits until the cards shown answer `query` (the list's `?…` as its URL holds it), when given. */
async function listShown(page: Page, query?: string) {
  if (query !== undefined) await expect(page.locator(`[data-list="${query}"]`)).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Loading products..." })).toHaveCount(0);
  await expect(page.locator("article").first()).toBeVisible();
}

/** The per-sq-ft prices of the in-stock, priced cards on the page, in order. */
async function inStockPrices(page: Page, query?: string): Promise<number[]> {
  await listShown(page, query);
  const result: number[] = [];
  for (const card of await page.locator("article").all()) {
    if ((await card.getByText("Out of Stock").count()) > 0) continue;
    const price = card.getByText(/^\$[\d,.]+\s*\/sq ft$/);
    if ((await price.count()) === 0) continue;
    result.push(Number(((await price.textContent()) ?? "").replace(/[^\d.]/g, "")));
  }
  return result;
}

function countLine(page: Page) {
  return page.getByText(/^Showing \d+–\d+ of \d+ products?$/);
}

async function totalShown(page: Page): Promise<number> {
  const text = (await countLine(page).textContent()) ?? "";
  return Number(/of (\d+)/.exec(text)?.[1]);
}

test.describe("product list", () => {
  test("a footer link filters the list by type, and the server renders the filtered page", async ({
    page,
  }) => {
    await openPage(page, "/");
    await page.getByRole("contentinfo").getByRole("link", { name: "Hardwood" }).click();
    await expect(page).toHaveURL(/\/products\?type=hardwood$/);
    await expect(page).toHaveTitle("Products | Magic City Floors");
    await expect(page.getByRole("heading", { level: 1, name: "Hardwood Flooring" })).toBeVisible();
    await expect(page.getByLabel("Type")).toHaveValue("hardwood");
    // The filter shows its value before the client navigation's cards replace the home page.
    await listShown(page, "?type=hardwood");
    const categories = await page.locator("article p").filter({ hasText: "·" }).allTextContents();
    expect(categories.length).toBeGreaterThan(0);
    for (const text of categories) expect(text).toMatch(/^Hardwood ·/);
    // The brand filter offers hardwood's brands, not the carpet mill's.
    const brands = page.getByLabel("Brand");
    await expect(brands.locator("option", { hasText: "Oakridge Mills" })).toHaveCount(1);
    await expect(brands.locator("option", { hasText: "Birmingham Loom" })).toHaveCount(0);
  });

  test("the filtered list is in the server HTML, with JavaScript off", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const response = await page.goto("/products?type=tile&sort=price_desc");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "Tile Flooring" })).toBeVisible();
    await expect(countLine(page)).toBeVisible();
    const prices = await inStockPrices(page);
    expect(prices.length).toBeGreaterThan(1);
    expect([...prices].sort((a, b) => b - a)).toEqual(prices);
    await context.close();
  });

  test("searching narrows the list to matching products and back/forward restore it", async ({
    page,
  }) => {
    await openPage(page, "/products");
    const everything = await totalShown(page);
    await page.getByLabel("Search products").fill("walnut");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/q=walnut/);
    await expect(page.getByLabel("Search products")).toHaveValue("walnut");
    // The count read is the search's, not the list's before it.
    await listShown(page, "?q=walnut");
    const found = await totalShown(page);
    expect(found).toBeGreaterThan(0);
    expect(found).toBeLessThan(everything);
    const names = await page.locator("article h3").allTextContents();
    expect(names.some((name) => /walnut/i.test(name))).toBe(true);

    await page.goBack();
    await expect(page).toHaveURL(/\/products$/);
    await expect(countLine(page)).toHaveText(new RegExp(`of ${everything} products`));
    await page.goForward();
    await expect(page.getByLabel("Search products")).toHaveValue("walnut");

    await page.getByLabel("Search products").fill("no-such-floor-anywhere");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByRole("heading", { name: "No products found" })).toBeVisible();
    await page.getByRole("link", { name: "Clear all filters" }).click();
    await expect(page).toHaveURL(/\/products\?$|\/products$/);
    await expect(countLine(page)).toBeVisible();
  });

  test("sorting by price puts the cheapest first and out-of-stock products last", async ({
    page,
  }) => {
    await openPage(page, "/products");
    await page.getByLabel("Sort by").selectOption({ label: "Price: Low to High" });
    await expect(page).toHaveURL(/sort=price_asc/);
    await expect(page.getByLabel("Sort by")).toHaveValue("price_asc");
    await listShown(page, "?sort=price_asc");
    const cards = page.locator("article");
    const inStockPrices: number[] = [];
    let seenOutOfStock = false;
    for (const card of await cards.all()) {
      const out = (await card.getByText("Out of Stock").count()) > 0;
      if (out) seenOutOfStock = true;
      else expect(seenOutOfStock, "an in-stock product after an out-of-stock one").toBe(false);
      const price = card.getByText(/^\$[\d,.]+\s*\/sq ft$/);
      if (!out && (await price.count()) > 0) {
        inStockPrices.push(Number(((await price.textContent()) ?? "").replace(/[^\d.]/g, "")));
      }
    }
    expect(seenOutOfStock).toBe(true);
    expect(inStockPrices.length).toBeGreaterThan(5);
    expect([...inStockPrices].sort((a, b) => a - b)).toEqual(inStockPrices);
  });

  test("per-page and pagination show 25 at a time with a window of page links", async ({
    page,
  }) => {
    await openPage(page, "/products");
    const total = await totalShown(page);
    await page.getByLabel("Per page").selectOption({ label: "25" });
    await expect(page).toHaveURL(/per_page=25/);
    await expect(page.locator("article")).toHaveCount(25);
    await expect(countLine(page)).toHaveText(`Showing 1–25 of ${total} products`);
    const pagination = page.getByRole("navigation", { name: "Pagination" });
    await expect(pagination.getByText("1", { exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
    const firstPageNames = await page.locator("article h3").allTextContents();

    await pagination.getByRole("link", { name: "Page 2" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(countLine(page)).toHaveText(
      `Showing 26–${Math.min(50, total)} of ${total} products`,
    );
    const secondPageNames = await page.locator("article h3").allTextContents();
    expect(secondPageNames.some((name) => firstPageNames.includes(name))).toBe(false);
    expect(await pagination.getByRole("link", { name: /^Page \d+$/ }).count()).toBeLessThanOrEqual(
      4,
    );

    await pagination.getByRole("link", { name: "Previous" }).click();
    await expect(countLine(page)).toHaveText(`Showing 1–25 of ${total} products`);

    await page.getByLabel("Per page").selectOption({ label: "All" });
    await expect(page).toHaveURL(/per_page=-1/);
    await expect(page.locator("article")).toHaveCount(total);
    await expect(pagination).toHaveCount(0);
  });

  test("a price range keeps only products priced inside it", async ({ page }) => {
    await openPage(page, "/products");
    await page.getByLabel("Min price ($/sq ft)").fill("3");
    await page.getByLabel("Max price ($/sq ft)").fill("5");
    await page.getByRole("button", { name: "Apply price" }).click();
    await expect(page).toHaveURL(/min_price=3&max_price=5/);
    const prices = await inStockPrices(page, "?min_price=3&max_price=5");
    expect(prices.length).toBeGreaterThan(0);
    for (const price of prices) {
      expect(price).toBeGreaterThanOrEqual(3);
      expect(price).toBeLessThanOrEqual(5);
    }
    await expect(page.getByText("Contact for Price")).toHaveCount(0);
  });

  test("Add to Cart shows Added! for 2 seconds and counts the box; an unpriced product asks for its price", async ({
    page,
  }) => {
    await openPage(page, "/products?q=Heritage%20Plank%20Natural%20White%20Oak");
    const card = page.locator("article").filter({ hasText: "Heritage Plank Natural White Oak" });
    const button = card.getByRole("button", { name: "Add to Cart" });
    const buyingColour = await button.evaluate(
      (element) => getComputedStyle(element).backgroundColor,
    );
    await button.click();
    await expect(card.getByRole("button", { name: "Added!" })).toBeDisabled();
    await expect(page.getByTestId("cart-count")).toHaveText("1");
    await expect(card.getByRole("button", { name: "Add to Cart" })).toBeEnabled({ timeout: 4000 });

    await openPage(page, "/products?q=Commons%20Carpet%20Tile%20Mocha%20Grid");
    const unpriced = page.locator("article").filter({ hasText: "Commons Carpet Tile Mocha Grid" });
    await expect(unpriced.getByText("Contact for Price")).toBeVisible();
    // Not drawn as a buying button: the quiet outline, not the store's Add to Cart colour.
    await expect(unpriced.getByRole("button", { name: "Add to Cart" })).not.toHaveCSS(
      "background-color",
      buyingColour,
    );
    // Add to Cart says the product is not sold online; "Ask for a price" is the way forward.
    const alerts: string[] = [];
    page.once("dialog", (dialog) => {
      alerts.push(dialog.message());
      void dialog.accept();
    });
    await unpriced.getByRole("button", { name: "Add to Cart" }).click();
    await expect
      .poll(() => alerts)
      .toEqual([
        "This product is not available for online purchase. Please contact us for pricing.",
      ]);
    await unpriced.getByRole("link", { name: "Ask for a price" }).click();
    await expect(page).toHaveURL(/\/contact\?product=Commons\+Carpet\+Tile\+Mocha\+Grid$/);
    await expect(
      page.getByText(
        "This product is not available for online purchase. Please contact us for pricing.",
      ),
    ).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Message" })).toHaveValue(
      "Hello, I would like a price for Commons Carpet Tile Mocha Grid.",
    );
    await expect(page.getByTestId("cart-count")).toHaveText("1");
  });

  test("on a phone the results start on the first screen and the filters fold behind a toggle", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openPage(page, "/products?type=hardwood");
    // The search stays in view; the dropdowns wait behind "Filters & sort", which counts the type.
    await expect(page.getByLabel("Search products")).toBeVisible();
    await expect(page.getByLabel("Sort by")).toBeHidden();
    const toggle = page.getByText("Filters & sort");
    await expect(page.getByText("1 active")).toBeVisible();
    const count = await countLine(page).boundingBox();
    expect(count, "the count line is laid out").not.toBeNull();
    expect((count?.y ?? 9999) + (count?.height ?? 0)).toBeLessThan(844);
    const firstCard = await page.locator("article").first().boundingBox();
    expect(firstCard?.height ?? 9999).toBeLessThan(844 / 2);

    await toggle.click();
    await expect(page.getByLabel("Type")).toHaveValue("hardwood");
    await page.getByLabel("Sort by").selectOption({ label: "Price: Low to High" });
    await expect(page).toHaveURL(/type=hardwood&sort=price_asc|sort=price_asc&type=hardwood/);
    // The panel stays open while the shopper refines, and the count includes the sort now.
    await expect(page.getByLabel("Sort by")).toHaveValue("price_asc");
    await expect(page.getByText("2 active")).toBeVisible();
    const prices = await inStockPrices(page);
    expect([...prices].sort((a, b) => a - b)).toEqual(prices);

    await page.getByText("Hide filters & sort").click();
    await expect(page.getByLabel("Sort by")).toBeHidden();
  });
});
