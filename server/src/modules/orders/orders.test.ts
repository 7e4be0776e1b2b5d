import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildPaymentRequest, createCoupon, createProduct } from "../../../test/factories.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import { mailOutbox, orders } from "../../db/schema/index.ts";
import { queueOrderConfirmation, queueShippedEmail } from "./order-emails.ts";

describe("orders: success-page lookup, confirmation email and tracking", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  const publicUrl = "http://store.test";

  async function placeOrder(options: { pay?: boolean; extra?: Record<string, unknown> } = {}) {
    const p = await createProduct(db(), {
      name: "Lookup Oak",
      our_price: 5,
      sqft_per_carton: 20,
      brand: "Oak Mills",
      color: "Honey",
    });
    const { id } = (
      await t.app.inject({
        method: "POST",
        url: "/api/payments/process",
        payload: buildPaymentRequest([{ product_id: p.id, quantity: 2 }], options.extra),
      })
    ).json();
    if (options.pay !== false)
      await t.app.inject({
        method: "POST",
        url: `/api/payments/test-sessions/${id}/pay`,
        payload: { card_number: "4242424242424242" },
      });
    const [order] = await db().select().from(orders).where(eq(orders.payment_session_id, id));
    if (!order) throw new Error("no order");
    return { sessionId: id as string, order, product: p };
  }
  const mailsFor = async (orderId: string) =>
    (await db().select().from(mailOutbox)).filter(
      (m) => m.text.includes(orderId) || m.dedupe_key?.includes(orderId),
    );

  it("GET /api/orders/by-session/{id} answers the order as paid, with items, totals, addresses and the tracking link", async () => {
    await createCoupon(db(), { code: "LOOK5", kind: "fixed", value: "5" });
    const { sessionId, order, product } = await placeOrder({
      extra: {
        coupon_code: "LOOK5",
        shipping_address: {
          street: "9 Ship Rd",
          city: "Hoover",
          state: "AL",
          zip_code: "35244",
          country: "US",
        },
      },
    });
    const res = await t.app.inject(`/api/orders/by-session/${sessionId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.json()).toEqual({
      order_id: order.id,
      friendly_order_id: order.friendly_order_id,
      stripe_session_id: sessionId,
      status: "processing",
      payment_status: "paid",
      purpose: "goods",
      customer_name: "Jordan Buyer",
      customer_email: order.customer_email,
      customer_phone: "(205) 555-0199",
      billing_address: {
        street: "100 Main St",
        city: "Birmingham",
        state: "AL",
        zip_code: "35203",
        country: "US",
      },
      shipping_address: {
        street: "9 Ship Rd",
        city: "Hoover",
        state: "AL",
        zip_code: "35244",
        country: "US",
      },
      items: [
        {
          product_id: product.id,
          product_name: "Lookup Oak",
          quantity: 2,
          unit_price: 100,
          total_price: 200,
          sqft_per_box: 20,
          total_sqft: 40,
          image_url: null,
          color: "Honey",
          brand: "Oak Mills",
          collection: "Test Collection",
          type: "hardwood",
          kind: "box",
          selling_unit: "box",
        },
      ],
      total_sqft: 40,
      total_cartons: 2,
      subtotal: 200,
      coupon_code: "LOOK5",
      discount_amount: 5,
      shipping_cost: 200,
      tax_amount: 19.5,
      total_amount: 414.5,
      tracking_url: `http://store.test/track/${order.tracking_token}`,
      created_at: order.created_at.toISOString(),
      // No method chosen: freight, as before there was a choice.
      delivery: {
        method: "freight",
        label: "Freight delivery (1 pallet)",
        estimated_date: order.delivery_estimated_date,
        services: [],
        site_access: null,
        stairs: null,
        appointment_phone: "(205) 555-0199",
      },
    });
  });

  it("answers 404 with a readable detail for an unknown session and 422 for a malformed one", async () => {
    const res = await t.app.inject("/api/orders/by-session/test_no_such_session_here");
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: "We could not find an order for this payment session." });
    expect((await t.app.inject("/api/orders/by-session/bad%20id!")).statusCode).toBe(422);
  });

  it("POST /api/send-order-email answers 200 for a paid order without sending a second email, whichever id it is given", async () => {
    const { sessionId, order } = await placeOrder();
    const confirmation = (await t.app.inject(`/api/orders/by-session/${sessionId}`)).json();
    for (const payload of [confirmation, { order_id: order.id }, { session_id: sessionId }]) {
      const res = await t.app.inject({ method: "POST", url: "/api/send-order-email", payload });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        detail: "The order confirmation was already sent.",
        queued: false,
      });
    }
    const mails = await db()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.dedupe_key, `order-confirmation:${order.id}`));
    expect(mails).toHaveLength(1);
  });

  it("POST /api/send-order-email never lets the caller choose the recipient or the content", async () => {
    const { order } = await placeOrder();
    const res = await t.app.inject({
      method: "POST",
      url: "/api/send-order-email",
      payload: {
        order_id: order.id,
        customer_email: "attacker@example.com",
        items: [{ product_name: "Free stuff" }],
      },
    });
    expect(res.statusCode).toBe(200);
    const all = await db().select().from(mailOutbox);
    expect(all.some((m) => m.to_address === "attacker@example.com")).toBe(false);
    expect(all.some((m) => m.text.includes("Free stuff"))).toBe(false);
  });

  it("POST /api/send-order-email refuses an unpaid order, an unknown one and a body without an id", async () => {
    const { order } = await placeOrder({ pay: false });
    const unpaid = await t.app.inject({
      method: "POST",
      url: "/api/send-order-email",
      payload: { order_id: order.id },
    });
    expect(unpaid.statusCode).toBe(409);
    expect(await mailsFor(order.id)).toHaveLength(0);
    const unknown = await t.app.inject({
      method: "POST",
      url: "/api/send-order-email",
      payload: { order_id: "00000000-0000-4000-8000-000000000000" },
    });
    expect(unknown.statusCode).toBe(404);
    const empty = await t.app.inject({ method: "POST", url: "/api/send-order-email", payload: {} });
    expect(empty.statusCode).toBe(422);
    const bad = await t.app.inject({
      method: "POST",
      url: "/api/send-order-email",
      payload: { order_id: "not-a-uuid" },
    });
    expect(bad.statusCode).toBe(422);
  });

  it("GET /api/track/{token} shows status, carrier and the carrier's tracking link", async () => {
    const { order, product } = await placeOrder();
    const before = (await t.app.inject(`/api/track/${order.tracking_token}`)).json();
    expect(before).toEqual({
      friendly_order_id: order.friendly_order_id,
      status: "processing",
      tracking_url: null,
      shipping_carrier: null,
      tracking_number: null,
      tracking_number_label: "Tracking number",
      created_at: order.created_at.toISOString(),
      shipped_at: null,
      total_cartons: order.total_cartons,
      delivery: {
        method: order.delivery_method,
        label: expect.any(String),
        estimated_date: order.delivery_estimated_date,
      },
      appointment: null,
      note: null,
      // The boxes bought; this product has no dye lots, so no lot to order more from.
      lines: [
        {
          product_id: product.id,
          product_name: "Lookup Oak",
          quantity: 2,
          lot_id: null,
          lot_code: null,
          lot_boxes_left: 0,
          unit_price: 100,
          sqft_per_box: 20,
          image_url: null,
        },
      ],
      // Not shipped in parts, not a pickup order.
      shipments: [],
      pickup: null,
      fulfillment_label: null,
    });
    const shippedAt = new Date("2030-03-04T15:00:00Z");
    await db()
      .update(orders)
      .set({
        status: "shipped",
        shipping_carrier: "UPS",
        tracking_number: "1Z999AA10123456784",
        shipped_at: shippedAt,
      })
      .where(eq(orders.id, order.id));
    const res = await t.app.inject(`/api/track/${order.tracking_token}`);
    expect(res.json()).toMatchObject({
      status: "shipped",
      shipping_carrier: "UPS",
      tracking_number: "1Z999AA10123456784",
      tracking_url: "https://www.ups.com/track?tracknum=1Z999AA10123456784",
      shipped_at: shippedAt.toISOString(),
    });
  });

  it("GET /api/track/{token} answers 404 with the spec's message for an unknown token", async () => {
    for (const token of ["unknown-token-value-123456", "x"]) {
      const res = await t.app.inject(`/api/track/${token}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        detail: "We could not find your order. Please check back later or contact support.",
      });
    }
  });

  it("the admin's Resend queues another confirmation; the shipped email carries carrier, number and both links", async () => {
    const { order } = await placeOrder();
    expect(await queueOrderConfirmation(db(), order.id, { publicUrl })).toBe(false);
    expect(await queueOrderConfirmation(db(), order.id, { publicUrl, force: true })).toBe(true);
    await db()
      .update(orders)
      .set({
        shipping_carrier: "FedEx",
        tracking_number: "7777 8888",
        shipping_notes: "Left at the loading dock.",
      })
      .where(eq(orders.id, order.id));
    expect(await queueShippedEmail(db(), order.id, { publicUrl })).toBe(true);
    const [shipped] = await db()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, "order-shipped"));
    expect(shipped?.to_address).toBe(order.customer_email);
    expect(shipped?.subject).toBe(`Your order ${order.friendly_order_id} has shipped`);
    expect(shipped?.text).toContain("Carrier: FedEx");
    expect(shipped?.text).toContain("Tracking number: 7777 8888");
    expect(shipped?.text).toContain(
      "Carrier tracking: https://www.fedex.com/fedextrack/?trknbr=7777%208888",
    );
    expect(shipped?.text).toContain(
      `Track your order: http://store.test/track/${order.tracking_token}`,
    );
    expect(shipped?.text).toContain("Left at the loading dock.");
    const confirmations = await db()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, "order-confirmation"));
    expect(confirmations.filter((m) => m.text.includes(order.friendly_order_id))).toHaveLength(2);
  });
});
