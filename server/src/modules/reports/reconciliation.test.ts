import { toDollars } from "@mcf/contracts/money";
import { storeToday } from "@mcf/contracts/store-today";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { callAdmin } from "../../../test/admin-requests.ts";
import { buildPaymentRequest, createOrder, createProduct } from "../../../test/factories.ts";
import { signedChargeRefundedEvent, signedStripeEvent } from "../../../test/fake-stripe.ts";
import { useStripeTestApp, useTestApp } from "../../../test/test-app.ts";
import { onRealPostgres } from "../../../test/test-database.ts";
import { auditLog, mailOutbox, orderItems, orderPayments, orders } from "../../db/schema/index.ts";

describe("the daily reconciliation report (test provider)", () => {
  const t = useTestApp();

  it("lists the day's orders whose ledger disagrees with their totals, with what to look at, and exports them", async () => {
    const db = t.database.db;
    const product = await createProduct(db, { our_price: 2.5, sqft_per_carton: 20 });
    const lines = [{ product, quantity: 2 }];
    const fine = await createOrder(db, { lines });
    const noCharge = await createOrder(db, { lines });
    await db.delete(orderPayments).where(eq(orderPayments.order_id, noCharge.id));
    const cancelledKept = await createOrder(db, {
      lines,
      status: "cancelled",
      stock_status: "released",
    });
    const overRefunded = await createOrder(db, { lines });
    await db.insert(orderPayments).values({
      order_id: overRefunded.id,
      kind: "refund",
      amount_cents: overRefunded.total_amount_cents + 100,
      provider: "test",
      provider_id: "test_re_too_much",
    });

    const res = await callAdmin(t, "GET", "/api/admin/reports/reconciliation");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ date: storeToday(), provider_checked: false });
    const problemsOf = (id: string) =>
      body.orders.find((row: { order_id: string }) => row.order_id === id)?.problems;
    const total = toDollars(fine.total_amount_cents).toFixed(2);
    expect(problemsOf(fine.id)).toBeUndefined();
    expect(problemsOf(noCharge.id)).toEqual([
      `Marked paid, but the ledger has no charge for its $${total}.`,
    ]);
    expect(problemsOf(cancelledKept.id)).toEqual([
      `Cancelled, but $${total} of the customer's money was not refunded.`,
    ]);
    expect(problemsOf(overRefunded.id)).toEqual([
      `Refunded $${(Number(total) + 1).toFixed(2)}, more than the $${total} charged.`,
    ]);

    const csv = await callAdmin(
      t,
      "GET",
      `/api/admin/reports/reconciliation.csv?date=${storeToday()}`,
    );
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.body).toContain(noCharge.friendly_order_id);
    expect(csv.body).not.toContain(fine.friendly_order_id);

    const otherDay = await callAdmin(t, "GET", "/api/admin/reports/reconciliation?date=2020-01-01");
    expect(otherDay.json()).toEqual({
      date: "2020-01-01",
      checked: 0,
      provider_checked: false,
      orders: [],
    });
    const bad = await callAdmin(t, "GET", "/api/admin/reports/reconciliation?date=2020-02-30");
    expect(bad.statusCode).toBe(422);
  });
});

