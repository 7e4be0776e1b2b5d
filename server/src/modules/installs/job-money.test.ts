import { storeToday } from "@mcf/contracts/store-today";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { callAdmin } from "../../../test/admin-requests.ts";
import { jobsApi, slot } from "../../../test/install-factories.ts";
import { createStaffSession } from "../../../test/staff-factories.ts";
import { useTestApp } from "../../../test/test-app.ts";
import { onRealPostgres } from "../../../test/test-database.ts";
import { mailOutbox, products } from "../../db/schema/index.ts";
import { markPaid } from "../orders/orders.service.ts";
import { createTestProvider } from "../payments/test-provider.ts";
import { recordJobPayment } from "./installs.service.ts";

const dayMs = 24 * 60 * 60 * 1000;

describe("installation job money: cancellation refunds, the balance, the deposit address", () => {
  const t = useTestApp();
  const api = jobsApi(t);
  const page = (token: string) =>
    t.app.inject({ method: "GET", url: `/api/installation/jobs/${token}` });
  const post = (url: string, payload?: object) =>
    t.app.inject({ method: "POST", url, ...(payload ? { payload } : {}) });
  const mailsKeyed = (key: string) =>
    t.database.db.select().from(mailOutbox).where(eq(mailOutbox.dedupe_key, key));
  const stockOf = async (productId: number) =>
    (await t.database.db.select().from(products).where(eq(products.id, productId)))[0]
      ?.stock_quantity;

  /** Saves the cancellation policy in Settings, as the owner does on the Settings tab. */
  async function setPolicy(fullRefundDays: number, keptPercent: number) {
    const current = (await callAdmin(t, "GET", "/api/admin/settings")).json().settings;
    const saved = await callAdmin(t, "PUT", "/api/admin/settings", {
      ...current,
      business_numbers: {
        ...current.business_numbers,
        install_full_refund_days: fullRefundDays,
        install_cancel_kept_percent: keptPercent,
      },
    });
    expect(saved.statusCode).toBe(200);
  }

  /** Pays on the test provider's page whatever `started` (a deposit or balance start) opened. */
  async function payOnTestPage(started: { json(): { payment_url: string } }) {
    const sessionId = started.json().payment_url.split("/pay/")[1];
    await post(`/api/payments/test-sessions/${sessionId}/pay`, {
      card_number: "4242 4242 4242 4242",
    });
    return sessionId as string;
  }

  /**
   * A tile job (no acclimation) whose $510 deposit is paid on the test page (estimate $1,700:
   * $600 labour, 10 boxes at $100, $100 tax); with `installInDays`, the install is booked then.
   */
  async function paidJob(installInDays?: number) {
    const { job, crew, product } = await api.acceptedJob();
    await payOnTestPage(await post(`/api/installation/jobs/${job.token}/deposit`));
    let installStart: string | null = null;
    if (installInDays !== undefined) {
      await api.call("POST", `/api/admin/jobs/${job.id}/materials-ready`, {});
      const visit = slot(crew, installInDays, 16, 6);
      const booked = await api.call("POST", `/api/admin/jobs/${job.id}/install`, visit);
      expect(booked.statusCode).toBe(200);
      installStart = visit.starts_at;
    }
    return { job, crew, product, installStart };
  }

  /** Store days (Birmingham) from today to the install's day. */
  const storeDaysUntil = (startsAt: string) =>
    Math.round(
      (Date.parse(`${storeToday(new Date(startsAt))}T00:00:00Z`) -
        Date.parse(`${storeToday()}T00:00:00Z`)) /
        dayMs,
    );

  it("a deposit confirmed on the test page after staff cancelled the job is refunded in full, once, and emailed", async () => {
    const { job, product } = await api.acceptedJob({
      customer_email: "late.test@example.com",
    });
    const started = await post(`/api/installation/jobs/${job.token}/deposit`);
    const sessionId: string = started.json().payment_url.split("/pay/")[1];
    expect((await api.call("POST", `/api/admin/jobs/${job.id}/cancel`)).statusCode).toBe(200);
    expect(await stockOf(product.id)).toBe(50);
    // Paying on the page from now on is refused: the session closed with the job.
    const refused = await post(`/api/payments/test-sessions/${sessionId}/pay`, {
      card_number: "4242 4242 4242 4242",
    });
    expect(refused.json()).toEqual({
      detail: "This payment session is closed. Please return to your cart and try again.",
    });
    // A confirmation that passed the page's check just before staff cancelled lands after it,
    // and is reported twice.
    const db = t.database.db;
    const options = { publicUrl: "http://store.test", refunds: createTestProvider() };
    const paid = await markPaid(db, sessionId, options);
    if (!paid) throw new Error("the deposit session was not found");
    expect(await recordJobPayment(db, paid.orderId, options)).toBe(true);
    expect(await recordJobPayment(db, paid.orderId, options)).toBe(false);

    const order = (await api.call("GET", `/api/admin/orders/${paid.orderId}`)).json();
    expect(order).toMatchObject({ status: "cancelled", balance: 0 });
    expect(order.payments).toEqual([
      expect.objectContaining({ kind: "charge", amount: 510 }),
      expect.objectContaining({
        kind: "refund",
        amount: 510,
        reason: "Paid after the installation was cancelled",
      }),
    ]);
    expect(await stockOf(product.id)).toBe(50);
    const mails = await mailsKeyed(`job-late-refund:${job.id}:${order.friendly_order_id}`);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain("We refunded your payment of $510.00");
    expect((await page(job.token)).json()).toMatchObject({
      stage: "cancelled",
      cancellation: { refunded: 510, kept: 0 },
    });
  });

  it("the deposit order is billed to the job's street, city, state and ZIP", async () => {
    const { job } = await paidJob();
    const detail = (await api.call("GET", `/api/admin/jobs/${job.id}`)).json();
    expect(detail.deposit_order.billing_address).toMatchObject({
      street: "42 Magnolia Ave",
      city: "Birmingham",
      state: "AL",
      zip_code: "35205",
    });
  });

  it("leaving the test payment page of a deposit leads back to the job's page, and the boxes go back", async () => {
    const { job, product } = await api.acceptedJob();
    const started = await post(`/api/installation/jobs/${job.token}/deposit`);
    const sessionId: string = started.json().payment_url.split("/pay/")[1];
    const jobPage = `/installation/jobs/${job.token}`;
    const session = await t.app.inject(`/api/payments/test-sessions/${sessionId}`);
    expect(session.json()).toMatchObject({ purpose: "installation", back_url: jobPage });
    expect(await stockOf(product.id)).toBe(40);

    const left = await post(`/api/payments/test-sessions/${sessionId}/cancel`);
    expect(left.json()).toEqual({ redirect_url: jobPage });
    expect(await stockOf(product.id)).toBe(50);
    expect((await page(job.token)).json()).toMatchObject({ can_pay_deposit: true });
  });

  it("cancelling on the last full-refund day refunds the whole deposit to the card, releases the materials and emails the amount", async () => {
    const { job, product, installStart } = await paidJob(5);
    expect(await stockOf(product.id)).toBe(40);
    // The policy's last full-refund day is today (store time): everything goes back.
    await setPolicy(storeDaysUntil(installStart as string), 12.5);
    const cancelled = await api.call("POST", `/api/admin/jobs/${job.id}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().job).toMatchObject({
      stage: "cancelled",
      cancel_refund: 510,
      cancel_kept: 0,
    });
    const order = (
      await api.call("GET", `/api/admin/orders/${cancelled.json().job.deposit_order_id}`)
    ).json();
    expect(order.status).toBe("cancelled");
    expect(order.payments).toEqual([
      expect.objectContaining({ kind: "charge", amount: 510 }),
      expect.objectContaining({ kind: "refund", amount: 510, reason: "Installation cancelled" }),
    ]);
    expect(await stockOf(product.id)).toBe(50);
    const [mail] = await mailsKeyed(`job-cancel:${job.id}`);
    expect(mail?.text).toContain("We refunded $510.00 of your deposit");
    const view = (await page(job.token)).json();
    expect(view).toMatchObject({
      stage: "cancelled",
      cancellation: { refunded: 510, kept: 0 },
    });
  });

  it("a staff role that may not refund that much cannot cancel a paid job: 403, and the job and its deposit stay", async () => {
    const { job } = await paidJob();
    const staff = await createStaffSession(t.app, { role: "staff" });
    await callAdmin(t, "PUT", "/api/admin/settings/refunds", {
      roles: [{ role: "staff", may_refund: true, max_refund: 50 }],
    });
    try {
      const refused = await t.app.inject({
        method: "POST",
        url: `/api/admin/jobs/${job.id}/cancel`,
        headers: { cookie: staff.cookie },
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().detail).toBe(
        "A refund of $510.00 is more than the $50.00 your role (staff) may refund at once, so nothing was refunded. Ask the owner to do it.",
      );
      const still = (await api.call("GET", `/api/admin/jobs/${job.id}`)).json().job;
      expect(still.stage).not.toBe("cancelled");
      const order = (await api.call("GET", `/api/admin/orders/${still.deposit_order_id}`)).json();
      expect(order.payments).toEqual([expect.objectContaining({ kind: "charge", amount: 510 })]);
      expect(await mailsKeyed(`job-cancel:${job.id}`)).toHaveLength(0);
    } finally {
      await callAdmin(t, "PUT", "/api/admin/settings/refunds", {
        roles: [{ role: "staff", may_refund: true, max_refund: null }],
      });
    }
  });

  it("cancelling a day past the full-refund days keeps the policy's percent, to the cent", async () => {
    const { job, installStart } = await paidJob(5);
    // One day more than there is left: the cancellation is late, 12.5% of $510 is kept.
    await setPolicy(storeDaysUntil(installStart as string) + 1, 12.5);
    // Staff read what the cancellation will do before they confirm it.
    const quote = await api.call("GET", `/api/admin/jobs/${job.id}/cancellation`);
    expect(quote.json()).toEqual({ refund: 446.25, kept: 63.75 });
    const cancelled = await api.call("POST", `/api/admin/jobs/${job.id}/cancel`);
    expect(cancelled.json().job).toMatchObject({ cancel_refund: 446.25, cancel_kept: 63.75 });
    expect(cancelled.json().deposit_order.payments).toEqual([
      expect.objectContaining({ kind: "charge", amount: 510 }),
      expect.objectContaining({ kind: "refund", amount: 446.25 }),
    ]);
    const [mail] = await mailsKeyed(`job-cancel:${job.id}`);
    expect(mail?.subject).toMatch(/^Your installation was cancelled/);
    expect(mail?.text).toContain("We refunded $446.25 of your deposit");
    expect(mail?.text).toContain("we kept $63.75 of the deposit");
    expect((await page(job.token)).json().cancellation).toMatchObject({
      refunded: 446.25,
      kept: 63.75,
    });
    const again = await api.call("POST", `/api/admin/jobs/${job.id}/cancel`);
    expect(again.statusCode).toBe(409);
    expect((await api.call("GET", `/api/admin/jobs/${job.id}/cancellation`)).statusCode).toBe(409);
  });

  it("after the install, the customer pays the balance once from their page; staff see it paid and a receipt is emailed", async () => {
    const { job } = await paidJob(2);
    const early = await post(`/api/installation/jobs/${job.token}/balance`);
    expect(early.statusCode).toBe(409);
    expect(early.json().detail).toBe("The balance is due once your installation is completed.");
    expect((await api.call("POST", `/api/admin/jobs/${job.id}/complete`)).statusCode).toBe(200);
    expect((await page(job.token)).json()).toMatchObject({
      stage: "completed",
      balance: { amount: 1190, paid_at: null },
      can_pay_balance: true,
    });
    // A first payment page left open, then a second: only the one paid counts.
    await post(`/api/installation/jobs/${job.token}/balance`);
    const started = await post(`/api/installation/jobs/${job.token}/balance`);
    expect(started.statusCode).toBe(200);
    const sessionId = await payOnTestPage(started);
    await payOnTestPage(started);
    await t.app.inject({ method: "GET", url: `/api/orders/by-session/${sessionId}` });
    const view = (await page(job.token)).json();
    expect(view.balance.paid_at).toEqual(expect.any(String));
    expect(view.can_pay_balance).toBe(false);
    const twice = await post(`/api/installation/jobs/${job.token}/balance`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().detail).toBe("Your balance is already paid. Thank you!");
    const detail = (await api.call("GET", `/api/admin/jobs/${job.id}`)).json();
    expect(detail.job.balance_paid_at).toEqual(expect.any(String));
    expect(detail.balance_order).toMatchObject({
      payment_status: "paid",
      total_amount: 1190,
      billing_address: { city: "Birmingham", zip_code: "35205" },
    });
    const receipts = await mailsKeyed(`job-balance:${job.id}`);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.text).toContain("We received $1,190.00");
  });

  /** A completed job whose customer opened the $1,190 balance's payment twice; both orders. */
  async function balanceStartedTwice() {
    const { job } = await paidJob(2);
    expect((await api.call("POST", `/api/admin/jobs/${job.id}/complete`)).statusCode).toBe(200);
    const sessions: string[] = [];
    for (let i = 0; i < 2; i++) {
      const started = await post(`/api/installation/jobs/${job.token}/balance`);
      expect(started.statusCode).toBe(200);
      sessions.push(started.json().payment_url.split("/pay/")[1]);
    }
    const [older = "", newer = ""] = sessions;
    const db = t.database.db;
    const options = { publicUrl: "http://store.test", refunds: createTestProvider() };
    /** A confirmation of `sessionId` that passed the payment page's check, reported twice. */
    const confirm = async (sessionId: string) => {
      const paid = await markPaid(db, sessionId, options);
      if (!paid) throw new Error("the balance session was not found");
      const first = await recordJobPayment(db, paid.orderId, options);
      const second = await recordJobPayment(db, paid.orderId, options);
      return { orderId: paid.orderId, recorded: [first, second] };
    };
    return { job, older, newer, confirm };
  }

  it("a balance paid on the older payment page after a newer one was opened counts, once, and the newer order is cancelled", async () => {
    const { job, older, newer, confirm } = await balanceStartedTwice();
    const paid = await confirm(older);
    expect(paid.recorded).toEqual([true, false]);
    const view = (await page(job.token)).json();
    expect(view).toMatchObject({
      can_pay_balance: false,
      balance: { paid_at: expect.any(String) },
    });
    const detail = (await api.call("GET", `/api/admin/jobs/${job.id}`)).json();
    const olderOrder = (await api.call("GET", `/api/admin/orders/${paid.orderId}`)).json();
    expect(detail.balance_order).toMatchObject({
      friendly_order_id: olderOrder.friendly_order_id,
      payment_status: "paid",
    });
    expect(olderOrder.payments).toEqual([
      expect.objectContaining({ kind: "charge", amount: 1190 }),
    ]);
    expect(await mailsKeyed(`job-balance:${job.id}`)).toHaveLength(1);
    // The newer page can no longer take the money: its order was cancelled.
    const refused = await post(`/api/payments/test-sessions/${newer}/pay`, {
      card_number: "4242 4242 4242 4242",
    });
    expect(refused.json()).toEqual({
      detail: "This payment session is closed. Please return to your cart and try again.",
    });
  });

  it("a balance paid on both payment pages is kept once: the second payment is refunded in full, once, and emailed", async () => {
    const { job, older, newer, confirm } = await balanceStartedTwice();
    expect((await confirm(newer)).recorded).toEqual([true, false]);
    const twice = await confirm(older);
    expect(twice.recorded).toEqual([true, false]);
    const order = (await api.call("GET", `/api/admin/orders/${twice.orderId}`)).json();
    expect(order).toMatchObject({ status: "cancelled", balance: 0 });
    expect(order.payments).toEqual([
      expect.objectContaining({ kind: "charge", amount: 1190 }),
      expect.objectContaining({
        kind: "refund",
        amount: 1190,
        reason: "The installation's balance was already paid",
      }),
    ]);
    const detail = (await api.call("GET", `/api/admin/jobs/${job.id}`)).json();
    expect(detail.balance_order.payments).toEqual([
      expect.objectContaining({ kind: "charge", amount: 1190 }),
    ]);
    expect(await mailsKeyed(`job-balance:${job.id}`)).toHaveLength(1);
    const refundMails = await mailsKeyed(
      `job-duplicate-refund:${job.id}:${order.friendly_order_id}`,
    );
    expect(refundMails).toHaveLength(1);
    expect(refundMails[0]?.subject).toContain("We refunded your second payment of $1,190.00");
  });

  it("refuses the balance of a cancelled job with a clear message", async () => {
    const { job } = await paidJob();
    await api.call("POST", `/api/admin/jobs/${job.id}/cancel`);
    const refused = await post(`/api/installation/jobs/${job.token}/balance`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(
      "This installation was cancelled, so there is no balance to pay.",
    );
  });

  it.runIf(onRealPostgres)(
    "20 staff cancelling one paid job at once refund its deposit exactly once",
    async () => {
      const { job } = await paidJob(5);
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => api.call("POST", `/api/admin/jobs/${job.id}/cancel`)),
      );
      expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
      expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(19);
      const detail = (await api.call("GET", `/api/admin/jobs/${job.id}`)).json();
      expect(
        detail.deposit_order.payments.filter((p: { kind: string }) => p.kind === "refund"),
      ).toHaveLength(1);
      expect(await mailsKeyed(`job-cancel:${job.id}`)).toHaveLength(1);
    },
  );
});
