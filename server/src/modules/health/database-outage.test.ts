import { createServer, type Server, type Socket, connect as tcpConnect } from "node:net";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildPaymentRequest, createProduct, storedStock } from "../../../test/factories.ts";
import { createPostgresTestDatabase } from "../../../test/process-harness.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import { onRealPostgres } from "../../../test/test-database.ts";
import { type Database, openDatabase } from "../../db/client.ts";
import { orders } from "../../db/schema/index.ts";

// Ports of this suite (4320-4329 belong to the reliability tests).
const proxyPort = 4322;

/**
 * A TCP proxy between the app and PostgreSQL that the test can cut (every open connection
 * destroyed, new ones refused) and restore: an outage without stopping the shared server.
 */
interface CuttableProxy {
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

async function startProxy(target: { host: string; port: number }): Promise<CuttableProxy> {
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => socket.destroy());
  };
  let server: Server;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = createServer((client) => {
        const upstream = tcpConnect(target.port, target.host);
        track(client);
        track(upstream);
        client.pipe(upstream);
        upstream.pipe(client);
        client.on("close", () => upstream.destroy());
        upstream.on("close", () => client.destroy());
      });
      server.once("error", reject);
      server.listen(proxyPort, "127.0.0.1", () => resolve());
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      for (const socket of sockets) socket.destroy();
    });
  await listen();
  return { cut: stop, restore: listen, close: stop };
}

describe.runIf(onRealPostgres)(
  "a database outage and its recovery (PostgreSQL)",
  { timeout: 120_000 },
  () => {
    let t: TestApp;
    let proxy: CuttableProxy;
    let direct: Database;
    let drop: () => Promise<void>;
    let realUrl: string;
    const poolErrors: string[] = [];

    beforeAll(async () => {
      const created = await createPostgresTestDatabase();
      drop = created.drop;
      realUrl = created.url;
      const real = new URL(created.url);
      proxy = await startProxy({ host: real.hostname, port: Number(real.port || 5432) });
      const viaProxy = new URL(created.url);
      viaProxy.hostname = "127.0.0.1";
      viaProxy.port = String(proxyPort);
      const database = await openDatabase({
        databaseUrl: viaProxy.toString(),
        onPoolError: (error) => poolErrors.push(error.message),
      });
      t = await createTestApp({ database });
      direct = await openDatabase({ databaseUrl: created.url });
    });
    afterAll(async () => {
      await t?.close();
      await t?.database.close();
      await proxy?.close();
      await direct?.close();
      await drop?.();
    });

    const stockOf = (id: number) => storedStock(direct.db, id);
    const ordersFor = async (email: string) =>
      direct.db.select().from(orders).where(eq(orders.customer_email, email));
    const checkout = (body: object, address: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/payments/process",
        payload: body,
        headers: { "x-forwarded-for": address },
      });

    it("answers 503 with a clear detail while the database is gone, stays up, and recovers by itself", async () => {
      const p = await createProduct(direct.db, { stock_quantity: 20 });
      // Healthy first: the pool holds live connections through the proxy.
      expect((await t.app.inject("/api/ready")).statusCode).toBe(200);
      expect((await t.app.inject(`/api/products/${p.id}`)).statusCode).toBe(200);

      await proxy.cut();
      const ready = await t.app.inject("/api/ready");
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ detail: "Database unavailable" });
      const product = await t.app.inject(`/api/products/${p.id}`);
      expect(product.statusCode).toBe(503);
      expect(product.headers["retry-after"]).toBe("5");
      expect(product.json()).toEqual({
        detail: "The store is temporarily unavailable. Please try again in a moment.",
      });
      const quote = await t.app.inject({
        method: "POST",
        url: "/api/cart/calculate",
        payload: { cart_items: [{ product_id: p.id, quantity: 1 }] },
      });
      expect(quote.statusCode).toBe(503);
      const payment = buildPaymentRequest([{ product_id: p.id, quantity: 2 }]);
      expect((await checkout(payment, "192.0.2.80")).statusCode).toBe(503);
      // The process keeps answering what needs no database.
      expect((await t.app.inject("/api/health")).statusCode).toBe(200);

      await proxy.restore();
      // No restart: the next requests open fresh connections.
      expect((await t.app.inject("/api/ready")).json()).toEqual({ status: "ready" });
      expect((await t.app.inject(`/api/products/${p.id}`)).statusCode).toBe(200);
      const retried = await checkout(payment, "192.0.2.80");
      expect(retried.statusCode).toBe(200);
      expect(await ordersFor(payment.customer_email)).toHaveLength(1);
      expect(await stockOf(p.id)).toBe(18);
    });

    it("a checkout cut off mid-transaction leaves no order and no stock taken", async () => {
      // Stock is taken in product-id order: the first line's update goes through, the second waits
      // for a row lock the test holds; the connection is cut while the transaction is half done.
      const first = await createProduct(direct.db, { stock_quantity: 10 });
      const second = await createProduct(direct.db, { stock_quantity: 10 });
      const holder = new pg.Client({ connectionString: realUrl });
      await holder.connect();
      try {
        await holder.query("begin");
        await holder.query("select id from products where id = $1 for update", [second.id]);

        const payment = buildPaymentRequest([
          { product_id: first.id, quantity: 3 },
          { product_id: second.id, quantity: 3 },
        ]);
        const pending = checkout(payment, "192.0.2.81");
        for (let i = 0; ; i++) {
          const waiting = await direct.db.execute(
            sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
          );
          if ((waiting.rows[0] as { n: number }).n > 0) break;
          if (i > 2400) throw new Error("the checkout never waited for the row lock");
          await new Promise((r) => setTimeout(r, 25));
        }
        await proxy.cut();
        const answer = await pending;
        expect(answer.statusCode).toBe(503);
        expect(answer.json().detail).toMatch(/temporarily unavailable/);
        await holder.query("rollback");

        // The server notices the lost client once the lock is free and rolls the transaction back.
        for (let i = 0; ; i++) {
          const open = await direct.db.execute(
            sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and xact_start is not null`,
          );
          if ((open.rows[0] as { n: number }).n === 0) break;
          if (i > 2400) throw new Error("the cut transaction never ended");
          await new Promise((r) => setTimeout(r, 25));
        }
        expect(await ordersFor(payment.customer_email)).toHaveLength(0);
        expect(await stockOf(first.id)).toBe(10);
        expect(await stockOf(second.id)).toBe(10);
      } finally {
        await holder.end();
        await proxy.restore();
      }
      expect((await t.app.inject("/api/ready")).statusCode).toBe(200);
    });
  },
);
