import { openPage } from "../../support/page.ts";
import { expect, test } from "../../support/store-data.ts";
import { seedCart } from "./shop-fixtures.ts";

test("at 390 px the sample and remove buttons are at least 24 px tall, and the footer leads to the accessories", async ({
  page,
  store,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const product = await store.product();
  await openPage(page, `/products?q=${encodeURIComponent(product.name)}`);
  const sample = page
    .getByRole("article", { name: product.name })
    .getByRole("button", { name: `Order a free sample of ${product.name}` });
  expect((await sample.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(24);
  await sample.click();
  await expect(page.getByTestId("cart-count")).toBeVisible();

  await openPage(page, "/cart");
  const remove = page.getByRole("button", { name: /^Remove/ }).first();
  await expect(remove).toBeVisible();
  expect((await remove.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(24);

  const footer = page.getByRole("contentinfo");
  await footer.getByRole("link", { name: "Underlayment & Trims" }).click();
  await expect(page).toHaveURL(/\/accessories$/);
});

test("at 390 px a cart of three floors shows its subtotal and Proceed to Checkout on the first screen", async ({
  page,
  store,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const last = await store.product();
  const floors = [await store.product(), await store.product(), last];
  await openPage(page, "/cart");
  await seedCart(
    page,
    floors.map((product) => ({ product: { ...product, price_per_box: 99.8 }, quantity: 2 })),
  );
  const proceed = page.getByRole("link", { name: "Proceed to Checkout" });
  await expect(proceed).toBeInViewport();
  await expect(page.getByRole("heading", { name: "Order Summary" })).toBeInViewport();
  // The lines follow the summary.
  await expect(page.getByRole("link", { name: last.name }).first()).toBeAttached();
});
