import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrder, createProduct } from "../test/factories.ts";
import { createTestApp, type TestApp } from "../test/test-app.ts";
import { orders, products } from "./db/schema/index.ts";

describe("background jobs", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("without an SMTP server there is no mail sender, and tests run a payment sweep on demand", async () => {
    expect(t.app.jobs.mail).toBeNull();
    const product = await createProduct(t.database.db, { stock_quantity: 1 });
    const overdue = await createOrder(t.database.db, {
      status: "pending",
      payment_status: "unpaid",
      stock_status: "reserved",
      paid_at: null,
      payment_expires_at: new Date(Date.now() - 60_000),
      lines: [{ product, quantity: 2 }],
    });
    expect(await t.app.jobs.sweepExpiredPayments()).toBe(1);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, overdue.id));
    expect(order).toMatchObject({
      status: "cancelled",
      payment_status: "expired",
      stock_status: "released",
    });
    const [shelf] = await t.database.db.select().from(products).where(eq(products.id, product.id));
    expect(shelf?.stock_quantity).toBe(3);
    expect(await t.app.jobs.sweepExpiredPayments()).toBe(0);
  });
});

describe("background jobs with a mail server", () => {
  it("stopping the jobs closes the mail transport once, however often it is asked", async () => {
    let closed = 0;
    const sent: string[] = [];
    const t = await createTestApp({
      mailTransport: {
        async send(mail) {
          sent.push(mail.subject);
        },
        close() {
          closed += 1;
        },
      },
    });
    const jobs = t.app.jobs;
    jobs.start();
    jobs.start();
    await jobs.stop();
    await jobs.stop();
    expect(closed).toBe(1);
    await t.close();
    expect(closed).toBe(1);
    expect(sent).toEqual([]);
  });
});
