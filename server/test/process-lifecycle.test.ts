import { request as httpRequest } from "node:http";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, orderItems, orders, products } from "../src/db/schema/index.ts";
import { buildPaymentRequest, createProduct } from "./factories.ts";
import {
  createStoreDatabase,
  type StoreDatabase,
  type StoreProcess,
  startStoreProcess,
  waitUntilRefused,
} from "./process-harness.ts";

// Ports of this suite (4320-4329 belong to the reliability tests).
const port = 4320;
// Starting a real process takes seconds, many more on a loaded machine; every wait below is for a
// visible condition, so a generous limit only matters when something is truly stuck.
const processTestTimeout = 180_000;

interface HeldRequest {
  /** Resolves once the server has read the headers: the request is in flight. */
  inFlight: Promise<void>;
  /** Sends the body and resolves with the complete answer. */
  finish(): Promise<{ status: number; body: string }>;
}

/**
 * A POST whose body waits until `finish()`: `Expect: 100-continue` makes the server confirm it has
 * the request before the body goes, so the test knows the request is in flight, without sleeping.
 */
function holdRequest(path: string, body: unknown, clientAddress: string): HeldRequest {
  const json = JSON.stringify(body);
  const req = httpRequest({
    host: "127.0.0.1",
    port,
    method: "POST",
    path,
    agent: false,
    headers: {
      "content-type": "application/json",
      "content-length": Buffer.byteLength(json),
      expect: "100-continue",
      "x-forwarded-for": clientAddress,
    },
  });
  const inFlight = new Promise<void>((resolve, reject) => {
    req.once("continue", () => resolve());
    req.once("error", reject);
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.once("response", (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => {
        text += chunk;
      });
      res.once("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
      res.once("error", reject);
    });
    req.once("error", reject);
  });
  // Headers leave now; the body waits for finish().
  req.flushHeaders();
  return {
    inFlight,
    finish() {
      req.end(json);
      return answer;
    },
  };
}

async function stop(server: StoreProcess): Promise<number | null> {
  server.child.kill("SIGTERM");
  return server.exited;
}

