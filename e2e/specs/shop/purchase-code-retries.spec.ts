import type { Page } from "@playwright/test";
import { openPage } from "../../support/page.ts";
import { expect, test } from "../../support/store-data.ts";
import { signInBrowser } from "../ace/ace-fixtures.ts";
import { seedCart } from "./shop-fixtures.ts";

/**
 * Drops every fetch of the chunks matching `pattern` until `restore()` is called; `dropped()`
 * counts the fetches dropped so far.
 */
async function dropFetches(page: Page, pattern: RegExp) {
  let dropping = true;
  let dropped = 0;
  await page.route(pattern, (route) => {
    if (!dropping) return route.continue();
    dropped++;
    return route.abort("connectionreset");
  });
  return {
    dropped: () => dropped,
    restore: () => {
      dropping = false;
    },
  };
}

// The cart's panel and the checkout form are code fetched when first shown: a dropped connection
// (a phone between cell towers) used to turn the page into "Application Error".
test.describe("the cart's code that fails to download is fetched again", () => {
  test("the slide-over cart opens once its code comes", async ({ page, store }) => {
    const product = await store.product();
    const panelCode = await dropFetches(page, /\/assets\/cart-panel-[^/]+\.js$/);
    await openPage(page, "/");
    await seedCart(page, [{ product, quantity: 2 }]);
    await openPage(page, "/about");
    await page.getByRole("button", { name: /^Cart,/ }).click();
    await expect.poll(panelCode.dropped).toBeGreaterThan(0);
    panelCode.restore();
    const dialog = page.getByRole("dialog", { name: "Your Cart" });
    await expect(dialog.getByText(product.name).first()).toBeVisible();
    await expect(page.getByRole("heading", { name: "Our story" })).toBeVisible();
  });

  test("checkout opens once its code comes", async ({ page, store }) => {
    const product = await store.product();
    const checkoutCode = await dropFetches(page, /\/assets\/checkout-view-[^/]+\.js$/);
    await openPage(page, "/");
    await seedCart(page, [{ product, quantity: 2 }]);
    await openPage(page, "/cart");
    // The cart page fetches the checkout's code ahead when the browser is idle: that fails.
    await expect.poll(checkoutCode.dropped).toBeGreaterThan(0);
    const droppedAhead = checkoutCode.dropped();
    await page.getByRole("link", { name: "Proceed to Checkout" }).click();
    // The click's own fetch fails too; the next try, once the connection is back, brings the form.
    await expect.poll(checkoutCode.dropped).toBeGreaterThan(droppedAhead);
    checkoutCode.restore();
    await expect(page.getByLabel("Full Name", { exact: true })).toBeVisible();
    await expect(page.getByText(product.name).first()).toBeVisible();
  });

  test("a signed-in partner's public line takes the partner price once the repricing code comes", async ({
    page,
    store,
  }) => {
    const partner = await store.partner({ approve: true });
    const glue = await store.accessory({
      name: "Retry Flooring Adhesive",
      selling_unit: "pail",
      accessory_kind: "adhesive",
      our_price: 45,
      ace_shown_price: 39.99,
      stock_quantity: 20,
    });
    await signInBrowser(page, partner);
    // The portal's pages import the repricing code with them; a public page fetches it when a
    // line needs it.
    const repricingCode = await dropFetches(page, /\/assets\/cart-repricing-[^/]+\.js$/);
    await openPage(page, "/accessories");
    const card = page
      .getByRole("region", { name: "Adhesive" })
      .getByRole("article")
      .filter({ hasText: glue.name });
    await card.getByRole("button", { name: "Add to Cart" }).click();
    await expect(card.getByRole("button", { name: "Added!" })).toBeVisible();
    await openPage(page, "/cart");
    const line = page.getByRole("listitem").filter({ hasText: glue.name });
    // The line was added at the public price; its repricing code does not come yet.
    await expect.poll(repricingCode.dropped).toBeGreaterThan(0);
    await expect(line.getByText("$45.00").first()).toBeVisible();
    repricingCode.restore();
    await expect(line.getByText("$39.99").first()).toBeVisible();
    await expect(line.getByText("$45.00")).toHaveCount(0);
  });
});
