import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createProduct } from "../../../test/factories.ts";
import { signedStripeEvent } from "../../../test/fake-stripe.ts";
import { jobsApi, measureSlot, slot } from "../../../test/install-factories.ts";
import { useStripeTestApp } from "../../../test/test-app.ts";
import { onRealPostgres } from "../../../test/test-database.ts";
import { auditLog, mailOutbox, orderPayments, orders, products } from "../../db/schema/index.ts";

describe("an installation deposit paid through Stripe Checkout", () => {
  const { t, stripe } = useStripeTestApp();
  const api = jobsApi(t);
  const post = (url: string, payload?: object) =>
    t.app.inject({ method: "POST", url, ...(payload ? { payload } : {}) });

  it("opens a Checkout Session for the deposit and records it once when Stripe reports it paid twice", async () => {
    const crew = await api.crew("Stripe Deposit Crew");
    const product = await createProduct(t.database.db, {
      our_price: 5,
      sqft_per_carton: 20,
      stock_quantity: 50,
    });
    const job = await api.job({ customer_email: "stripe.deposit@example.com" });
    await api.call("POST", `/api/admin/jobs/${job.id}/measure`, measureSlot(crew, 2));
    // Labor $600 + 10 boxes × $100 + tax on materials $100 = $1,700; a 30% deposit is $510.
    await api.call("PUT", `/api/admin/jobs/${job.id}/estimate`, {
      lines: [
        { kind: "labour", description: "Install", quantity: 200, unit_price: 3 },
        { kind: "material", product_id: product.id, quantity: 10 },
      ],
    });
    await post(`/api/installation/jobs/${job.token}/accept`, {
      version: 1,
      full_name: "Casey Homeowner",
      terms_accepted: true,
    });

    const started = await post(`/api/installation/jobs/${job.token}/deposit`);
    expect(started.statusCode).toBe(200);
    const paymentUrl: string = started.json().payment_url;
    expect(paymentUrl).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    const sessionId = paymentUrl.split("/pay/")[1] ?? "";
    const create = stripe.requests.find(
      (r) =>
        r.path === "/v1/checkout/sessions" &&
        r.form.customer_email === "stripe.deposit@example.com",
    );
    // One line the customer pays: the deposit. The materials ride along at $0 to be reserved.
    const paidLines = Object.entries(create?.form ?? {}).filter(
      ([key, value]) => /unit_amount\]$/.test(key) && value !== "0",
    );
    expect(paidLines.map(([, value]) => value)).toEqual(["51000"]);
    const stockOf = async () =>
      (await t.database.db.select().from(products).where(eq(products.id, product.id)))[0]
        ?.stock_quantity;
    expect(await stockOf()).toBe(40);

    const event = signedStripeEvent("checkout.session.completed", {
      id: sessionId,
      payment_status: "paid",
    });
    const webhook = () =>
      t.app.inject({
        method: "POST",
        url: "/api/payments/webhook",
        payload: event.payload,
        headers: { "content-type": "application/json", "stripe-signature": event.signature },
      });
    expect((await webhook()).statusCode).toBe(200);
    expect((await webhook()).statusCode).toBe(200);
    // Recorded by the webhook itself, before the customer opens their page again.

    const deposits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity_id, String(job.id)), eq(auditLog.action, "job.deposit")));
    expect(deposits).toHaveLength(1);
    const receipts = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.dedupe_key, `job-deposit:${job.id}`));
    expect(receipts).toHaveLength(1);
    expect(await stockOf()).toBe(40);
    const view = (await t.app.inject(`/api/installation/jobs/${job.token}`)).json();
    expect(view).toMatchObject({ stage: "deposit_paid", can_pay_deposit: false });
  });

  /** A tile job whose $510 deposit Stripe reported paid; with its install booked `installIn` days out. */
  async function stripePaidJob(email: string, installIn: number) {
    const { job, crew } = await api.acceptedJob({ customer_email: email });
    await payThroughStripe(await post(`/api/installation/jobs/${job.token}/deposit`));
    await api.call("POST", `/api/admin/jobs/${job.id}/materials-ready`, {});
    await api.call("POST", `/api/admin/jobs/${job.id}/install`, slot(crew, installIn, 16, 6));
    return job;
  }

  /** Stripe reports the session of a started payment paid (twice, as webhooks may). */
  async function payThroughStripe(started: { json(): { payment_url: string } }) {
    const sessionId = started.json().payment_url.split("/pay/")[1] ?? "";
    const session = stripe.sessions.get(sessionId);
    if (session)
      Object.assign(session, { payment_status: "paid", payment_intent: `pi_${sessionId}` });
    const event = signedStripeEvent("checkout.session.completed", {
      id: sessionId,
      payment_status: "paid",
    });
    for (let i = 0; i < 2; i++)
      await t.app.inject({
        method: "POST",
        url: "/api/payments/webhook",
        payload: event.payload,
        headers: { "content-type": "application/json", "stripe-signature": event.signature },
      });
    return sessionId;
  }

  it("takes the balance after the install through Stripe Checkout, once", async () => {
    const job = await stripePaidJob("stripe.balance@example.com", 3);
    await api.call("POST", `/api/admin/jobs/${job.id}/complete`);
    const started = await post(`/api/installation/jobs/${job.token}/balance`);
    expect(started.statusCode).toBe(200);
    const create = stripe.requests.filter(
      (r) =>
        r.path === "/v1/checkout/sessions" &&
        r.form.customer_email === "stripe.balance@example.com",
    );
    // $1,700 less the $510 deposit.
    expect(create.at(-1)?.form["line_items[0][price_data][unit_amount]"]).toBe("119000");
    await payThroughStripe(started);
    const view = (await t.app.inject(`/api/installation/jobs/${job.token}`)).json();
    expect(view.balance).toMatchObject({ amount: 1190, paid_at: expect.any(String) });
    const receipts = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.dedupe_key, `job-balance:${job.id}`));
    expect(receipts).toHaveLength(1);
  });

  it("refunds a cancelled job's deposit through Stripe, the whole deposit while the install is far off", async () => {
    const job = await stripePaidJob("stripe.cancel@example.com", 20);
    const cancelled = await api.call("POST", `/api/admin/jobs/${job.id}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    const refunds = stripe.requests.filter((r) => r.path === "/v1/refunds");
    expect(refunds.at(-1)?.form).toMatchObject({ amount: "51000" });
    expect(cancelled.json().deposit_order.payments).toEqual([
      expect.objectContaining({ kind: "charge", amount: 510, provider: "stripe" }),
      expect.objectContaining({ kind: "refund", amount: 510, provider: "stripe" }),
    ]);
  });
  /**
   * A job whose customer accepted the estimate and opened the $510 deposit's Checkout Session,
   * then staff cancelled the job before Stripe reported the payment.
   */
  async function jobCancelledWhilePaying(email: string) {
    const { job, product } = await api.acceptedJob({ customer_email: email });
    const started = await post(`/api/installation/jobs/${job.token}/deposit`);
    const sessionId: string = started.json().payment_url.split("/pay/")[1] ?? "";
    expect((await api.call("POST", `/api/admin/jobs/${job.id}/cancel`)).statusCode).toBe(200);
    // The customer was still on Stripe's page and paid.
    const session = stripe.sessions.get(sessionId);
    Object.assign(session ?? {}, { payment_status: "paid", payment_intent: `pi_${sessionId}` });
    const [order] = await t.database.db
      .select()
      .from(orders)
      .where(eq(orders.payment_session_id, sessionId));
    if (!order) throw new Error("the deposit order was not found");
    const stockOf = async () =>
      (await t.database.db.select().from(products).where(eq(products.id, product.id)))[0]
        ?.stock_quantity;
    return { job, sessionId, order, stockOf };
  }

  const webhookOf = (sessionId: string) => {
    const event = signedStripeEvent("checkout.session.completed", {
      id: sessionId,
      payment_status: "paid",
    });
    return () =>
      t.app.inject({
        method: "POST",
        url: "/api/payments/webhook",
        payload: event.payload,
        headers: { "content-type": "application/json", "stripe-signature": event.signature },
      });
  };

  it("refunds in full, once, a deposit Stripe reports paid after staff cancelled the job", async () => {
    const { job, sessionId, order, stockOf } = await jobCancelledWhilePaying(
      "late.deposit@example.com",
    );
    expect(await stockOf()).toBe(50);

    const webhook = webhookOf(sessionId);
    expect((await webhook()).statusCode).toBe(200);
    expect((await webhook()).statusCode).toBe(200);
    // The customer lands on the success page too: it asks Stripe, and finds it handled.
    expect((await t.app.inject(`/api/orders/by-session/${sessionId}`)).statusCode).toBe(200);

    const refunds = stripe.refunds.filter((r) => r.payment_intent === `pi_${sessionId}`);
    expect(refunds).toEqual([expect.objectContaining({ amount: 51000 })]);
    const admin = await api.call("GET", `/api/admin/orders/${order.id}`);
    expect(admin.json()).toMatchObject({
      status: "cancelled",
      balance: 0,
      payments: [
        expect.objectContaining({ kind: "charge", amount: 510, provider: "stripe" }),
        expect.objectContaining({ kind: "refund", amount: 510, provider_id: refunds[0]?.id }),
      ],
    });
    // The materials the late payment took again are back on the shelf.
    expect(await stockOf()).toBe(50);
    const mails = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to_address, "late.deposit@example.com"));
    const refundMails = mails.filter((mail) => mail.subject.includes("refunded your payment"));
    expect(refundMails).toHaveLength(1);
    expect(refundMails[0]?.text).toContain("we refunded all of it to the card you paid with");
    const audited = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity_id, order.id), eq(auditLog.action, "order.refunded")));
    expect(audited).toHaveLength(1);
    const view = (await t.app.inject(`/api/installation/jobs/${job.token}`)).json();
    expect(view).toMatchObject({ stage: "cancelled", cancellation: { refunded: 510, kept: 0 } });
  });

  it.runIf(onRealPostgres)(
    "refunds a late deposit exactly once under 10 concurrent confirmations (webhooks and success pages)",
    async () => {
      const { sessionId, order, stockOf } = await jobCancelledWhilePaying("late.race@example.com");
      // Stripe delivers the event several times (same event) and retries it (new event ids), while
      // the customer reloads the success page.
      const sameEvent = webhookOf(sessionId);
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          i % 3 === 0
            ? sameEvent()
            : i % 3 === 1
              ? webhookOf(sessionId)()
              : t.app.inject(`/api/orders/by-session/${sessionId}`),
        ),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
      expect(stripe.refunds.filter((r) => r.payment_intent === `pi_${sessionId}`)).toHaveLength(1);
      const ledger = await t.database.db
        .select()
        .from(orderPayments)
        .where(eq(orderPayments.order_id, order.id));
      expect(ledger.map((row) => [row.kind, row.amount_cents]).sort()).toEqual([
        ["charge", 51000],
        ["refund", 51000],
      ]);
      const refundMails = (
        await t.database.db
          .select()
          .from(mailOutbox)
          .where(eq(mailOutbox.to_address, "late.race@example.com"))
      ).filter((mail) => mail.subject.includes("refunded your payment"));
      expect(refundMails).toHaveLength(1);
      expect(await stockOf()).toBe(50);
    },
  );

  /**
   * A job whose customer started the $510 deposit on Stripe twice (the first page stayed open): the
   * first order was superseded by the second. Both Stripe sessions can be paid.
   */
  async function depositStartedTwice(email: string) {
    const { job, product } = await api.acceptedJob({ customer_email: email });
    const sessions: string[] = [];
    for (let i = 0; i < 2; i++) {
      const started = await post(`/api/installation/jobs/${job.token}/deposit`);
      expect(started.statusCode).toBe(200);
      const sessionId: string = started.json().payment_url.split("/pay/")[1] ?? "";
      // The customer pays on that page (Stripe reports it below).
      const session = stripe.sessions.get(sessionId);
      Object.assign(session ?? {}, { payment_status: "paid", payment_intent: `pi_${sessionId}` });
      sessions.push(sessionId);
    }
    const [older = "", newer = ""] = sessions;
    const orderOf = async (sessionId: string) => {
      const [order] = await t.database.db
        .select()
        .from(orders)
        .where(eq(orders.payment_session_id, sessionId));
      if (!order) throw new Error("the deposit order was not found");
      return order;
    };
    const stockOf = async () =>
      (await t.database.db.select().from(products).where(eq(products.id, product.id)))[0]
        ?.stock_quantity;
    const refundsOf = (sessionId: string) =>
      stripe.refunds.filter((r) => r.payment_intent === `pi_${sessionId}`);
    const mailsOf = async (subject: string) =>
      (
        await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, email))
      ).filter((mail) => mail.subject.includes(subject));
    const jobAudit = (action: string) =>
      t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity_id, String(job.id)), eq(auditLog.action, action)));
    return { job, older, newer, orderOf, stockOf, refundsOf, mailsOf, jobAudit };
  }

  it("sends Stripe's back button of an installation payment to the job's page, not the cart", async () => {
    const { job } = await depositStartedTwice("twice.back@example.com");
    const create = stripe.requests.find(
      (r) =>
        r.path === "/v1/checkout/sessions" && r.form.customer_email === "twice.back@example.com",
    );
    expect(create?.form.cancel_url).toBe(
      `${new URL(create?.form.success_url ?? "").origin}/installation/jobs/${job.token}`,
    );
  });

  it("counts, once, a deposit paid on the older Stripe page after a newer one was started", async () => {
    const { job, older, newer, orderOf, stockOf, refundsOf, mailsOf, jobAudit } =
      await depositStartedTwice("twice.older@example.com");
    // Stripe reports the older session twice, and the customer lands on its success page.
    const webhook = webhookOf(older);
    expect((await webhook()).statusCode).toBe(200);
    expect((await webhook()).statusCode).toBe(200);
    expect((await t.app.inject(`/api/orders/by-session/${older}`)).statusCode).toBe(200);

    const view = (await t.app.inject(`/api/installation/jobs/${job.token}`)).json();
    expect(view).toMatchObject({ stage: "deposit_paid", can_pay_deposit: false });
    expect(await jobAudit("job.deposit")).toHaveLength(1);
    expect(await mailsOf("Deposit received")).toHaveLength(1);
    expect(refundsOf(older)).toEqual([]);
    const detail = (await api.call("GET", `/api/admin/jobs/${job.id}`)).json();
    expect(detail.deposit_order).toMatchObject({
      friendly_order_id: (await orderOf(older)).friendly_order_id,
      payment_status: "paid",
    });
    // The newer page's order is cancelled and its boxes released: 10 boxes held, not 20.
    expect(await orderOf(newer)).toMatchObject({
      status: "cancelled",
      payment_status: "cancelled",
    });
    expect(await stockOf()).toBe(40);
  });

  it("refunds, once, a deposit paid on the older Stripe page after the newer one paid it", async () => {
    const { job, older, newer, orderOf, stockOf, refundsOf, mailsOf, jobAudit } =
      await depositStartedTwice("twice.both@example.com");
    expect((await webhookOf(newer)()).statusCode).toBe(200);
    const webhook = webhookOf(older);
    expect((await webhook()).statusCode).toBe(200);
    expect((await webhook()).statusCode).toBe(200);
    expect((await t.app.inject(`/api/orders/by-session/${older}`)).statusCode).toBe(200);

    expect(refundsOf(newer)).toEqual([]);
    expect(refundsOf(older)).toEqual([expect.objectContaining({ amount: 51000 })]);
    const olderOrder = await orderOf(older);
    const admin = (await api.call("GET", `/api/admin/orders/${olderOrder.id}`)).json();
    expect(admin).toMatchObject({ status: "cancelled", balance: 0 });
    expect(admin.payments).toEqual([
      expect.objectContaining({ kind: "charge", amount: 510 }),
      expect.objectContaining({
        kind: "refund",
        amount: 510,
        reason: "The installation's deposit was already paid",
      }),
    ]);
    const detail = (await api.call("GET", `/api/admin/jobs/${job.id}`)).json();
    expect(detail.deposit_order).toMatchObject({
      friendly_order_id: (await orderOf(newer)).friendly_order_id,
      payment_status: "paid",
    });
    expect(await jobAudit("job.deposit")).toHaveLength(1);
    expect(await jobAudit("job.duplicate_payment_refunded")).toHaveLength(1);
    const refundMails = await mailsOf("refunded your second payment of $510.00");
    expect(refundMails).toHaveLength(1);
    expect(refundMails[0]?.text).toContain(
      `This payment of your installation was already made (order ${(await orderOf(newer)).friendly_order_id})`,
    );
    expect(await stockOf()).toBe(40);
  });

  it.runIf(onRealPostgres)(
    "keeps exactly one of two paid deposits under 10 concurrent confirmations of both, refunding the other once",
    async () => {
      const { job, older, newer, orderOf, stockOf, refundsOf, mailsOf, jobAudit } =
        await depositStartedTwice("twice.race@example.com");
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) => {
          const sessionId = i % 2 ? older : newer;
          return i % 4 < 2
            ? webhookOf(sessionId)()
            : t.app.inject(`/api/orders/by-session/${sessionId}`);
        }),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
      const refunds = [...refundsOf(older), ...refundsOf(newer)];
      expect(refunds).toEqual([expect.objectContaining({ amount: 51000 })]);
      const detail = (await api.call("GET", `/api/admin/jobs/${job.id}`)).json();
      expect(detail.job.stage).toBe("deposit_paid");
      const kept = detail.deposit_order.friendly_order_id;
      const ledgers = [];
      for (const sessionId of [older, newer]) {
        const order = await orderOf(sessionId);
        const ledger = await t.database.db
          .select()
          .from(orderPayments)
          .where(eq(orderPayments.order_id, order.id));
        ledgers.push([
          order.friendly_order_id === kept,
          ledger.map((row) => [row.kind, row.amount_cents]).sort(),
        ]);
      }
      expect(ledgers.sort()).toEqual([
        [
          false,
          [
            ["charge", 51000],
            ["refund", 51000],
          ],
        ],
        [true, [["charge", 51000]]],
      ]);
      expect(await jobAudit("job.deposit")).toHaveLength(1);
      expect(await mailsOf("refunded your second payment")).toHaveLength(1);
      expect(await stockOf()).toBe(40);
    },
  );
});
