import { toDollars } from "@mcf/contracts/money";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callAdmin, settleReturn } from "../../../test/admin-requests.ts";
import {
  buildPaymentRequest,
  createOrder,
  createProduct,
  storedStock,
} from "../../../test/factories.ts";
import { signedStripeEvent } from "../../../test/fake-stripe.ts";
import { createTestApp, type TestApp, useStripeTestApp } from "../../../test/test-app.ts";
import { onRealPostgres } from "../../../test/test-database.ts";
import {
  auditLog,
  mailOutbox,
  orderPayments,
  orderReturns,
  orders,
} from "../../db/schema/index.ts";

/** An order shipped yesterday (paid, 4 boxes at $50 plus tax and shipping), ready for a return. */
async function paidOrder(t: TestApp, overrides: Parameters<typeof createOrder>[1] = {}) {
  const product = await createProduct(t.database.db, {
    our_price: 2.5,
    sqft_per_carton: 20,
    stock_quantity: 10,
  });
  const order = await createOrder(t.database.db, {
    lines: [{ product, quantity: 4 }],
    ...overrides,
  });
  return { order, product };
}

const ledgerOf = (t: TestApp, orderId: string) =>
  t.database.db.select().from(orderPayments).where(eq(orderPayments.order_id, orderId));
const mailsTo = (t: TestApp, to: string) =>
  t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, to));
const cancel = (t: TestApp, orderId: string, sendEmail = false) =>
  callAdmin(t, "PATCH", `/api/admin/orders/${orderId}/status`, {
    status: "cancelled",
    send_email: sendEmail,
  });