describe("the real server process", { timeout: processTestTimeout }, () => {
  let store: StoreDatabase;
  let running: StoreProcess | undefined;
  beforeAll(async () => {
    store = await createStoreDatabase();
  });
  afterAll(async () => {
    if (running && running.child.exitCode === null) {
      running.child.kill("SIGKILL");
      await running.exited;
    }
    await store.drop();
  });

  /** Runs `work` on the store's database while no server process holds it (PGlite: one owner). */
  const withDatabase = async <T>(
    work: (db: Awaited<ReturnType<StoreDatabase["open"]>>["db"]) => Promise<T>,
  ) => {
    const database = await store.open();
    try {
      return await work(database.db);
    } finally {
      await database.close();
    }
  };

  it("SIGTERM during load: every in-flight request gets its complete answer, new ones are refused, the process exits 0 and nothing is half-written", async () => {
    const initialStock = 100;
    const product = await withDatabase((db) =>
      createProduct(db, { name: "Shutdown Oak", stock_quantity: initialStock }),
    );
    running = await startStoreProcess(port, store.env);

    const payments = Array.from({ length: 12 }, (_, i) =>
      holdRequest(
        "/api/payments/process",
        buildPaymentRequest([{ product_id: product.id, quantity: 1 + (i % 3) }]),
        `192.0.2.${i + 1}`,
      ),
    );
    const quotes = Array.from({ length: 4 }, (_, i) =>
      holdRequest(
        "/api/cart/calculate",
        { cart_items: [{ product_id: product.id, quantity: 2 }] },
        `198.51.100.${i + 1}`,
      ),
    );
    await Promise.all([...payments, ...quotes].map((r) => r.inFlight));

    running.child.kill("SIGTERM");
    await running.waitForOutput(/shutting down: finishing in-flight requests/);
    // The listening socket is closed: the shutdown is under way while the requests still wait.
    await waitUntilRefused(port);

    const paymentAnswers = await Promise.all(payments.map((r) => r.finish()));
    const quoteAnswers = await Promise.all(quotes.map((r) => r.finish()));
    expect(await running.exited).toBe(0);

    for (const answer of paymentAnswers) {
      expect(answer.status).toBe(200);
      const body = JSON.parse(answer.body) as { id: string; url: string };
      expect(body.id).toMatch(/\S/);
      expect(body.url).toContain(body.id);
    }
    for (const answer of quoteAnswers) {
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toHaveProperty("total");
    }

    const sessionIds = paymentAnswers.map((a) => (JSON.parse(a.body) as { id: string }).id);
    await withDatabase(async (db) => {
      const placed = await db.select().from(orders);
      const lines = await db.select().from(orderItems);
      const rows = placed.map((order) => {
        const own = lines.filter((line) => line.order_id === order.id);
        return {
          session: order.payment_session_id,
          stock_status: order.stock_status,
          lines: own.length,
          boxes: own.reduce((sum, line) => sum + line.quantity, 0),
        };
      });
      // One order per answered payment, each with its line; none without an answer.
      expect(rows.map((r) => r.session).sort()).toEqual([...sessionIds].sort());
      expect(rows.every((r) => r.lines === 1 && r.stock_status === "reserved")).toBe(true);
      // Every reserved box belongs to an order, and every order's boxes left the stock.
      const reserved = rows.reduce((sum, r) => sum + r.boxes, 0);
      expect(reserved).toBe(payments.reduce((sum, _r, i) => sum + 1 + (i % 3), 0));
      const [after] = await db
        .select({ stock: products.stock_quantity })
        .from(products)
        .where(eq(products.id, product.id));
      expect(after?.stock).toBe(initialStock - reserved);
    });
  });

  it("a restart mid-checkout keeps the reservation and the order, and the payment still completes", async () => {
    const product = await withDatabase((db) =>
      createProduct(db, { name: "Restart Maple", stock_quantity: 10 }),
    );
    running = await startStoreProcess(port, store.env);
    const started = await fetch(`${running.baseUrl}/api/payments/process`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": "203.0.113.50" },
      body: JSON.stringify(buildPaymentRequest([{ product_id: product.id, quantity: 4 }])),
    });
    expect(started.status).toBe(200);
    const { id } = (await started.json()) as { id: string };
    expect(await stop(running)).toBe(0);

    // While the store is down the reservation and the unpaid order are on disk.
    await withDatabase(async (db) => {
      const [order] = await db.select().from(orders).where(eq(orders.payment_session_id, id));
      expect(order).toMatchObject({ payment_status: "unpaid", stock_status: "reserved" });
      const [row] = await db
        .select({ stock: products.stock_quantity })
        .from(products)
        .where(eq(products.id, product.id));
      expect(row?.stock).toBe(6);
    });

    running = await startStoreProcess(port, store.env);
    const session = await fetch(`${running.baseUrl}/api/payments/test-sessions/${id}`);
    expect(session.status).toBe(200);
    const paid = await fetch(`${running.baseUrl}/api/payments/test-sessions/${id}/pay`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ card_number: "4242 4242 4242 4242" }),
    });
    expect(paid.status).toBe(200);
    expect(await paid.json()).toEqual({ redirect_url: `/success?session_id=${id}` });
    const lookup = await fetch(`${running.baseUrl}/api/orders/by-session/${id}`);
    expect(await lookup.json()).toMatchObject({ status: "processing", payment_status: "paid" });
    expect(await stop(running)).toBe(0);

    await withDatabase(async (db) => {
      const [order] = await db.select().from(orders).where(eq(orders.payment_session_id, id));
      expect(order).toMatchObject({ payment_status: "paid", stock_status: "committed" });
      const [row] = await db
        .select({ stock: products.stock_quantity })
        .from(products)
        .where(eq(products.id, product.id));
      expect(row?.stock).toBe(6);
      const confirmations = await db
        .select()
        .from(mailOutbox)
        .where(inArray(mailOutbox.dedupe_key, [`order-confirmation:${order?.id}`]));
      expect(confirmations).toHaveLength(1);
    });
  });
});
