import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildPaymentRequest, createProduct } from "../../../test/factories.ts";
import { createTestApp, type TestApp, useStripeTestApp } from "../../../test/test-app.ts";
import { mailOutbox, orders, products } from "../../db/schema/index.ts";

/** Free samples shipped free (SAMPLE_SHIPPING=0): the order totals $0. */
const freeSamples = { pricePerSampleCents: 200, parcelRateCents: 0, followUpDays: 5 };

const sampleLines = (...ids: number[]) =>
  ids.map((id) => ({ product_id: id, quantity: 1, kind: "sample" }));

async function confirmationsOf(t: TestApp, orderId: string) {
  const rows = await t.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.dedupe_key, `order-confirmation:${orderId}`));
  return rows.length;
}

describe("an order that totals $0 (built-in test payments)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { samples: freeSamples } });
  });
  afterAll(() => t.close());

  const start = (body: unknown, key?: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/payments/process",
      payload: body as object,
      headers: key ? { "idempotency-key": key } : {},
    });

  it("is placed and marked paid at once, with no payment page, once, with one confirmation email", async () => {
    const a = await createProduct(t.database.db, { name: "Free Sample Ash", stock_quantity: 7 });
    const b = await createProduct(t.database.db, { name: "Free Sample Elm" });
    const body = buildPaymentRequest(sampleLines(a.id, b.id) as never, {
      customer_email: "free.samples@example.com",
      delivery_method: "parcel",
    });
    const key = "free-order-key-0001";
    const res = await start(body, key);
    expect(res.statusCode).toBe(200);
    const { id, url } = res.json();
    expect(id).toMatch(/^free_/);
    expect(url).toBe(`http://store.test/success?session_id=${id}`);

    const [order] = await t.database.db
      .select()
      .from(orders)
      .where(eq(orders.payment_session_id, id));
    expect(order).toMatchObject({
      status: "processing",
      payment_status: "paid",
      total_amount_cents: 0,
      shipping_cost_cents: 0,
    });
    expect(await confirmationsOf(t, order?.id ?? "")).toBe(1);
    // Samples never take box stock.
    const [row] = await t.database.db.select().from(products).where(eq(products.id, a.id));
    expect(row?.stock_quantity).toBe(7);

    // The success page finds it; the same request again (same key) places nothing new.
    const shown = await t.app.inject(`/api/orders/by-session/${id}`);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({
      total_amount: 0,
      customer_email: "free.samples@example.com",
    });
    const again = await start(body, key);
    expect(again.json()).toEqual({ id, url });
    const all = await t.database.db
      .select()
      .from(orders)
      .where(eq(orders.customer_email, "free.samples@example.com"));
    expect(all).toHaveLength(1);
    expect(await confirmationsOf(t, order?.id ?? "")).toBe(1);
    // Its "session" is no test payment page to pay twice.
    const pay = await t.app.inject({
      method: "POST",
      url: `/api/payments/test-sessions/${id}/pay`,
      payload: { card_number: "4242 4242 4242 4242" },
    });
    expect(pay.json()).toEqual({ redirect_url: `/success?session_id=${id}` });
    expect(await confirmationsOf(t, order?.id ?? "")).toBe(1);
  });

  it("an order with something to pay still goes to the payment page", async () => {
    const a = await createProduct(t.database.db, { name: "Paid Sample Oak" });
    // Six samples: the sixth costs $2.00.
    const res = await start(
      buildPaymentRequest([{ product_id: a.id, quantity: 6, kind: "sample" }] as never, {
        delivery_method: "parcel",
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().url).toMatch(/\/pay\//);
  });
});

describe("an order that totals $0 with Stripe Checkout", () => {
  const { t, stripe } = useStripeTestApp({ samples: freeSamples });

  it("never asks Stripe for a session (it refuses an amount of 0) and is paid with its email", async () => {
    const a = await createProduct(t.database.db, { name: "Stripe Free Sample" });
    const before = stripe.requests.length;
    const res = await t.app.inject({
      method: "POST",
      url: "/api/payments/process",
      payload: buildPaymentRequest(sampleLines(a.id) as never, { delivery_method: "parcel" }),
    });
    expect(res.statusCode).toBe(200);
    const { id, url } = res.json();
    expect(url).toBe(`http://store.test/success?session_id=${id}`);
    expect(stripe.requests.length).toBe(before);
    const shown = await t.app.inject(`/api/orders/by-session/${id}`);
    expect(shown.statusCode).toBe(200);
    const [order] = await t.database.db
      .select()
      .from(orders)
      .where(eq(orders.payment_session_id, id));
    expect(order).toMatchObject({ payment_status: "paid", status: "processing" });
    expect(await confirmationsOf(t, order?.id ?? "")).toBe(1);
    expect(stripe.requests.length).toBe(before);
  });
});
