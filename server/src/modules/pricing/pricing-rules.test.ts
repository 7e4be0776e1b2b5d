import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildPaymentRequest,
  createPartnerWithSession,
  createProduct,
} from "../../../test/factories.ts";
import { createTestApp, type TestApp, testAdminPassword } from "../../../test/test-app.ts";
import { orderItems, orders } from "../../db/schema/index.ts";

describe("price rules through the API", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("an approved partner buys a product without a partner price at the public price", async () => {
    const db = t.database.db;
    const p = await createProduct(db, {
      name: "Retail Only Walnut",
      our_price: 3.5,
      ace_shown_price: null,
      sqft_per_carton: 20,
    });
    const { user, token } = await createPartnerWithSession(db);
    const authorization = `Bearer ${token}`;

    const calculated = await t.app.inject({
      method: "POST",
      url: "/api/cart/calculate",
      payload: { cart_items: [{ product_id: p.id, quantity: 2 }] },
      headers: { authorization },
    });
    expect(calculated.statusCode).toBe(200);
    expect(calculated.json().items[0]).toMatchObject({
      unit_price: 70,
      total_price: 140,
      price_source: "public",
    });

    const paid = await t.app.inject({
      method: "POST",
      url: "/api/payments/process",
      payload: buildPaymentRequest([{ product_id: p.id, quantity: 2 }]),
      headers: { authorization },
    });
    expect(paid.statusCode).toBe(200);
    const [order] = await db
      .select()
      .from(orders)
      .where(eq(orders.payment_session_id, paid.json().id));
    expect(order).toMatchObject({ partner_user_id: user.id, subtotal_cents: 14000 });
    const [item] = await db
      .select()
      .from(orderItems)
      .where(eq(orderItems.order_id, order?.id ?? ""));
    expect(item).toMatchObject({ unit_price_cents: 7000, price_source: "public" });
  });

  it('"Their price" follows the competitor price the staff enter, else our box price / 0.75', async () => {
    const p = await createProduct(t.database.db, {
      our_price: 4.99,
      competitor_price: 6.49,
      sqft_per_carton: 20,
    });
    const theirPrice = async () =>
      (await t.app.inject({ url: `/api/products/${p.id}` })).json().their_price_per_box;
    const setCompetitorPrice = async (competitor_price: number | null) => {
      const res = await t.app.inject({
        method: "PATCH",
        url: `/api/admin/products/${p.id}`,
        payload: { competitor_price },
        headers: { "admin-password": testAdminPassword },
      });
      expect(res.statusCode).toBe(200);
    };

    expect(await theirPrice()).toBe(129.8);
    await setCompetitorPrice(7.25);
    expect(await theirPrice()).toBe(145);
    await setCompetitorPrice(null);
    // $99.80 a box / 0.75
    expect(await theirPrice()).toBe(133.07);
  });
});