describe("Stripe: refunds made in its dashboard, and the reconciliation with Stripe", () => {
  const { t, stripe } = useStripeTestApp();

  const sendWebhook = (event: { payload: string; signature: string }) =>
    t.app.inject({
      method: "POST",
      url: "/api/payments/webhook",
      payload: event.payload,
      headers: { "content-type": "application/json", "stripe-signature": event.signature },
    });

  /** A Stripe order paid through Checkout: its session took the total on payment intent `pi`. */
  async function paidStripeOrder(email: string) {
    const product = await createProduct(t.database.db, { our_price: 5, sqft_per_carton: 20 });
    const started = await t.app.inject({
      method: "POST",
      url: "/api/payments/process",
      payload: buildPaymentRequest([{ product_id: product.id, quantity: 2 }], {
        customer_email: email,
      }),
    });
    const { id } = started.json() as { id: string };
    const pi = `pi_${id.slice(-14)}`;
    const session = stripe.sessions.get(id) ?? {};
    Object.assign(session, { payment_status: "paid", payment_intent: pi });
    expect(
      (await sendWebhook(signedStripeEvent("checkout.session.completed", session))).statusCode,
    ).toBe(200);
    const [order] = await t.database.db
      .select()
      .from(orders)
      .where(eq(orders.payment_session_id, id));
    if (!order) throw new Error("no order");
    const totalCents = order.total_amount_cents;
    session.amount_total = totalCents;
    stripe.paymentIntents.set(pi, { id: pi, metadata: { order_id: order.id } });
    return { order, pi, totalCents };
  }
  const refundsOf = (orderId: string) =>
    t.database.db
      .select()
      .from(orderPayments)
      .where(and(eq(orderPayments.order_id, orderId), eq(orderPayments.kind, "refund")));

  it("a refund made in Stripe's dashboard is recorded once from charge.refunded, audited as the dashboard, emailed once", async () => {
    const { order, pi, totalCents } = await paidStripeOrder("dashboard.refund@example.com");
    const refund = stripe.refundInDashboard(pi, 1500);
    const event = signedChargeRefundedEvent({
      paymentIntent: pi,
      amountCents: totalCents,
      refundedCents: 1500,
    });
    for (const copy of [
      event,
      event,
      signedChargeRefundedEvent({
        paymentIntent: pi,
        amountCents: totalCents,
        refundedCents: 1500,
      }),
    ])
      expect((await sendWebhook(copy)).statusCode).toBe(200);
    expect(await refundsOf(order.id)).toMatchObject([
      { amount_cents: 1500, provider: "stripe", provider_id: refund.id, staff: "Stripe dashboard" },
    ]);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity_id, order.id), eq(auditLog.action, "order.refunded")));
    expect(audit).toMatchObject([{ actor: "Stripe dashboard", after: { amount: 15 } }]);
    const mails = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to_address, "dashboard.refund@example.com"));
    expect(mails.filter((mail) => mail.kind === "order-refund")).toHaveLength(1);

    // A refund this server made is already in the ledger: its event adds nothing and emails no one.
    const cancelled = await callAdmin(t, "PATCH", `/api/admin/orders/${order.id}/status`, {
      status: "cancelled",
    });
    expect(cancelled.statusCode).toBe(200);
    await sendWebhook(
      signedChargeRefundedEvent({
        paymentIntent: pi,
        amountCents: totalCents,
        refundedCents: totalCents,
      }),
    );
    const refunds = await refundsOf(order.id);
    expect(refunds.map((row) => row.amount_cents).sort((a, b) => a - b)).toEqual(
      [1500, totalCents - 1500].sort((a, b) => a - b),
    );
    const refundMails = (
      await t.database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.to_address, "dashboard.refund@example.com"))
    ).filter((mail) => mail.kind === "order-refund");
    expect(refundMails).toHaveLength(2);
  });

  it("the reconciliation asks Stripe and lists an order whose Stripe refunds the ledger does not hold", async () => {
    const { order: agreeing } = await paidStripeOrder("agree@example.com");
    const { order, pi } = await paidStripeOrder("disagree@example.com");
    // Refunded in the dashboard, and the event never arrived.
    stripe.refundInDashboard(pi, 2000);
    const res = await callAdmin(t, "GET", "/api/admin/reports/reconciliation");
    expect(res.json().provider_checked).toBe(true);
    const rows = res.json().orders as Array<{ order_id: string; problems: string[] }>;
    expect(rows.find((row) => row.order_id === agreeing.id)).toBeUndefined();
    expect(rows.find((row) => row.order_id === order.id)).toMatchObject({
      provider_refunded: 20,
      refunded: 0,
      problems: ["Stripe refunded $20.00, but the ledger has $0.00 refunded."],
    });
  });

  it("a line cancel of a Stripe order refunds its payment intent once; Stripe's event for it adds nothing and the day reconciles", async () => {
    const { order, pi, totalCents } = await paidStripeOrder("stripe.lines@example.com");
    const [line] = await t.database.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.order_id, order.id));
    const res = await callAdmin(t, "POST", `/api/admin/orders/${order.id}/cancel-lines`, {
      lines: [{ order_item_id: line?.id, boxes: 1 }],
      reason: "One box less",
    });
    expect(res.statusCode).toBe(200);
    const refundCents = Math.round(res.json().refund * 100);
    const calls = stripe.requests.filter(
      (r) => r.path === "/v1/refunds" && r.form.payment_intent === pi,
    );
    expect(calls).toMatchObject([
      {
        form: { amount: String(refundCents) },
        idempotencyKey: expect.stringMatching(`^cancel-lines:${order.id}:0:`),
      },
    ]);
    await sendWebhook(
      signedChargeRefundedEvent({
        paymentIntent: pi,
        amountCents: totalCents,
        refundedCents: refundCents,
      }),
    );
    expect(await refundsOf(order.id)).toMatchObject([
      { amount_cents: refundCents, staff: "admin" },
    ]);
    const day = await callAdmin(t, "GET", "/api/admin/reports/reconciliation");
    expect(
      day.json().orders.find((row: { order_id: string }) => row.order_id === order.id),
    ).toBeUndefined();
  });

  it.runIf(onRealPostgres)(
    "on PostgreSQL, 10 copies of one charge.refunded event at once record its refund once",
    async () => {
      const { order, pi, totalCents } = await paidStripeOrder("dashboard.race@example.com");
      stripe.refundInDashboard(pi, 700);
      const event = signedChargeRefundedEvent({
        paymentIntent: pi,
        amountCents: totalCents,
        refundedCents: 700,
      });
      const others = Array.from({ length: 5 }, () =>
        signedChargeRefundedEvent({
          paymentIntent: pi,
          amountCents: totalCents,
          refundedCents: 700,
        }),
      );
      const results = await Promise.all([...Array(5).fill(event), ...others].map(sendWebhook));
      expect(results.every((res) => res.statusCode === 200)).toBe(true);
      expect(await refundsOf(order.id)).toHaveLength(1);
    },
  );
});
