import { type APIRequestContext, expect, type Page } from "@playwright/test";

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

/**
 * Purchasable products from the seeded catalogue, well stocked, newest id first, so the shop
 * specs use their own products (`offset` apart) and never take stock another spec counts on.
 */
export async function purchasableProducts(
  request: APIRequestContext,
  count: number,
  offset: number,
): Promise<CatalogueProduct[]> {
  const response = await request.get("/api/products");
  const products = (await response.json()) as CatalogueProduct[];
  const picked = products
    .filter((p) => p.price_per_box && (p.stock_quantity ?? 0) >= 20)
    .sort((a, b) => b.id - a.id)
    .slice(offset, offset + count);
  if (picked.length < count) throw new Error("the seeded catalogue has too few stocked products");
  return picked;
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

/** Fills the checkout's customer and billing fields (the first address on the page). */
export async function fillCustomerAndBilling(
  page: Page,
  customer: { name: string; email: string; phone: string },
) {
  await page.getByLabel("Full Name", { exact: true }).fill(customer.name);
  await page.getByLabel("Email", { exact: true }).fill(customer.email);
  await page.getByLabel("Phone", { exact: true }).fill(customer.phone);
  await page.getByLabel("Street Address", { exact: true }).fill("  4217 Crestwood Blvd  ");
  await page.getByLabel("City", { exact: true }).fill("Birmingham");
  await page.getByLabel("ZIP Code", { exact: true }).fill("35212");
}

/** Waits until the page the browser was sent to (not opened by the test) has hydrated. */
export async function waitForHydration(page: Page) {
  await page.locator("html[data-hydrated='true']").waitFor({ state: "attached" });
}

/**
 * A paid order made through the API the way the checkout and the test payment page make it
 * (one box of `product`); returns the payment session id.
 */
export async function placePaidOrder(
  request: APIRequestContext,
  product: CatalogueProduct,
  email: string,
): Promise<string> {
  const address = {
    street: "1 Test Way",
    city: "Birmingham",
    state: "AL",
    zip_code: "35203",
    country: "US",
  };
  const started = await request.post("/api/payments/process", {
    data: {
      cart_items: [{ product_id: product.id, quantity: 1 }],
      customer_name: "Sam States",
      customer_email: email,
      customer_phone: "205-555-0142",
      billing_address: address,
      shipping_address: null,
    },
  });
  expect(started.status()).toBe(200);
  const { id } = (await started.json()) as { id: string };
  const paid = await request.post(`/api/payments/test-sessions/${id}/pay`, {
    data: { card_number: "4242 4242 4242 4242" },
  });
  expect(paid.status()).toBe(200);
  return id;
}
