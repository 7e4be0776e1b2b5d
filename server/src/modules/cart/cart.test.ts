import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildPaymentRequest,
  createCoupon,
  createPartnerWithSession,
  createProduct,
} from "../../../test/factories.ts";
import { createTestApp, type TestApp, testAdminPassword } from "../../../test/test-app.ts";
import { products } from "../../db/schema/index.ts";

describe("POST /api/cart/calculate", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const calculate = (body: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "POST", url: "/api/cart/calculate", payload: body as object, headers });

  it("prices lines from the database, ships freight on shared pallets and taxes Alabama after the discount, to the cent", async () => {
    const db = t.database.db;
    const a = await createProduct(db, {
      our_price: 4.99,
      sqft_per_carton: 20,
      cartons_per_pallet: 40,
      pallet_shipping_cost: 200,
    });
    const b = await createProduct(db, {
      our_price: 3.33,
      sqft_per_carton: 23.37,
      cartons_per_pallet: 40,
      pallet_shipping_cost: 200,
    });
    await createCoupon(db, { code: "calc10", kind: "percent", value: "10", min_subtotal: "100" });
    const res = await calculate({
      cart_items: [
        { product_id: a.id, quantity: 3, unit_price: 0.01 },
        { product_id: b.id, quantity: 41 },
      ],
      coupon_code: "Calc10",
      shipping_state: "al",
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.items).toEqual([
      {
        product_id: a.id,
        product_name: a.name,
        quantity: 3,
        unit_price: 99.8,
        sqft_per_box: 20,
        total_sqft: 60,
        total_price: 299.4,
        price_source: "public",
        final_sale: false,
        kind: "box",
        free_quantity: 0,
        selling_unit: "box",
      },
      {
        product_id: b.id,
        product_name: b.name,
        quantity: 41,
        unit_price: 77.82,
        sqft_per_box: 23.37,
        total_sqft: 958.17,
        total_price: 3190.62,
        price_source: "public",
        final_sale: false,
        kind: "box",
        free_quantity: 0,
        selling_unit: "box",
      },
    ]);
    // 3 + 41 boxes at 40 a pallet share 2 pallets (a pallet per line would be 3).
    expect(body.shipping).toEqual({
      total_cartons: 44,
      pallets_needed: 2,
      cartons_per_pallet: 40,
      cost: 400,
      method: "freight",
      label: "Freight delivery (2 pallets)",
      estimated_date: null,
    });
    expect(body.subtotal).toBe(3490.02);
    expect(body.coupon_code).toBe("CALC10");
    expect(body.discount).toBe(349);
    expect(body.coupon_message).toBe("Coupon applied: 10% off");
    expect(body.tax_rate).toBe(0.1);
    expect(body.tax).toBe(314.1);
    expect(body.total).toBe(3855.12);
    expect(body.total_sqft).toBe(1018.17);
  });

  it("checks a ZIP code's state with the data the delivery quote uses: Alta, WY has an Idaho prefix", async () => {
    const product = await createProduct(t.database.db, { our_price: 4, stock_quantity: 10 });
    const cart_items = [{ product_id: product.id, quantity: 2 }];
    const refused = await calculate({ cart_items, shipping_zip: "83414", shipping_state: "ID" });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      detail: "ZIP code 83414 is in Wyoming, not Idaho. Please check the state and the ZIP code.",
    });
    const quoted = await calculate({ cart_items, shipping_zip: "83414", shipping_state: "WY" });
    expect(quoted.statusCode).toBe(200);
    const freight = quoted
      .json()
      .delivery_options.find((option: { method: string }) => option.method === "freight");
    expect(freight).toMatchObject({ available: true, reason: null });
  });

  it("refuses a shipping ZIP code of another state than the chosen one, at calculation and at payment, with nothing reserved", async () => {
    const db = t.database.db;
    const product = await createProduct(db, { our_price: 4, stock_quantity: 10 });
    const refused = await calculate({
      cart_items: [{ product_id: product.id, quantity: 2 }],
      shipping_state: "NY",
      shipping_zip: "35212",
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      detail:
        "ZIP code 35212 is in Alabama, not New York. Please check the state and the ZIP code.",
    });
    const matching = await calculate({
      cart_items: [{ product_id: product.id, quantity: 2 }],
      shipping_state: "AL",
      shipping_zip: "35212",
    });
    expect(matching.statusCode).toBe(200);
    const payment = await t.app.inject({
      method: "POST",
      url: "/api/payments/process",
      payload: buildPaymentRequest([{ product_id: product.id, quantity: 2 }], {
        shipping_address: {
          street: "1 Pike St",
          city: "Seattle",
          state: "AL",
          zip_code: "98101",
          country: "US",
        },
      }),
    });
    expect(payment.statusCode).toBe(422);
    expect(payment.json().detail).toBe(
      "ZIP code 98101 is in Washington, not Alabama. Please check the state and the ZIP code.",
    );
    const [row] = await db.select().from(products).where(eq(products.id, product.id));
    expect(row?.stock_quantity).toBe(10);
  });

  it("rounds the box price half up once and takes shipping defaults for empty fields", async () => {
    const p = await createProduct(t.database.db, {
      our_price: 2.25,
      sqft_per_carton: 15.5,
      cartons_per_pallet: null,
      pallet_shipping_cost: null,
    });
    const res = await calculate({ cart_items: [{ product_id: p.id, quantity: 41 }] });
    const body = res.json();
    expect(body.items[0].unit_price).toBe(34.88);
    expect(body.subtotal).toBe(1430.08);
    // Defaults: 40 cartons a pallet at $195.00 a pallet.
    expect(body.shipping).toEqual({
      total_cartons: 41,
      pallets_needed: 2,
      cartons_per_pallet: 40,
      cost: 390,
      method: "freight",
      label: "Freight delivery (2 pallets)",
      estimated_date: null,
    });
    expect(body.tax).toBe(0);
    expect(body.total).toBe(1820.08);
  });

  it("adds quantities of the same product on several lines and reports mixed pallet sizes as null", async () => {
    const db = t.database.db;
    const a = await createProduct(db, { cartons_per_pallet: 30 });
    const b = await createProduct(db, { cartons_per_pallet: 50 });
    const res = await calculate({
      cart_items: [
        { product_id: a.id, quantity: 20 },
        { product_id: b.id, quantity: 1 },
        { product_id: a.id, quantity: 20 },
      ],
      shipping_state: "NY",
    });
    const body = res.json();
    expect(body.items.map((i: { quantity: number }) => i.quantity)).toEqual([40, 1]);
    // 40/30 + 1/50 of a pallet: 2 shared pallets.
    expect(body.shipping.pallets_needed).toBe(2);
    expect(body.shipping.cartons_per_pallet).toBeNull();
    expect(body.tax_rate).toBe(0);
  });

  it("keeps an invalid coupon out of the totals and says why", async () => {
    const p = await createProduct(t.database.db, { our_price: 1, sqft_per_carton: 10 });
    const res = await calculate({
      cart_items: [{ product_id: p.id, quantity: 1 }],
      coupon_code: "NOPE",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      coupon_code: null,
      discount: 0,
      coupon_message: "Invalid coupon code",
      total: 210,
    });
  });

  it("gives an approved partner the partner price and everyone else the public price", async () => {
    const db = t.database.db;
    const p = await createProduct(db, { our_price: 5, ace_shown_price: 4, sqft_per_carton: 10 });
    const { token } = await createPartnerWithSession(db);
    const { token: pendingToken } = await createPartnerWithSession(db, { status: "pending" });
    const body = { cart_items: [{ product_id: p.id, quantity: 1 }] };
    const partner = (await calculate(body, { authorization: `Bearer ${token}` })).json();
    expect(partner.items[0]).toMatchObject({ unit_price: 40, price_source: "partner" });
    const pending = (await calculate(body, { authorization: `Bearer ${pendingToken}` })).json();
    expect(pending.items[0]).toMatchObject({ unit_price: 50, price_source: "public" });
    const anonymous = (await calculate(body)).json();
    expect(anonymous.items[0]).toMatchObject({ unit_price: 50, price_source: "public" });
  });

  it("answers 422 with a clear detail for an unknown product", async () => {
    const res = await calculate({ cart_items: [{ product_id: 999999, quantity: 1 }] });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toBe(
      "Product 999999 is not in our catalogue. Please remove it from your cart.",
    );
  });

  it("answers 422 for a product without a price", async () => {
    const p = await createProduct(t.database.db, { name: "Mystery Plank", our_price: null });
    const res = await calculate({ cart_items: [{ product_id: p.id, quantity: 1 }] });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toBe(
      '"Mystery Plank" is not available for online purchase. Please contact us for pricing.',
    );
  });

  it("rejects a quantity of 0, a fractional quantity and an empty cart with 422", async () => {
    const p = await createProduct(t.database.db);
    for (const cart_items of [
      [{ product_id: p.id, quantity: 0 }],
      [{ product_id: p.id, quantity: 1.5 }],
      [],
    ]) {
      const res = await calculate({ cart_items });
      expect(res.statusCode).toBe(422);
      expect(Array.isArray(res.json().detail)).toBe(true);
    }
    const zero = await calculate({ cart_items: [{ product_id: p.id, quantity: 0 }] });
    expect(zero.json().detail[0].msg).toBe("Quantity must be at least 1");
  });
  it("a line wanting more boxes than are available says how many are, in checkout's own words, and the cart gets no delivery date checkout would refuse", async () => {
    const db = t.database.db;
    const product = await createProduct(db, { name: "Short Walnut", stock_quantity: 3 });
    const cart = { cart_items: [{ product_id: product.id, quantity: 5 }], shipping_zip: "35209" };
    const res = await calculate(cart);
    expect(res.statusCode).toBe(200);
    const message =
      'Sorry, only 3 boxes of "Short Walnut" are left. Please lower the quantity in your cart.';
    expect(res.json().items[0].short_stock).toEqual({ available: 3, message });
    expect(res.json().shipping.estimated_date).toBeNull();
    for (const option of res.json().delivery_options)
      expect(option.estimated_date, option.method).toBeNull();

    const checkout = await t.app.inject({
      method: "POST",
      url: "/api/payments/process",
      payload: buildPaymentRequest([{ product_id: product.id, quantity: 5 }]) as object,
    });
    expect(checkout.statusCode).toBe(409);
    expect(checkout.json().detail).toBe(message);

    // Within what is available: no notice, and a date.
    const fits = await calculate({
      ...cart,
      cart_items: [{ product_id: product.id, quantity: 3 }],
    });
    expect(fits.json().items[0].short_stock).toBeUndefined();
    expect(fits.json().shipping.estimated_date).not.toBeNull();
  });
});

