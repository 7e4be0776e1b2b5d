import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../src/db/client.ts";
import { mailOutbox, orderItems, orders, products } from "../src/db/schema/index.ts";
import { enqueueMail } from "../src/mail/outbox.ts";
import { renderEmail } from "../src/mail/templates.ts";
import { createSmtpTransport } from "../src/mail/transport.ts";
import { buildPaymentRequest, createProduct } from "./factories.ts";
import { createPostgresTestDatabase } from "./process-harness.ts";
import { startTestSmtpServer, type TestSmtpServer } from "./smtp-test-server.ts";
import { createTestApp, type TestApp, testAdminPassword } from "./test-app.ts";
import { onRealPostgres } from "./test-database.ts";

// Ports of this suite (4320-4329 belong to the reliability tests).
const smtpPort = 4323;

/**
 * Two whole stores on one PostgreSQL database, as N processes behind a load balancer run: each
 * with its own connection pool and its own mail worker polling the shared outbox.
 */
describe.runIf(onRealPostgres)(
  "two app processes on one PostgreSQL database",
  { timeout: 120_000 },
  () => {
    let smtp: TestSmtpServer;
    let drop: () => Promise<void>;
    const databases: Database[] = [];
    const apps: TestApp[] = [];
    let shopper = 0;

    beforeAll(async () => {
      smtp = await startTestSmtpServer(smtpPort);
      const created = await createPostgresTestDatabase();
      drop = created.drop;
      for (let i = 0; i < 2; i++) {
        const database = await openDatabase({ databaseUrl: created.url });
        databases.push(database);
        apps.push(
          await createTestApp({
            database,
            mailTransport: createSmtpTransport(smtp.url),
            config: { runWorkers: true, mailPollMs: 100 },
          }),
        );
      }
    });
    afterAll(async () => {
      for (const app of apps) await app.close();
      for (const database of databases) await database.close();
      await smtp?.close();
      await drop?.();
    });

    const db = () => {
      const first = databases[0];
      if (!first) throw new Error("no database");
      return first.db;
    };
    /** The i-th request goes to process i % 2, each shopper from their own address. */
    const checkout = (i: number, body: object) =>
      apps[i % 2]?.app.inject({
        method: "POST",
        url: "/api/payments/process",
        payload: body,
        headers: { "x-forwarded-for": `10.9.${Math.floor(++shopper / 250)}.${shopper % 250}` },
      });
    const pay = (i: number, sessionId: string) =>
      apps[i % 2]?.app.inject({
        method: "POST",
        url: `/api/payments/test-sessions/${sessionId}/pay`,
        payload: { card_number: "4242 4242 4242 4242" },
      });

    it("20 concurrent payments split across both processes for 5 boxes: exactly 5 reserve, 15 get 409", async () => {
      const p = await createProduct(db(), { name: "Shared Hickory", stock_quantity: 5 });
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          checkout(i, buildPaymentRequest([{ product_id: p.id, quantity: 1 }])),
        ),
      );
      const codes = results.map((r) => r?.statusCode);
      expect(codes.filter((c) => c === 200)).toHaveLength(5);
      expect(codes.filter((c) => c === 409)).toHaveLength(15);
      const [row] = await db()
        .select({ stock: products.stock_quantity })
        .from(products)
        .where(eq(products.id, p.id));
      expect(row?.stock).toBe(0);
      const lines = await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(orderItems)
        .where(eq(orderItems.product_id, p.id));
      expect(Number(lines[0]?.n)).toBe(5);
    });

    it("with both mail workers running, every email goes out once: one confirmation per order paid through both processes at once", async () => {
      const before = smtp.messages.length;
      const p = await createProduct(db(), { stock_quantity: 100 });
      const requests = Array.from({ length: 8 }, () =>
        buildPaymentRequest([{ product_id: p.id, quantity: 1 }]),
      );
      const sessionIds: string[] = [];
      for (const [i, body] of requests.entries()) {
        const res = await checkout(i, body);
        expect(res?.statusCode).toBe(200);
        sessionIds.push(res?.json().id);
      }
      // Other mail already queued, so both workers have plenty to contend for.
      for (let i = 0; i < 20; i++) {
        await enqueueMail(db(), {
          kind: "test",
          to: `queued${i}@example.com`,
          ...renderEmail({ subject: `Queued ${i}`, heading: "Queued", paragraphs: ["Hello."] }),
        });
      }
      // Each order is paid through both processes at the same time, three times over.
      const payments = await Promise.all(
        sessionIds.flatMap((id) => Array.from({ length: 6 }, (_, i) => pay(i, id))),
      );
      expect(payments.every((r) => r?.statusCode === 200)).toBe(true);

      const expected = before + requests.length + 20;
      await smtp.waitFor(expected, 60_000);
      // Everything is sent: no worker still holds a message it could send again.
      for (;;) {
        const [left] = await db()
          .select({ n: sql<number>`count(*)::int` })
          .from(mailOutbox)
          .where(sql`${mailOutbox.status} <> 'sent'`);
        if (Number(left?.n) === 0) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      for (const app of apps) await app.app.jobs.stop();

      const arrived = smtp.messages.slice(before);
      const recipients = arrived.map((m) => (Array.isArray(m.to) ? m.to[0]?.text : m.to?.text));
      expect(recipients).toHaveLength(requests.length + 20);
      expect(new Set(recipients).size).toBe(requests.length + 20);
      const paid = await db()
        .select()
        .from(orders)
        .where(inArray(orders.payment_session_id, sessionIds));
      expect(paid.every((o) => o.payment_status === "paid" && o.stock_status === "committed")).toBe(
        true,
      );
      for (const order of paid) {
        const confirmations = arrived.filter((m) => m.subject?.endsWith(order.friendly_order_id));
        expect(confirmations).toHaveLength(1);
      }
      const [row] = await db()
        .select({ stock: products.stock_quantity })
        .from(products)
        .where(eq(products.id, p.id));
      expect(row?.stock).toBe(100 - requests.length);
    });

    it("a settings save in one process shows in the other's public details and cart tax on its next request", async () => {
      const [first, second] = apps;
      if (!first || !second) throw new Error("no apps");
      // The second process has read (and kept) the settings before the save.
      expect((await second.app.inject({ url: "/api/settings/public" })).json().phone).toBe(
        "(205) 555-0148",
      );
      const current = await first.app.inject({
        url: "/api/admin/settings",
        headers: { "admin-password": testAdminPassword },
      });
      const { settings } = current.json();
      const saved = await first.app.inject({
        method: "PUT",
        url: "/api/admin/settings",
        headers: { "admin-password": testAdminPassword },
        payload: {
          ...settings,
          phone: "(205) 871-4400",
          tax_rates: [{ state: "AL", rate_percent: 8 }],
        },
      });
      expect(saved.statusCode).toBe(200);
      expect((await second.app.inject({ url: "/api/settings/public" })).json().phone).toBe(
        "(205) 871-4400",
      );
      const p = await createProduct(db(), {
        name: "Settings Walnut",
        our_price: 5,
        sqft_per_carton: 20,
      });
      const totals = await second.app.inject({
        method: "POST",
        url: "/api/cart/calculate",
        payload: { cart_items: [{ product_id: p.id, quantity: 1 }], shipping_state: "AL" },
      });
      expect(totals.json()).toMatchObject({ subtotal: 100, tax: 8 });
    });
  },
);
