import type { APIRequestContext, Page } from "@playwright/test";

export interface CatalogueProduct {
  id: number;
  name: string;
  price_per_box: number | null;
  sqft_per_carton: number | null;
  stock_quantity: number | null;
  thumbnail_image_url: string | null;
  main_image_url: string | null;
  image_url: string | null;
}

export async function stockOf(request: APIRequestContext, id: number): Promise<number> {
  const product = (await (await request.get(`/api/products/${id}`)).json()) as CatalogueProduct;
  return product.stock_quantity ?? 0;
}

/**
 * Seeds the browser's saved cart (localStorage["flooringCart"], in the cart-line shape
 * of the contracts) and reloads, as a shopper returning to a cart they filled earlier.
 */
export async function seedCart(
  page: Page,
  lines: { product: CatalogueProduct; quantity: number }[],
) {
  const items = lines.map(({ product, quantity }) => ({
    product_id: product.id,
    product_name: product.name,
    quantity,
    unit_price: product.price_per_box ?? 0,
    total_price: 0,
    sqft_per_box: product.sqft_per_carton ?? 0,
    total_sqft: 0,
    thumbnail_image_url:
      product.thumbnail_image_url ||
      product.main_image_url ||
      product.image_url ||
      "/img/default-flooring-thumb.webp",
  }));
  await page.evaluate(
    (saved) => localStorage.setItem("flooringCart", JSON.stringify(saved)),
    items,
  );
  await page.reload();
  await page.locator("html[data-hydrated='true']").waitFor({ state: "attached" });
}

/**
 * Fills the checkout's customer and billing fields (the first address on the page): a Birmingham
 * address, so the state is Alabama (the form starts on New York, and the store refuses a ZIP code
 * of another state than the chosen one).
 */
export async function fillCustomerAndBilling(
  page: Page,
  customer: { name: string; email: string; phone: string },
) {
  await page.getByLabel("Full Name", { exact: true }).fill(customer.name);
  await page.getByLabel("Email", { exact: true }).fill(customer.email);
  await page.getByLabel("Phone", { exact: true }).fill(customer.phone);
  await page.getByLabel("Street Address", { exact: true }).fill("  4217 Crestwood Blvd  ");
  await page.getByLabel("City", { exact: true }).fill("Birmingham");
  await page.getByLabel("State", { exact: true }).selectOption("AL");
  await page.getByLabel("ZIP Code", { exact: true }).fill("35212");
}

/** Waits until the page the browser was sent to (not opened by the test) has hydrated. */
export async function waitForHydration(page: Page) {
  await page.locator("html[data-hydrated='true']").waitFor({ state: "attached" });
}