describe("an order's money with the test provider: the ledger, refunds on cancel, refusals", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("paying on the test page records one charge with the session's id; the admin answer shows it and nothing owed", async () => {
    const product = await createProduct(t.database.db, { our_price: 5, sqft_per_carton: 20 });
    const started = await t.app.inject({
      method: "POST",
      url: "/api/payments/process",
      payload: buildPaymentRequest([{ product_id: product.id, quantity: 2 }]),
    });
    const { id } = started.json() as { id: string };
    for (let i = 0; i < 2; i++) {
      const paid = await t.app.inject({
        method: "POST",
        url: `/api/payments/test-sessions/${id}/pay`,
        payload: { card_number: "4242 4242 4242 4242" },
      });
      expect(paid.statusCode).toBe(200);
    }
    const [order] = await t.database.db
      .select()
      .from(orders)
      .where(eq(orders.payment_session_id, id));
    if (!order) throw new Error("no order");
    const res = await callAdmin(t, "GET", `/api/admin/orders/${order.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.payments).toEqual([
      {
        kind: "charge",
        amount: toDollars(order.total_amount_cents),
        provider: "test",
        provider_id: id,
        staff: null,
        reason: null,
        created_at: expect.any(String),
      },
    ]);
    expect(body).toMatchObject({ balance: 0, refundable: toDollars(order.total_amount_cents) });
  });

  it("cancelling a paid order refunds all of it once, emails the customer (even without send_email) and audits the staff member", async () => {
    const { order, product } = await paidOrder(t, { customer_email: "refund.me@example.com" });
    const total = toDollars(order.total_amount_cents);
    const res = await cancel(t, order.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().email_queued).toBe(true);
    expect(res.json().order).toMatchObject({
      status: "cancelled",
      balance: 0,
      refundable: 0,
      reopen_refusal: expect.stringContaining("cannot be reopened"),
    });
    expect(res.json().order.payments).toMatchObject([
      { kind: "charge", amount: total },
      {
        kind: "refund",
        amount: total,
        provider: "test",
        provider_id: expect.stringMatching(/^test_re_/),
        staff: "admin",
        reason: "Order cancelled",
      },
    ]);
    expect(await storedStock(t.database.db, product.id)).toBe(14);

    const mails = await mailsTo(t, "refund.me@example.com");
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(
      `Your refund of $${total.toFixed(2)} for order ${order.friendly_order_id}`,
    );
    expect(mails[0]?.text).toContain(
      `We refunded $${total.toFixed(2)} to the test card used at checkout (test mode: no real money moves).`,
    );
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity_id, order.id), eq(auditLog.action, "order.refunded")));
    expect(audit).toMatchObject([{ actor: "admin", after: { amount: total } }]);

    // Cancelling again refunds nothing more and emails no one.
    const again = await cancel(t, order.id, true);
    expect(again.statusCode).toBe(200);
    expect(again.json().email_queued).toBe(false);
    expect(await ledgerOf(t, order.id)).toHaveLength(2);
    expect(await mailsTo(t, "refund.me@example.com")).toHaveLength(1);
  });

  it("a cancelled, refunded order is not reopened or shipped: 409 saying what to do, nothing changed", async () => {
    const { order, product } = await paidOrder(t);
    await cancel(t, order.id);
    const stockBefore = await storedStock(t.database.db, product.id);
    const auditBefore = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity_id, order.id));
    for (const status of ["pending", "processing", "shipped", "delivered"]) {
      const res = await callAdmin(t, "PATCH", `/api/admin/orders/${order.id}/status`, {
        status,
        send_email: true,
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        detail:
          "This order was cancelled and its payment refunded, so it cannot be reopened or shipped. Place a new order for the customer instead.",
      });
    }
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ status: "cancelled", stock_status: "released" });
    expect(await storedStock(t.database.db, product.id)).toBe(stockBefore);
    expect(await ledgerOf(t, order.id)).toHaveLength(2);
    const auditAfter = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity_id, order.id));
    expect(auditAfter).toHaveLength(auditBefore.length);
  });

  it("a cancelled order that was never paid, or paid and not refunded, may still be reopened", async () => {
    const { order: unpaid } = await paidOrder(t, { payment_status: "unpaid", status: "pending" });
    expect((await cancel(t, unpaid.id)).json().email_queued).toBe(false);
    const reopened = await callAdmin(t, "PATCH", `/api/admin/orders/${unpaid.id}/status`, {
      status: "pending",
    });
    expect(reopened.statusCode).toBe(200);
    expect(await ledgerOf(t, unpaid.id)).toHaveLength(0);
  });

  it("shipping an unpaid order is allowed and leaves its whole total due", async () => {
    const { order } = await paidOrder(t, { payment_status: "unpaid", status: "pending" });
    const res = await callAdmin(t, "PATCH", `/api/admin/orders/${order.id}/status`, {
      status: "shipped",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().order).toMatchObject({
      status: "shipped",
      payments: [],
      balance: toDollars(order.total_amount_cents),
      refundable: 0,
    });
  });

  it("a refund larger than what the customer paid and has not had back is refused with a clear message, nothing changed", async () => {
    const { order, product } = await paidOrder(t, {
      status: "shipped",
      shipped_at: new Date(Date.now() - 86_400_000),
    });
    const [line] = await t.database.db.query.orderItems.findMany({
      where: (items, { eq: equals }) => equals(items.order_id, order.id),
    });
    const asked = await t.app.inject({
      method: "POST",
      url: `/api/track/${order.tracking_token}/returns`,
      payload: {
        lines: [{ order_item_id: line?.id, quantity: 2 }],
        reason: "Too many boxes",
        unopened: true,
      },
    });
    expect(asked.statusCode).toBe(201);
    // Staff cancel the whole order (everything is refunded), then take the old return's boxes
    // back and try to refund it.
    await cancel(t, order.id);
    const approve = await settleReturn(t, asked.json().id);
    const stockBefore = await storedStock(t.database.db, product.id);
    expect(approve.statusCode).toBe(409);
    const refundTotal = asked.json().amounts.refund_total as number;
    expect(approve.json().detail).toBe(
      `A refund of $${refundTotal.toFixed(2)} is more than the $0.00 the customer paid and has not had back: nothing was refunded. Refund at most $0.00.`,
    );
    const [returned] = await t.database.db
      .select()
      .from(orderReturns)
      .where(eq(orderReturns.id, asked.json().id));
    expect(returned).toMatchObject({ status: "received", refund_id: null });
    expect(await storedStock(t.database.db, product.id)).toBe(stockBefore);
    expect(await ledgerOf(t, order.id)).toHaveLength(2);
  });

  it("a return's refund is a ledger row with the staff member, and the balance stays settled", async () => {
    const { order } = await paidOrder(t, {
      status: "delivered",
      shipped_at: new Date(Date.now() - 86_400_000),
      delivered_at: new Date(),
    });
    const [line] = await t.database.db.query.orderItems.findMany({
      where: (items, { eq: equals }) => equals(items.order_id, order.id),
    });
    const asked = await t.app.inject({
      method: "POST",
      url: `/api/track/${order.tracking_token}/returns`,
      payload: {
        lines: [{ order_item_id: line?.id, quantity: 1 }],
        reason: "One box too many",
        unopened: true,
      },
    });
    const approved = await settleReturn(t, asked.json().id);
    expect(approved.statusCode).toBe(200);
    const refund = asked.json().amounts.refund_total as number;
    const res = await callAdmin(t, "GET", `/api/admin/orders/${order.id}`);
    expect(res.json().payments[1]).toMatchObject({
      kind: "refund",
      amount: refund,
      provider_id: approved.json().refund_id,
      staff: "admin",
      reason: `Return ${asked.json().id}: One box too many`,
    });
    expect(res.json()).toMatchObject({
      balance: 0,
      refundable: Math.round((toDollars(order.total_amount_cents) - refund) * 100) / 100,
    });
  });
});

describe("an order's money with Stripe (against a fake Stripe API)", () => {
  const { t, stripe } = useStripeTestApp();

  const sendWebhook = (event: { payload: string; signature: string }) =>
    t.app.inject({
      method: "POST",
      url: "/api/payments/webhook",
      payload: event.payload,
      headers: { "content-type": "application/json", "stripe-signature": event.signature },
    });

  /** A Stripe order paid through Checkout (the session has a payment intent), by webhook. */
  async function paidStripeOrder(email: string) {
    const product = await createProduct(t.database.db, { our_price: 5, sqft_per_carton: 20 });
    const started = await t.app.inject({
      method: "POST",
      url: "/api/payments/process",
      payload: buildPaymentRequest([{ product_id: product.id, quantity: 2 }], {
        customer_email: email,
      }),
    });
    expect(started.statusCode).toBe(200);
    const { id } = started.json() as { id: string };
    const session = stripe.sessions.get(id) ?? {};
    Object.assign(session, { payment_status: "paid", payment_intent: `pi_${id.slice(-12)}` });
    const event = signedStripeEvent("checkout.session.completed", session);
    expect((await sendWebhook(event)).statusCode).toBe(200);
    const [order] = await t.database.db
      .select()
      .from(orders)
      .where(eq(orders.payment_session_id, id));
    if (!order) throw new Error("no order");
    return { order, session };
  }

  it("cancelling a Stripe order refunds its payment intent with an idempotency key, records Stripe's refund id and emails the customer", async () => {
    const { order, session } = await paidStripeOrder("stripe.refund@example.com");
    const res = await cancel(t, order.id);
    expect(res.statusCode).toBe(200);
    const refunds = stripe.requests.filter((r) => r.path === "/v1/refunds");
    expect(refunds).toMatchObject([
      {
        form: {
          payment_intent: session.payment_intent,
          amount: String(order.total_amount_cents),
        },
        idempotencyKey: expect.stringMatching(`^cancel-refund:${order.id}:`),
      },
    ]);
    expect(res.json().order.payments).toMatchObject([
      { kind: "charge", provider: "stripe", provider_id: order.payment_session_id },
      { kind: "refund", provider: "stripe", provider_id: expect.stringMatching(/^re_/) },
    ]);
    const [mail] = await mailsTo(t, "stripe.refund@example.com").then((rows) =>
      rows.filter((row) => row.kind === "order-refund"),
    );
    expect(mail?.text).toContain("to the card the order was paid with");
  });

  it("a payment event Stripe sends again, after the refund too, records no second charge and reopens nothing", async () => {
    const { order, session } = await paidStripeOrder("stripe.twice@example.com");
    await cancel(t, order.id);
    const replays = await Promise.all(
      Array.from({ length: 5 }, () =>
        sendWebhook(signedStripeEvent("checkout.session.completed", session)),
      ),
    );
    expect(replays.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const ledger = await ledgerOf(t, order.id);
    expect(ledger.map((row) => row.kind).sort()).toEqual(["charge", "refund"]);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.status).toBe("cancelled");
  });

  it.runIf(onRealPostgres)(
    "on PostgreSQL, 20 staff cancelling one paid order at once refund it exactly once",
    async () => {
      const { order } = await paidStripeOrder("stripe.race@example.com");
      const before = stripe.requests.filter((r) => r.path === "/v1/refunds").length;
      const results = await Promise.all(Array.from({ length: 20 }, () => cancel(t, order.id)));
      expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
      expect(stripe.requests.filter((r) => r.path === "/v1/refunds").length).toBe(before + 1);
      const ledger = await ledgerOf(t, order.id);
      expect(ledger.filter((row) => row.kind === "refund")).toHaveLength(1);
      const mails = (await mailsTo(t, "stripe.race@example.com")).filter(
        (row) => row.kind === "order-refund",
      );
      expect(mails).toHaveLength(1);
      expect(results.filter((r) => r.json().email_queued)).toHaveLength(1);
    },
  );

  it.runIf(onRealPostgres)(
    "on PostgreSQL, 10 copies of one payment event at once record one charge",
    async () => {
      const product = await createProduct(t.database.db, { our_price: 5, sqft_per_carton: 20 });
      const started = await t.app.inject({
        method: "POST",
        url: "/api/payments/process",
        payload: buildPaymentRequest([{ product_id: product.id, quantity: 1 }]),
      });
      const { id } = started.json() as { id: string };
      const session = stripe.sessions.get(id) ?? {};
      Object.assign(session, { payment_status: "paid", payment_intent: "pi_race" });
      const events = Array.from({ length: 10 }, (_, i) =>
        signedStripeEvent(
          "checkout.session.completed",
          session,
          i % 2 ? `evt_dup_${id}` : undefined,
        ),
      );
      await Promise.all(events.map(sendWebhook));
      const [order] = await t.database.db
        .select()
        .from(orders)
        .where(eq(orders.payment_session_id, id));
      expect(await ledgerOf(t, order?.id ?? "")).toHaveLength(1);
    },
  );
});
