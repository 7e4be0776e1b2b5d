import { openPage } from "../../support/page.ts";
import { expect, test } from "../../support/store-data.ts";

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