describe("cart totals read products per catalogue version", () => {
  let shop: TestApp;
  let other: TestApp;
  beforeAll(async () => {
    shop = await createTestApp();
    // A second process on the same database, as behind a load balancer.
    other = await createTestApp({ database: shop.database });
  });
  afterAll(async () => {
    await other.close();
    await shop.close();
  });

  const totalOf = async (productId: number) => {
    const res = await shop.app.inject({
      method: "POST",
      url: "/api/cart/calculate",
      payload: { cart_items: [{ product_id: productId, quantity: 1 }] },
    });
    expect(res.statusCode).toBe(200);
    return res.json().items[0].total_price as number;
  };

  it("prices the next calculation at a price edited in another process, and knows a product added since", async () => {
    const product = await createProduct(shop.database.db, { our_price: 2, sqft_per_carton: 10 });
    expect(await totalOf(product.id)).toBe(20);
    expect(await totalOf(product.id)).toBe(20);
    const edit = await other.app.inject({
      method: "PATCH",
      url: `/api/admin/products/${product.id}`,
      headers: { "admin-password": testAdminPassword },
      payload: { our_price: 3 },
    });
    expect(edit.statusCode).toBe(200);
    expect(await totalOf(product.id)).toBe(30);

    const added = await createProduct(other.database.db, { our_price: 1, sqft_per_carton: 10 });
    expect(await totalOf(added.id)).toBe(10);
  });

  it("refuses a product deleted since the last calculation", async () => {
    const product = await createProduct(shop.database.db, { our_price: 2, sqft_per_carton: 10 });
    expect(await totalOf(product.id)).toBe(20);
    const removed = await other.app.inject({
      method: "DELETE",
      url: `/api/admin/products/${product.id}`,
      headers: { "admin-password": testAdminPassword },
    });
    expect(removed.statusCode).toBeLessThan(300);
    const res = await shop.app.inject({
      method: "POST",
      url: "/api/cart/calculate",
      payload: { cart_items: [{ product_id: product.id, quantity: 1 }] },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toMatch(/is not in our catalogue/);
  });
});
