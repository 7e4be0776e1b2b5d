import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildPaymentRequest, createProduct } from "../../test/factories.ts";
import { createTestApp, type TestApp, testAdminPassword } from "../../test/test-app.ts";
import {
  type Admission,
  admissionPriorityOf,
  admittingServer,
  busyMessage,
  createAdmission,
  type LoadSheddingOptions,
} from "./load-shedding.ts";

/** A gate a handler waits at until the test opens it. */
function gate() {
  let open: () => void = () => {};
  const closed = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { closed, open };
}

/**
 * A server that admits through `createAdmission` before Fastify, as the store does: `/slow` and
 * the cart calculation wait at the current gate (`inside` counts those that got there); requests go over a real socket.
 */
async function admittingApp(options: LoadSheddingOptions) {
  const admission: Admission = createAdmission(options);
  const app: FastifyInstance = Fastify({ serverFactory: admittingServer(admission) });
  let current = gate();
  let inside = 0;
  const hold = async () => {
    inside++;
    await current.closed;
  };
  app.get("/slow", async () => {
    await hold();
    return { ok: true };
  });
  app.get("/quick", async () => ({ ok: true }));
  app.get("/api/health", async () => ({ status: "ok" }));
  app.post("/api/cart/calculate", async () => {
    await hold();
    return { total: 1 };
  });
  app.post("/api/payments/webhook", async () => ({ received: true }));
  const base = await app.listen({ port: 0, host: "127.0.0.1" });
  return {
    admission,
    base,
    get: (path: string, headers: Record<string, string> = {}, signal?: AbortSignal) =>
      fetch(`${base}${path}`, { headers, signal }),
    post: (path: string) =>
      fetch(`${base}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{}",
      }),
    inside: () => inside,
    release() {
      current.open();
      current = gate();
    },
    close: () => app.close(),
  };
}

describe("admission before Fastify", () => {
  let server: Awaited<ReturnType<typeof admittingApp>>;
  beforeAll(async () => {
    server = await admittingApp({
      browseLimit: 2,
      checkoutLimit: 1,
      maxWaitMs: 400,
      maxWaiting: 2,
      retryAfterSeconds: 3,
      checkoutRetryAfterSeconds: 1,
    });
  });
  afterEach(() => server.release());
  afterAll(() => server.close());

  it("lets a page view past the places wait its turn, then serves it", async () => {
    const first = [server.get("/slow"), server.get("/slow")];
    await expect.poll(() => server.inside()).toBe(2);
    // Both places are taken: the third waits rather than being turned away...
    const third = server.get("/slow");
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(server.inside()).toBe(2);
    // ...and gets the first place that frees up.
    server.release();
    await expect.poll(() => server.inside()).toBe(3);
    server.release();
    for (const res of await Promise.all([...first, third])) expect(res.status).toBe(200);
  });

  it("answers 503 with Retry-After and the {detail} shape once a request has waited too long", async () => {
    const before = server.inside();
    const first = [server.get("/slow"), server.get("/slow")];
    await expect.poll(() => server.inside()).toBe(before + 2);

    const asked = performance.now();
    const shed = await server.get("/slow");
    // It waited its 400 ms for a place (timers never fire early), then was told when to return.
    expect(performance.now() - asked).toBeGreaterThanOrEqual(395);
    expect(shed.status).toBe(503);
    expect(shed.headers.get("retry-after")).toBe("3");
    expect(shed.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await shed.json()).toEqual({ detail: busyMessage });

    // A browser asking for a page gets a readable page, with the same Retry-After.
    const page = await server.get("/slow", { accept: "text/html" });
    expect(page.status).toBe(503);
    expect(page.headers.get("retry-after")).toBe("3");
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(await page.text()).toContain(busyMessage);

    // Health checks never wait, even with every place taken.
    expect((await server.get("/api/health")).status).toBe(200);

    server.release();
    for (const res of await Promise.all(first)) expect(res.status).toBe(200);
    expect((await server.get("/quick")).status).toBe(200);
  });

  it("answers 503 at once when the line is full", async () => {
    const before = server.inside();
    const admitted = [server.get("/slow"), server.get("/slow")];
    await expect.poll(() => server.inside()).toBe(before + 2);
    const waiting = [server.get("/slow"), server.get("/slow")];
    await new Promise((resolve) => setTimeout(resolve, 50));

    const asked = performance.now();
    const shed = await server.get("/quick");
    expect(shed.status).toBe(503);
    expect(performance.now() - asked).toBeLessThan(300);
    expect(shed.headers.get("retry-after")).toBe("3");

    server.release();
    await expect.poll(() => server.inside()).toBe(before + 4);
    server.release();
    for (const res of await Promise.all([...admitted, ...waiting])) expect(res.status).toBe(200);
  });

  it("lets a client that gives up while waiting leave the line", async () => {
    const before = server.inside();
    const admitted = [server.get("/slow"), server.get("/slow")];
    await expect.poll(() => server.inside()).toBe(before + 2);
    const gaveUp = new AbortController();
    const abandoned = server.get("/slow", {}, gaveUp.signal).catch((error: Error) => error.name);
    const patient = server.get("/slow");
    await new Promise((resolve) => setTimeout(resolve, 50));
    gaveUp.abort();
    expect(await abandoned).toBe("AbortError");
    await new Promise((resolve) => setTimeout(resolve, 50));

    // The first place that frees up goes to the one still waiting; the one that left never runs.
    server.release();
    await expect.poll(() => server.inside()).toBe(before + 3);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.inside()).toBe(before + 3);
    server.release();
    for (const res of await Promise.all([...admitted, patient])) expect(res.status).toBe(200);
  });

  it("keeps places for checkout calls while browsing is full, and never holds back the webhook", async () => {
    const before = server.inside();
    const browsing = [server.get("/slow"), server.get("/slow")];
    await expect.poll(() => server.inside()).toBe(before + 2);

    // Browsing is full: a cart calculation still gets in at once (its own place)...
    const calculation = server.post("/api/cart/calculate");
    await expect.poll(() => server.inside()).toBe(before + 3);
    // ...and the next one waits for that place, then is told to come back in 1 s.
    const shedCalculation = await server.post("/api/cart/calculate");
    expect(shedCalculation.status).toBe(503);
    expect(shedCalculation.headers.get("retry-after")).toBe("1");
    expect(await shedCalculation.json()).toEqual({ detail: busyMessage });
    // The webhook never waits.
    expect((await server.post("/api/payments/webhook")).status).toBe(200);

    server.release();
    expect((await calculation).status).toBe(200);
    for (const res of await Promise.all(browsing)) expect(res.status).toBe(200);
  });
});

describe("admission priorities", () => {
  it("ranks money and page-critical paths above checkout, and checkout above browsing", () => {
    expect(admissionPriorityOf("POST", "/api/payments/webhook")).toBe("essential");
    expect(admissionPriorityOf("POST", "/api/payments/test-sessions/test_abc/pay")).toBe(
      "essential",
    );
    expect(admissionPriorityOf("GET", "/assets/root-AbC123.js")).toBe("essential");
    expect(
      admissionPriorityOf("GET", "/media/products/0123456789abcdef0123456789abcdef-640.webp"),
    ).toBe("essential");
    expect(admissionPriorityOf("GET", "/img/products/mcf-lm-2004-thumb.webp")).toBe("essential");
    expect(admissionPriorityOf("GET", "/favicon.svg")).toBe("essential");
    expect(admissionPriorityOf("GET", "/api/ready")).toBe("essential");
    expect(admissionPriorityOf("POST", "/api/cart/calculate")).toBe("checkout");
    expect(admissionPriorityOf("POST", "/api/payments/process")).toBe("checkout");
    expect(admissionPriorityOf("GET", "/cart?step=checkout")).toBe("checkout");
    expect(admissionPriorityOf("GET", "/cart.data")).toBe("checkout");
    expect(admissionPriorityOf("GET", "/cart/add?product=12&quantity=3")).toBe("checkout");
    expect(admissionPriorityOf("GET", "/pay/test_abc")).toBe("checkout");
    expect(admissionPriorityOf("POST", "/api/installation/jobs/tok_123/deposit")).toBe("checkout");
    expect(admissionPriorityOf("POST", "/api/installation/jobs/tok_123/accept")).toBe("checkout");
    expect(admissionPriorityOf("GET", "/api/installation/jobs/tok_123")).toBe("browse");
    expect(admissionPriorityOf("GET", "/products")).toBe("browse");
    expect(admissionPriorityOf("GET", "/closeouts")).toBe("browse");
    expect(admissionPriorityOf("GET", "/api/products?closeout=true")).toBe("browse");
    expect(admissionPriorityOf("GET", "/api/products/12")).toBe("browse");
  });

  it("never counts a write, the back office or the partner portal as browsing", () => {
    // Staff adding stock or a shopper sending an inquiry during the rush that fills the store.
    expect(admissionPriorityOf("POST", "/api/admin/products")).toBe("checkout");
    expect(admissionPriorityOf("PATCH", "/api/admin/orders/12")).toBe("checkout");
    expect(admissionPriorityOf("POST", "/api/inquiries")).toBe("checkout");
    expect(admissionPriorityOf("GET", "/api/admin/orders?status=paid")).toBe("checkout");
    expect(admissionPriorityOf("GET", "/admin")).toBe("checkout");
    expect(admissionPriorityOf("GET", "/admin/orders.data")).toBe("checkout");
    expect(admissionPriorityOf("GET", "/ace/products")).toBe("checkout");
    expect(admissionPriorityOf("GET", "/api/ace/products")).toBe("checkout");
    // Only those paths: a page whose name merely starts with them is browsing.
    expect(admissionPriorityOf("GET", "/aceite")).toBe("browse");
    expect(admissionPriorityOf("GET", "/administration-tips")).toBe("browse");
    expect(admissionPriorityOf("HEAD", "/products")).toBe("browse");
  });
});

describe("admission in the whole store, with no place for browsing", () => {
  let t: TestApp;
  let base = "";
  const send = (
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) =>
    fetch(`${base}${path}`, {
      method,
      headers: body === undefined ? headers : { "content-type": "application/json", ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  beforeAll(async () => {
    // Browsing has no place at all: every page view and catalogue read waits 100 ms, then is
    // refused, as in a flood that keeps every place taken.
    t = await createTestApp({ admission: { browseLimit: 0, maxWaitMs: 100 } });
    base = await t.app.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(() => t.close());

  it("completes a payment and answers the webhook while page views and catalogue reads are refused", async () => {
    const product = await createProduct(t.database.db, { stock_quantity: 3, our_price: 4 });
    const started = await send(
      "POST",
      "/api/payments/process",
      buildPaymentRequest([{ product_id: product.id, quantity: 1 }]),
    );
    expect(started.status).toBe(200);
    const { id } = (await started.json()) as { id: string };

    const browsing = await send("GET", `/api/products/${product.id}`);
    expect(browsing.status).toBe(503);
    expect(browsing.headers.get("retry-after")).toBe("2");
    expect(await browsing.json()).toEqual({ detail: busyMessage });

    // A buyer still gets totals...
    const totals = await send("POST", "/api/cart/calculate", {
      cart_items: [{ product_id: product.id, quantity: 1 }],
    });
    expect(totals.status).toBe(200);

    // ...and the payment completes.
    const paid = await send(
      "POST",
      `/api/payments/test-sessions/${id}/pay`,
      { card_number: "4242 4242 4242 4242" },
      { origin: "http://store.test" },
    );
    expect(paid.status).toBe(200);
    expect(await paid.json()).toEqual({ redirect_url: `/success?session_id=${id}` });

    // The webhook is reached (no Stripe configured here: it answers, it is not shed).
    const webhook = await send("POST", "/api/payments/webhook", {});
    expect(webhook.status).not.toBe(503);
  });

  it("lets staff add a product and read orders while page views are refused", async () => {
    expect((await send("GET", "/api/products")).status).toBe(503);
    const staff = { "admin-password": testAdminPassword };
    const made = await send(
      "POST",
      "/api/admin/products",
      { name: "Rush Oak", type: "Hardwood", our_price: 3.5, sqft_per_carton: 20 },
      staff,
    );
    expect(made.status).toBe(201);
    expect((await send("GET", "/api/admin/orders", undefined, staff)).status).toBe(200);
  });

  it("never counts or holds back in-process requests (page loaders calling the API)", async () => {
    expect((await t.app.inject("/api/products")).statusCode).toBe(200);
  });
});
