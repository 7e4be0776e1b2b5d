import type { Page } from "@playwright/test";
import { openPage } from "../../support/page.ts";
import { expect, test } from "../../support/store-data.ts";

/**
 * Holds back the page's scripts until the returned function is called, as a slow phone does in
 * its first seconds: the server's HTML is on screen and the buttons can be tapped, but nothing
 * has hydrated. Only the first page's scripts wait; later pages load at once.
 */
async function holdScripts(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test.describe("a tap before the page's scripts have run", () => {
  test("Add to Cart on a card puts the boxes in the cart and opens it", async ({ page, store }) => {
    const oak = await store.product({ name: "Early Tap Oak", our_price: 4, sqft_per_carton: 20 });
    const release = await holdScripts(page);
    await page.goto(`/products?q=${encodeURIComponent(store.tag)}`, { waitUntil: "commit" });
    const card = page.getByRole("article", { name: oak.name });
    await card.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page).toHaveURL(/\/cart\/add\?product=\d+&quantity=1$/);
    await expect(page.getByRole("status")).toHaveText(`Putting ${oak.name} in your cart…`);
    release();

    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByTestId("cart-summary-line")).toHaveText("1 box · 20 sq ft total");
    await expect(page.getByRole("link", { name: oak.name })).toBeVisible();
    // The add page gave its place in history to the cart: back is the product list, and
    // reloading the cart adds nothing twice.
    await page.reload();
    await expect(page.getByTestId("cart-summary-line")).toHaveText("1 box · 20 sq ft total");
    await page.goBack();
    await expect(page).toHaveURL(/\/products\?q=/);
  });

  test("Add to Cart on the product page adds the quantity typed before the scripts ran", async ({
    page,
    store,
  }) => {
    const maple = await store.product({
      name: "Early Tap Maple",
      our_price: 5,
      sqft_per_carton: 20,
    });
    const release = await holdScripts(page);
    await page.goto(`/products/${maple.id}`, { waitUntil: "commit" });
    await page.getByLabel("Quantity (boxes)").fill("3");
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page).toHaveURL(/\/cart\/add\?/);
    const asked = new URL(page.url()).searchParams;
    expect([asked.get("product"), asked.get("quantity")]).toEqual([String(maple.id), "3"]);
    release();

    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByTestId("cart-summary-line")).toHaveText("3 boxes · 60 sq ft total");
  });

  test("Order a free sample on the product page puts one sample in the cart", async ({
    page,
    store,
  }) => {
    const slate = await store.product({ name: "Early Tap Slate", type: "tile" });
    const release = await holdScripts(page);
    await page.goto(`/products/${slate.id}`, { waitUntil: "commit" });
    await page.getByRole("button", { name: `Order a free sample of ${slate.name}` }).click();
    await expect(page).toHaveURL(/\/cart\/add\?product=\d+&quantity=1&kind=sample$/);
    release();

    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByTestId("cart-summary-line")).toHaveText("1 sample · 0 sq ft total");
  });

  test("an address for a product that is not there, or not sold, says so and adds nothing", async ({
    page,
    store,
  }) => {
    await openPage(page, "/cart/add?product=2147483000&quantity=2");
    await expect(page.getByRole("alert")).toHaveText(
      "We could not find that product. Please browse our products.",
    );
    await openPage(page, "/cart/add?product=abc");
    await expect(page.getByRole("alert")).toHaveText(
      "We could not find that product. Please browse our products.",
    );
    const soldOut = await store.product({ name: "Early Tap Sold Out", stock_quantity: 0 });
    await openPage(page, `/cart/add?product=${soldOut.id}&quantity=1`);
    await expect(page.getByRole("alert")).toHaveText(`${soldOut.name} is out of stock right now.`);
    await expect(page).toHaveURL(/\/cart\/add/);
    await openPage(page, "/cart");
    await expect(page.getByRole("heading", { name: "Your cart is empty" })).toBeVisible();
  });
});
