import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buildPaymentRequest, createProduct, storedStock } from "../../../test/factories.ts";
import { useTestApp } from "../../../test/test-app.ts";
import { orderItems, orders, paymentIdempotencyKeys } from "../../db/schema/index.ts";

describe("starting a payment with an Idempotency-Key", () => {
  const t = useTestApp();
  const db = () => t.database.db;
  const start = (body: unknown, key?: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/payments/process",
      payload: body as object,
      headers: key ? { "idempotency-key": key } : {},
    });
  const stockOf = (id: number) => storedStock(db(), id);
  const ordersFor = async (productId: number) =>
    db()
      .select({ id: orderItems.order_id })
      .from(orderItems)
      .where(eq(orderItems.product_id, productId));

  it("the same key twice gives one session and one reservation", async () => {
    const p = await createProduct(db(), { our_price: 3, sqft_per_carton: 10, stock_quantity: 10 });
    const request = buildPaymentRequest([{ product_id: p.id, quantity: 4 }]);
    const first = await start(request, "checkout-key-one-0001");
    const again = await start(request, "checkout-key-one-0001");
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await stockOf(p.id)).toBe(6);
    expect(await ordersFor(p.id)).toHaveLength(1);
  });

  it("a repeat of the key that took the last boxes still gets its session, not a sold-out answer", async () => {
    const p = await createProduct(db(), { our_price: 3, sqft_per_carton: 10, stock_quantity: 3 });
    const request = buildPaymentRequest([{ product_id: p.id, quantity: 3 }]);
    const first = await start(request, "checkout-key-last-boxes");
    const again = await start(request, "checkout-key-last-boxes");
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await stockOf(p.id)).toBe(0);
  });

  it("the same key sent several times at once still makes one order", async () => {
    const p = await createProduct(db(), { our_price: 3, sqft_per_carton: 10, stock_quantity: 10 });
    const request = buildPaymentRequest([{ product_id: p.id, quantity: 2 }]);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => start(request, "checkout-key-together-1")),
    );
    for (const answer of answers) expect(answer.statusCode).toBe(200);
    expect(new Set(answers.map((answer) => answer.json().id)).size).toBe(1);
    expect(await stockOf(p.id)).toBe(8);
    expect(await ordersFor(p.id)).toHaveLength(1);
  });

  it("without a key, or with a new key, every request is a new checkout", async () => {
    const p = await createProduct(db(), { our_price: 3, sqft_per_carton: 10, stock_quantity: 10 });
    const request = buildPaymentRequest([{ product_id: p.id, quantity: 1 }]);
    const a = await start(request);
    const b = await start(request);
    const c = await start(request, "checkout-key-fresh-0003");
    expect(new Set([a.json().id, b.json().id, c.json().id]).size).toBe(3);
    expect(await stockOf(p.id)).toBe(7);
  });

  it("refuses a key reused for a different cart, and reserves nothing for it", async () => {
    const p = await createProduct(db(), { our_price: 3, sqft_per_carton: 10, stock_quantity: 10 });
    const request = buildPaymentRequest([{ product_id: p.id, quantity: 1 }]);
    expect((await start(request, "checkout-key-reused-04")).statusCode).toBe(200);
    const changed = await start(
      { ...request, cart_items: [{ product_id: p.id, quantity: 3 }] },
      "checkout-key-reused-04",
    );
    expect(changed.statusCode).toBe(422);
    expect(changed.json().detail).toBe(
      "This Idempotency-Key was already used for a different checkout. Please try again.",
    );
    expect(await stockOf(p.id)).toBe(9);
  });

  it("keeps one shopper's key apart from another's", async () => {
    const p = await createProduct(db(), { our_price: 3, sqft_per_carton: 10, stock_quantity: 10 });
    const mine = await start(
      buildPaymentRequest([{ product_id: p.id, quantity: 1 }]),
      "checkout-key-shared-05",
    );
    const theirs = await start(
      buildPaymentRequest([{ product_id: p.id, quantity: 1 }]),
      "checkout-key-shared-05",
    );
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().id).not.toBe(mine.json().id);
    expect(await stockOf(p.id)).toBe(8);
  });

  it("rejects a malformed key with 422 and changes nothing", async () => {
    const p = await createProduct(db(), { our_price: 3, sqft_per_carton: 10, stock_quantity: 10 });
    const res = await start(buildPaymentRequest([{ product_id: p.id, quantity: 1 }]), "short");
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0]).toEqual({
      loc: ["headers", "idempotency-key"],
      msg: "Idempotency-Key must be 8 to 255 characters",
    });
    expect(await stockOf(p.id)).toBe(10);
  });

  it("forgets a key once its payment session has closed (the expiry sweep)", async () => {
    const p = await createProduct(db(), { our_price: 3, sqft_per_carton: 10, stock_quantity: 10 });
    const request = buildPaymentRequest([{ product_id: p.id, quantity: 1 }]);
    const first = await start(request, "checkout-key-expires-7");
    const { id } = first.json();
    const [row] = await db()
      .select()
      .from(paymentIdempotencyKeys)
      .where(eq(paymentIdempotencyKeys.session_id, id));
    expect(row?.expires_at).toBeInstanceOf(Date);
    const later = new Date((row?.expires_at.getTime() ?? 0) + 60_000);
    await t.app.jobs.sweepExpiredPayments(later);
    const left = await db()
      .select()
      .from(paymentIdempotencyKeys)
      .where(eq(paymentIdempotencyKeys.session_id, id));
    expect(left).toHaveLength(0);
    const [order] = await db().select().from(orders).where(eq(orders.payment_session_id, id));
    expect(order?.status).toBe("cancelled");
    expect(await stockOf(p.id)).toBe(10);
  });
});

describe("a product selling out during checkout", () => {
  const t = useTestApp();
  const db = () => t.database.db;

  it("answers 409 naming the product and the boxes left, and reserves nothing", async () => {
    const p = await createProduct(db(), {
      name: "Harbor Oak Closeout",
      our_price: 3,
      sqft_per_carton: 10,
      stock_quantity: 2,
    });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/payments/process",
      payload: buildPaymentRequest([{ product_id: p.id, quantity: 5 }]),
      headers: { "idempotency-key": "sold-out-key-000001" },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      detail:
        'Sorry, only 2 boxes of "Harbor Oak Closeout" are left. Please lower the quantity in your cart.',
      sold_out: { product_id: p.id, product_name: "Harbor Oak Closeout", available: 2 },
    });
    const sold = await t.app.inject({
      method: "POST",
      url: "/api/payments/process",
      payload: buildPaymentRequest([{ product_id: p.id, quantity: 2 }]),
    });
    expect(sold.statusCode).toBe(200);
    const none = await t.app.inject({
      method: "POST",
      url: "/api/payments/process",
      payload: buildPaymentRequest([{ product_id: p.id, quantity: 1 }]),
    });
    expect(none.statusCode).toBe(409);
    expect(none.json().sold_out).toEqual({
      product_id: p.id,
      product_name: "Harbor Oak Closeout",
      available: 0,
    });
    expect(none.json().detail).toBe(
      'Sorry, "Harbor Oak Closeout" is out of stock. Please remove it from your cart.',
    );
  });
});
