import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, orders } from "../src/db/schema/index.ts";
import { buildPaymentRequest, createProduct } from "./factories.ts";
import { startTestSmtpServer, type TestSmtpServer } from "./smtp-test-server.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

// Ports of this suite (4320-4329 belong to the reliability tests).
const smtpPort = 4324;

/**
 * The store as configured in production (SMTP_URL, one transport for the process's life) while
 * the mail server is down, then back: the confirmation waits in the outbox and goes out once.
 */
describe("SMTP down and back, through the store's own mail worker", () => {
  let t: TestApp;
  let smtp: TestSmtpServer | undefined;
  beforeAll(async () => {
    t = await createTestApp({
      config: { smtpUrl: `smtp://127.0.0.1:${smtpPort}?ignoreTLS=true` },
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp?.close();
  });

  const outbox = async () =>
    (
      await t.database.db.execute(
        sql`select status, attempts, last_error, dedupe_key from mail_outbox order by id`,
      )
    ).rows as Array<{ status: string; attempts: number; last_error: string | null }>;

  it("a paid order's confirmation stays queued while SMTP is down and is delivered once when it returns", async () => {
    const worker = t.app.jobs.mail;
    if (!worker) throw new Error("SMTP_URL is set, so the store must run a mail worker");
    const p = await createProduct(t.database.db, { stock_quantity: 10 });
    const payment = buildPaymentRequest([{ product_id: p.id, quantity: 2 }]);
    const { id } = (
      await t.app.inject({ method: "POST", url: "/api/payments/process", payload: payment })
    ).json();
    const paid = await t.app.inject({
      method: "POST",
      url: `/api/payments/test-sessions/${id}/pay`,
      payload: { card_number: "4242 4242 4242 4242" },
    });
    // The shopper's payment does not depend on the mail server.
    expect(paid.statusCode).toBe(200);
    expect(await worker.runOnce()).toBe(0);
    const [queued] = await outbox();
    expect(queued).toMatchObject({ status: "pending" });
    expect(queued?.attempts).toBeGreaterThanOrEqual(1);
    expect(queued?.last_error).toMatch(/ECONNREFUSED|connect/i);

    smtp = await startTestSmtpServer(smtpPort);
    // The retry waits for its back-off; make it due now, as time passing would.
    await t.database.db.execute(sql`update mail_outbox set next_attempt_at = now()`);
    expect(await worker.runOnce()).toBe(1);
    expect(await worker.runOnce()).toBe(0);
    const [message] = await smtp.waitFor(1);
    const [order] = await t.database.db
      .select()
      .from(orders)
      .where(eq(orders.payment_session_id, id));
    expect(message?.subject).toContain(order?.friendly_order_id);
    expect(message?.to).toMatchObject({ text: payment.customer_email });
    expect(await outbox()).toMatchObject([{ status: "sent" }]);

    // Paying again (a double click, a retried request) queues nothing more.
    await t.app.inject({
      method: "POST",
      url: `/api/payments/test-sessions/${id}/pay`,
      payload: { card_number: "4242 4242 4242 4242" },
    });
    await t.database.db.execute(sql`update mail_outbox set next_attempt_at = now()`);
    expect(await worker.runOnce()).toBe(0);
    expect(smtp.messages).toHaveLength(1);
    expect(
      await t.database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.dedupe_key, `order-confirmation:${order?.id}`)),
    ).toHaveLength(1);
  });
});
