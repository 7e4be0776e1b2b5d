import { expect, type Page } from "@playwright/test";
import { e2eAdminPassword } from "../../support/env.ts";
import { openPage } from "../../support/page.ts";

export const adminHeaders = { "admin-password": e2eAdminPassword };

/** Opens /admin and signs in with the run's admin password. */
export async function signInToAdmin(page: Page, tab?: string) {
  await openPage(page, tab ? `/admin?tab=${tab}` : "/admin");
  await page.getByLabel("Password", { exact: true }).fill(e2eAdminPassword);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
}

/** Creates a product through the admin API (each test uses products of its own). */
export async function createProductViaApi(page: Page, fields: Record<string, unknown>) {
  const response = await page.request.post("/api/admin/products", {
    headers: adminHeaders,
    data: fields,
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as { id: number; name: string; sku: string | null };
}

/** Checks out through the API and pays on the built-in test payment session, as a shopper would. */
export async function placePaidOrder(
  page: Page,
  options: { email: string; name: string; coupon?: string },
) {
  const product = await createProductViaApi(page, {
    name: `E2E Order Oak ${Date.now()}`,
    our_price: 4,
    sqft_per_carton: 20,
    stock_quantity: 50,
  });
  const session = await page.request.post("/api/payments/process", {
    data: {
      cart_items: [{ product_id: product.id, quantity: 3 }],
      customer_name: options.name,
      customer_email: options.email,
      customer_phone: "(205) 555-0142",
      billing_address: {
        street: "1 Test Way",
        city: "Birmingham",
        state: "AL",
        zip_code: "35203",
        country: "US",
      },
      shipping_address: null,
      ...(options.coupon ? { coupon_code: options.coupon } : {}),
    },
  });
  expect(session.status()).toBe(200);
  const { id } = (await session.json()) as { id: string };
  const paid = await page.request.post(
    `/api/payments/test-sessions/${encodeURIComponent(id)}/pay`,
    {
      data: { card_number: "4242 4242 4242 4242" },
    },
  );
  expect(paid.status()).toBe(200);
  const list = await page.request.get("/api/admin/orders?limit=100", { headers: adminHeaders });
  const order = (
    (await list.json()) as {
      orders: Array<{
        order_id: string;
        friendly_order_id: string;
        customer_email: string;
        discount_amount: number;
      }>;
    }
  ).orders.find((o) => o.customer_email === options.email);
  expect(order).toBeDefined();
  return order as NonNullable<typeof order>;
}
