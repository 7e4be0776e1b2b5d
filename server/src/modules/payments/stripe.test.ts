import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  buildPaymentRequest,
  createCoupon,
  createProduct,
  storedStock,
} from "../../../test/factories.ts";
import { signedStripeEvent } from "../../../test/fake-stripe.ts";
import { createTestApp, useStripeTestApp } from "../../../test/test-app.ts";
import { onRealPostgres } from "../../../test/test-database.ts";
import { mailOutbox, orders, paymentEvents } from "../../db/schema/index.ts";

describe("payments with Stripe Checkout (against a fake Stripe API)", () => {
  const { t, stripe } = useStripeTestApp();

  const db = () => t.database.db;
  const startPayment = async (
    productId: number,
    quantity: number,
    extra: Record<string, unknown> = {},
  ) => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/payments/process",
      payload: buildPaymentRequest([{ product_id: productId, quantity }], extra),
    });
    expect(res.statusCode).toBe(200);
    return res.json() as { id: string; url: string };
  };
  const sendWebhook = (event: { payload: string; signature: string }) =>
    t.app.inject({
      method: "POST",
      url: "/api/payments/webhook",
      payload: event.payload,
      headers: { "content-type": "application/json", "stripe-signature": event.signature },
    });
  const stockOf = (id: number) => storedStock(db(), id);
  const orderOf = async (sessionId: string) =>
    (await db().select().from(orders).where(eq(orders.payment_session_id, sessionId)))[0];
  const confirmations = async (orderId: string) =>
    (
      await db()
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.dedupe_key, `order-confirmation:${orderId}`))
    ).length;

  it("creates a Checkout Session with line items, the customer's email, return URLs, a 30-minute expiry and the order id", async () => {
    const p = await createProduct(db(), {
      name: "Stripe Oak",
      our_price: 5,
      sqft_per_carton: 20,
      pallet_shipping_cost: 150,
    });
    await createCoupon(db(), { code: "STRIPE10", value: "10" });
    const before = Date.now();
    const { id, url } = await startPayment(p.id, 2, {
      coupon_code: "STRIPE10",
      customer_email: "card.holder@example.com",
    });
    expect(id).toMatch(/^cs_test_/);
    expect(url).toBe(`https://checkout.stripe.test/c/pay/${id}`);
    const order = await orderOf(id);
    expect(order).toMatchObject({
      payment_provider: "stripe",
      status: "pending",
      total_amount_cents: 34800,
    });
    const create = stripe.requests.find(
      (r) =>
        r.path === "/v1/checkout/sessions" &&
        r.method === "POST" &&
        r.form["metadata[order_id]"] === order?.id,
    );
    expect(create?.form).toMatchObject({
      mode: "payment",
      customer_email: "card.holder@example.com",
      "line_items[0][quantity]": "2",
      "line_items[0][price_data][unit_amount]": "10000",
      "line_items[0][price_data][currency]": "usd",
      "line_items[0][price_data][product_data][name]": "Stripe Oak",
      "line_items[1][price_data][product_data][name]": "Sales tax",
      "line_items[1][price_data][unit_amount]": "1800",
      "shipping_options[0][shipping_rate_data][fixed_amount][amount]": "15000",
      success_url: "http://store.test/success?session_id={CHECKOUT_SESSION_ID}",
      cancel_url: "http://store.test/cart?step=checkout",
      "metadata[friendly_order_id]": order?.friendly_order_id,
    });
    expect(create?.idempotencyKey).toBe(`checkout-session:${order?.id}`);
    const coupon = stripe.requests.find(
      (r) => r.path === "/v1/coupons" && r.idempotencyKey === `coupon:${order?.id}`,
    );
    expect(coupon?.form.amount_off).toBe("2000");
    expect(create?.form["discounts[0][coupon]"]).toMatch(/^co_/);
    const expiresInMinutes = (Number(create?.form.expires_at) * 1000 - before) / 60_000;
    expect(expiresInMinutes).toBeGreaterThanOrEqual(30);
    expect(expiresInMinutes).toBeLessThan(32);
  });

  it("names the delivery method on the Checkout Session's shipping line: a pickup is a free one, a freight with a liftgate is priced with it", async () => {
    const p = await createProduct(db(), {
      our_price: 5,
      sqft_per_carton: 20,
      pallet_shipping_cost: 150,
    });
    const shippingOf = (orderId: string | undefined) => {
      const create = stripe.requests.find(
        (r) => r.path === "/v1/checkout/sessions" && r.form["metadata[order_id]"] === orderId,
      );
      return {
        name: create?.form["shipping_options[0][shipping_rate_data][display_name]"],
        amount: create?.form["shipping_options[0][shipping_rate_data][fixed_amount][amount]"],
      };
    };
    const pickup = await orderOf((await startPayment(p.id, 1, { delivery_method: "pickup" })).id);
    expect(shippingOf(pickup?.id)).toEqual({ name: "Showroom pickup", amount: "0" });
    const freight = await orderOf(
      (
        await startPayment(p.id, 1, {
          delivery_method: "freight",
          freight_services: { liftgate: true },
        })
      ).id,
    );
    expect(shippingOf(freight?.id)).toEqual({
      name: "Freight delivery (1 pallet)",
      amount: "24500",
    });
  });

  it("when Stripe keeps failing, answers 503, charges nothing and returns the stock", async () => {
    const p = await createProduct(db(), { stock_quantity: 4 });
    stripe.failCreates(3);
    const body = buildPaymentRequest([{ product_id: p.id, quantity: 4 }]);
    const res = await t.app.inject({ method: "POST", url: "/api/payments/process", payload: body });
    expect(res.statusCode).toBe(503);
    expect(res.json().detail).toBe(
      "We could not start the payment right now. Nothing was charged; please try again in a moment.",
    );
    expect(await stockOf(p.id)).toBe(4);
    const [order] = await db()
      .select()
      .from(orders)
      .where(eq(orders.customer_email, body.customer_email));
    expect(order).toMatchObject({
      status: "cancelled",
      payment_status: "failed",
      stock_status: "released",
    });
  });

  it("rejects a webhook with a bad or missing signature with 400", async () => {
    const p = await createProduct(db());
    const { id } = await startPayment(p.id, 1);
    const event = signedStripeEvent("checkout.session.completed", { id, payment_status: "paid" });
    const forged = await sendWebhook({
      payload: event.payload.replace('"paid"', '"paid" '),
      signature: event.signature,
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({ detail: "Invalid Stripe signature" });
    const missing = await t.app.inject({
      method: "POST",
      url: "/api/payments/webhook",
      payload: event.payload,
      headers: { "content-type": "application/json" },
    });
    expect(missing.statusCode).toBe(400);
    expect((await orderOf(id))?.payment_status).toBe("unpaid");
  });

  it("checkout.session.completed pays the order once: the same event twice makes one paid order and one email", async () => {
    const p = await createProduct(db(), { stock_quantity: 10 });
    const { id } = await startPayment(p.id, 3);
    const event = signedStripeEvent("checkout.session.completed", { id, payment_status: "paid" });
    const first = await sendWebhook(event);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    const second = await sendWebhook(event);
    expect(second.json()).toEqual({ received: true, duplicate: true });
    // Stripe may also send a different event for the same session.
    await sendWebhook(
      signedStripeEvent("checkout.session.completed", { id, payment_status: "paid" }),
    );
    const order = await orderOf(id);
    expect(order).toMatchObject({
      status: "processing",
      payment_status: "paid",
      stock_status: "committed",
    });
    expect(await confirmations(order?.id ?? "")).toBe(1);
    expect(await stockOf(p.id)).toBe(7);
    const recorded = await db()
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.id, event.eventId));
    expect(recorded).toHaveLength(1);
  });

  it("checkout.session.expired cancels the order and returns the stock; a late completion still pays it and takes the stock again", async () => {
    const p = await createProduct(db(), { stock_quantity: 10 });
    const { id } = await startPayment(p.id, 4);
    expect(await stockOf(p.id)).toBe(6);
    await sendWebhook(
      signedStripeEvent("checkout.session.expired", { id, payment_status: "unpaid" }),
    );
    expect(await orderOf(id)).toMatchObject({
      status: "cancelled",
      payment_status: "expired",
      stock_status: "released",
    });
    expect(await stockOf(p.id)).toBe(10);
    await sendWebhook(
      signedStripeEvent("checkout.session.completed", { id, payment_status: "paid" }),
    );
    expect(await orderOf(id)).toMatchObject({
      status: "processing",
      payment_status: "paid",
      stock_status: "committed",
      needs_attention: false,
    });
    expect(await stockOf(p.id)).toBe(6);
  });

  it("events out of order leave the stock right: completed then expired keeps the order paid and the stock taken once", async () => {
    const p = await createProduct(db(), { stock_quantity: 10 });
    const { id } = await startPayment(p.id, 2);
    await sendWebhook(
      signedStripeEvent("checkout.session.completed", { id, payment_status: "paid" }),
    );
    await sendWebhook(
      signedStripeEvent("checkout.session.expired", { id, payment_status: "paid" }),
    );
    await t.app.jobs.sweepExpiredPayments(new Date(Date.now() + 40 * 60_000));
    expect(await orderOf(id)).toMatchObject({ payment_status: "paid", stock_status: "committed" });
    expect(await stockOf(p.id)).toBe(8);
  });

  it("the success-page lookup asks Stripe about a session the webhook has not reported and fulfils it", async () => {
    const p = await createProduct(db(), { stock_quantity: 10 });
    const { id } = await startPayment(p.id, 1);
    const pending = await t.app.inject(`/api/orders/by-session/${id}`);
    expect(pending.json()).toMatchObject({
      status: "pending",
      payment_status: "unpaid",
      tracking_url: null,
    });
    const session = stripe.sessions.get(id);
    if (session) session.payment_status = "paid";
    const res = await t.app.inject(`/api/orders/by-session/${id}`);
    expect(res.statusCode).toBe(200);
    const order = await orderOf(id);
    expect(res.json()).toMatchObject({
      stripe_session_id: id,
      status: "processing",
      payment_status: "paid",
      tracking_url: `http://store.test/track/${order?.tracking_token}`,
    });
    await sendWebhook(
      signedStripeEvent("checkout.session.completed", { id, payment_status: "paid" }),
    );
    expect(await confirmations(order?.id ?? "")).toBe(1);
    expect(await stockOf(p.id)).toBe(9);
  });

  it("the built-in test payment page is closed in Stripe mode", async () => {
    const p = await createProduct(db());
    const { id } = await startPayment(p.id, 1);
    expect((await t.app.inject(`/api/payments/test-sessions/${id}`)).statusCode).toBe(404);
    const pay = await t.app.inject({
      method: "POST",
      url: `/api/payments/test-sessions/${id}/pay`,
      payload: { card_number: "4242 4242 4242 4242" },
    });
    expect(pay.statusCode).toBe(404);
    expect((await orderOf(id))?.payment_status).toBe("unpaid");
  });

  it.runIf(onRealPostgres)(
    "50 concurrent completion events and 10 success-page lookups make one paid order, one stock commit and one email (PostgreSQL)",
    async () => {
      const p = await createProduct(db(), { stock_quantity: 10 });
      const { id } = await startPayment(p.id, 3);
      const session = stripe.sessions.get(id);
      if (session) session.payment_status = "paid";
      const results = await Promise.all([
        ...Array.from({ length: 50 }, (_, i) =>
          sendWebhook(
            signedStripeEvent(
              "checkout.session.completed",
              { id, payment_status: "paid" },
              `evt_race_${i % 25}_${id}`,
            ),
          ),
        ),
        ...Array.from({ length: 10 }, () => t.app.inject(`/api/orders/by-session/${id}`)),
      ]);
      expect(results.map((r) => r.statusCode).every((c) => c === 200)).toBe(true);
      const order = await orderOf(id);
      expect(order).toMatchObject({ payment_status: "paid", stock_status: "committed" });
      expect(await stockOf(p.id)).toBe(7);
      expect(await confirmations(order?.id ?? "")).toBe(1);
    },
  );
});

describe("Stripe webhook without Stripe configured", () => {
  it("answers 404", async () => {
    const t = await createTestApp();
    const event = signedStripeEvent("checkout.session.completed", { id: "cs_test_x" });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/payments/webhook",
      payload: event.payload,
      headers: { "content-type": "application/json", "stripe-signature": event.signature },
    });
    expect(res.statusCode).toBe(404);
    await t.close();
  });
});
