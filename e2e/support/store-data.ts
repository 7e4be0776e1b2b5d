import type { AdminCoupon, CouponCreate } from "@mcf/contracts/admin";
import type { OrderConfirmation } from "@mcf/contracts/orders";
import type { AdminProduct } from "@mcf/contracts/product";
import { type APIRequestContext, test as base, expect } from "@playwright/test";
import { buildCoupon, buildPartnerRegistration } from "../../server/test/api-factories.ts";
import { buildAccessory, buildPaymentRequest, buildProduct } from "../../server/test/factories.ts";
import { e2eAdminPassword } from "./env.ts";

/**
 * The records a spec needs, made through the store's API with the same factories as the API
 * tests, so every spec works on data of its own while another worker runs beside it.
 */

export const adminHeaders = { "admin-password": e2eAdminPassword };

export type ProductOverrides = NonNullable<Parameters<typeof buildProduct>[0]>;
export type AccessoryOverrides = NonNullable<Parameters<typeof buildAccessory>[0]>;

export interface TestPartner {
  id: string;
  email: string;
  password: string;
  company: string;
  /** The session token from registration (a signed-in browser keeps it in localStorage). */
  token: string;
}

export interface PaidOrder {
  sessionId: string;
  order: OrderConfirmation;
}

export interface StoreData {
  /**
   * A word no other test uses. Every product this test makes carries it in its name (added when
   * missing), and every product whose name carries it is deleted when the test ends, including
   * products the test made through the back office's screens.
   */
  tag: string;
  /** A product from `buildProduct` (in stock, priced), created as staff would create it. */
  product(overrides?: ProductOverrides): Promise<AdminProduct>;
  /** An accessory from `buildAccessory` (a molding sold by the piece unless overridden). */
  accessory(overrides?: AccessoryOverrides): Promise<AdminProduct>;
  /** A coupon from `buildCoupon`, created in the back office. */
  coupon(overrides?: Partial<CouponCreate>): Promise<AdminCoupon>;
  /** A partner account that signed up on its own; `approve` approves it as staff would. */
  partner(options?: { approve?: boolean; company?: string }): Promise<TestPartner>;
  /**
   * An order checked out and paid on the built-in test payment page, as a shopper would; of a
   * product of this test's own when none is given.
   */
  paidOrder(options?: {
    product?: { id: number };
    quantity?: number;
    email?: string;
    name?: string;
    coupon?: string;
    /** An order of one sample of each of these products instead of boxes. */
    samples?: Array<{ id: number }>;
    /** Picked up at the showroom instead of delivered. */
    pickup?: boolean;
  }): Promise<PaidOrder>;
}

let partnerAddress = 0;

/** Registers a partner through the API; approves it through the admin API when asked. */
async function registerPartner(
  request: APIRequestContext,
  workerIndex: number,
  options: { approve?: boolean; company?: string },
): Promise<TestPartner> {
  const body = buildPartnerRegistration(options.company ? { company: options.company } : {});
  partnerAddress += 1;
  const response = await request.post("/api/ace/auth/register", {
    // Each store signs up from its own address: sign-ups are limited to 10 an hour per address,
    // and one e2e run registers more partners than that.
    headers: { "x-forwarded-for": `10.77.${workerIndex % 250}.${partnerAddress % 250}` },
    data: body,
  });
  expect(response.status()).toBe(201);
  const token = response.headers()["x-ace-token"] ?? "";
  const list = await request.get("/api/admin/partners", { headers: adminHeaders });
  const partner = (
    (await list.json()) as { partners: Array<{ id: string; email: string }> }
  ).partners.find((p) => p.email === body.email);
  if (!partner) throw new Error("the new partner should be listed");
  if (options.approve) {
    const approved = await request.post(`/api/admin/partners/${partner.id}/approve`, {
      headers: adminHeaders,
    });
    expect(approved.ok()).toBe(true);
  }
  return {
    id: partner.id,
    email: body.email,
    password: body.password,
    company: body.company,
    token,
  };
}

/** Checks out through the API and pays with the test card; answers the order as the shopper sees it. */
async function placePaidOrder(
  request: APIRequestContext,
  product: { id: number },
  options: NonNullable<Parameters<StoreData["paidOrder"]>[0]>,
): Promise<PaidOrder> {
  const cart = options.samples
    ? options.samples.map((sampled) => ({ product_id: sampled.id, quantity: 1, kind: "sample" }))
    : [{ product_id: product.id, quantity: options.quantity ?? 1 }];
  const body = buildPaymentRequest(cart, {
    ...(options.email ? { customer_email: options.email } : {}),
    ...(options.name ? { customer_name: options.name } : {}),
    ...(options.coupon ? { coupon_code: options.coupon } : {}),
    ...(options.pickup ? { delivery_method: "pickup" as const } : {}),
  });
  const started = await request.post("/api/payments/process", { data: body });
  expect(started.status()).toBe(200);
  const { id } = (await started.json()) as { id: string };
  const paid = await request.post(`/api/payments/test-sessions/${encodeURIComponent(id)}/pay`, {
    data: { card_number: "4242 4242 4242 4242" },
  });
  expect(paid.status()).toBe(200);
  const order = await request.get(`/api/orders/by-session/${encodeURIComponent(id)}`);
  expect(order.status()).toBe(200);
  return { sessionId: id, order: (await order.json()) as OrderConfirmation };
}

/** Deletes every product whose name, SKU or brand carries `tag`, and the products listed. */
async function deleteProducts(request: APIRequestContext, tag: string, ids: Iterable<number>) {
  const found = await request.get(
    `/api/admin/products?limit=1000&search=${encodeURIComponent(tag)}`,
    { headers: adminHeaders },
  );
  expect(found.status()).toBe(200);
  const all = new Set(ids);
  for (const product of ((await found.json()) as { products: AdminProduct[] }).products) {
    all.add(product.id);
  }
  for (const id of all) {
    const deleted = await request.delete(`/api/admin/products/${id}`, { headers: adminHeaders });
    // 404: the test deleted it itself.
    expect([204, 404]).toContain(deleted.status());
  }
}

/** Playwright's `test` with a `store` fixture: this test's own records, products cleaned up after. */
export const test = base.extend<{ store: StoreData }>({
  store: async ({ request }, use, testInfo) => {
    const tag = `E2e${testInfo.workerIndex}${Date.now().toString(36)}`;
    const madeProducts = new Set<number>();
    const create = async (fields: { name: string }) => {
      if (!fields.name.includes(tag)) fields.name = `${fields.name} ${tag}`;
      const response = await request.post("/api/admin/products", {
        headers: adminHeaders,
        data: fields,
      });
      expect(response.status()).toBe(201);
      const made = (await response.json()) as AdminProduct;
      madeProducts.add(made.id);
      return made;
    };
    const product = (overrides: ProductOverrides = {}) => create(buildProduct(overrides));
    const accessory = (overrides: AccessoryOverrides = {}) => create(buildAccessory(overrides));
    await use({
      tag,
      product,
      accessory,
      async coupon(overrides = {}) {
        const response = await request.post("/api/admin/coupons", {
          headers: adminHeaders,
          data: buildCoupon(overrides),
        });
        expect(response.status()).toBe(201);
        return (await response.json()) as AdminCoupon;
      },
      partner: (options = {}) => registerPartner(request, testInfo.workerIndex, options),
      paidOrder: async (options = {}) =>
        placePaidOrder(request, options.product ?? (await product()), options),
    });
    await deleteProducts(request, tag, madeProducts);
  },
});

export { expect };
