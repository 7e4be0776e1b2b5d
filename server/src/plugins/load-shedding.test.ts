import { EventEmitter } from "node:events";
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
 * the cart calculation wait at the current gate; requests go over a real socket.
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
    get: (path: string, headers: Record<string, string> = {}) =>
      fetch(`${base}${path}`, { headers }),
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

describe("load shedding before Fastify", () => {
  let server: Awaited<ReturnType<typeof admittingApp>>;
  beforeAll(async () => {
    server = await admittingApp({
      browseLimit: 2,
      checkoutLimit: 1,
      retryAfterSeconds: 3,
      checkoutRetryAfterSeconds: 1,
    });
  });
  afterEach(() => server.release());
  afterAll(() => server.close());

  it("answers 503 with Retry-After and the {detail} shape at once past the limit, and serves again when load drops", async () => {
    const first = [server.get("/slow"), server.get("/slow")];
    // Wait until both requests are inside the handler (in flight), not a fixed time.
    await expect.poll(() => server.inside()).toBe(2);

    const shed = await server.get("/slow");
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

    // Health checks are never shed, even at the limit.
    expect((await server.get("/api/health")).status).toBe(200);

    server.release();
    for (const res of await Promise.all(first)) expect(res.status).toBe(200);
    expect((await server.get("/quick")).status).toBe(200);
  });

  it("keeps admitting checkout calls while browsing is full, up to their own limit, and never sheds the webhook", async () => {
    const before = server.inside();
    const browsing = [server.get("/slow"), server.get("/slow")];
    await expect.poll(() => server.inside()).toBe(before + 2);
    expect((await server.get("/slow")).status).toBe(503);

    // Browsing is full: a cart calculation still gets in (its own count)...
    const calculation = server.post("/api/cart/calculate");
    await expect.poll(() => server.inside()).toBe(before + 3);
    // ...up to the checkout limit, past which it is told to come back in 1 s.
    const shedCalculation = await server.post("/api/cart/calculate");
    expect(shedCalculation.status).toBe(503);
    expect(shedCalculation.headers.get("retry-after")).toBe("1");
    expect(await shedCalculation.json()).toEqual({ detail: busyMessage });
    // The webhook is never turned away.
    expect((await server.post("/api/payments/webhook")).status).toBe(200);

    server.release();
    expect((await calculation).status).toBe(200);
    for (const res of await Promise.all(browsing)) expect(res.status).toBe(200);
  });
});

describe("a turned-away page view's answer is held", () => {
  const holdMs = 300;
  let server: Awaited<ReturnType<typeof admittingApp>>;
  beforeAll(async () => {
    server = await admittingApp({
      browseLimit: 1,
      checkoutLimit: 4,
      retryAfterSeconds: 2,
      browseShedHoldMs: holdMs,
    });
  });
  afterEach(() => server.release());
  afterAll(() => server.close());

  it("sends its 503 only after the hold, so a client that asks again at once cannot flood the store", async () => {
    const admitted = server.get("/slow");
    await expect.poll(() => server.inside()).toBe(1);

    const asked = performance.now();
    const shed = await server.get("/slow");
    // Timers never fire early: the answer cannot come sooner than the hold.
    expect(performance.now() - asked).toBeGreaterThanOrEqual(holdMs - 5);
    expect(shed.status).toBe(503);
    expect(shed.headers.get("retry-after")).toBe("2");
    expect(await shed.json()).toEqual({ detail: busyMessage });

    // A client that gives up while its answer is held leaves the store answering.
    const gaveUp = new AbortController();
    const abandoned = fetch(`${server.base}/slow`, { signal: gaveUp.signal }).catch(
      (error: Error) => error.name,
    );
    setTimeout(() => gaveUp.abort(), 50);
    expect(await abandoned).toBe("AbortError");
    await new Promise((resolve) => setTimeout(resolve, holdMs + 50));

    server.release();
    expect((await admitted).status).toBe(200);
    expect((await server.get("/quick")).status).toBe(200);
  });
});

describe("the browsing limit follows how long page views take", () => {
  it("grows while page views at the limit finish quickly, and falls back when they are slow", async () => {
    const server = await admittingApp({
      browseLimit: 2,
      checkoutLimit: 10,
      retryAfterSeconds: 2,
      browseLatencyTargetMs: 40,
    });
    try {
      expect(server.admission.browseLimit()).toBe(2);
      // One page view held, another finishing fast while the limit holds them: one more place.
      const held = server.get("/slow");
      await expect.poll(() => server.inside()).toBe(1);
      expect((await server.get("/quick")).status).toBe(200);
      expect(server.admission.browseLimit()).toBe(3);
      // Now three fit at once.
      const more = [server.get("/slow"), server.get("/slow")];
      await expect.poll(() => server.inside()).toBe(3);
      expect((await server.get("/quick")).status).toBe(503);

      // Page views that take longer than the target shrink the limit (never below 2).
      await new Promise((resolve) => setTimeout(resolve, 60));
      server.release();
      for (const res of await Promise.all([held, ...more])) expect(res.status).toBe(200);
      expect(server.admission.browseLimit()).toBe(2);
    } finally {
      await server.close();
    }
  });
});

describe("page views that finish together", () => {
  /** A request and response pair the admission can read and listen to, without a socket. */
  const exchange = (url = "/products") => {
    const response = Object.assign(new EventEmitter(), {
      writeHead: () => response,
      end: () => undefined,
    });
    const request = { url, headers: {} };
    return { request, response };
  };

  it("each grow the limit while it held page views back (as when they waited on one shared read), by at most a quarter per period", () => {
    const admission = createAdmission({
      browseLimit: 8,
      checkoutLimit: 10,
      retryAfterSeconds: 2,
      browseLatencyTargetMs: 10_000,
    });
    const admit = ({ request, response }: ReturnType<typeof exchange>) =>
      admission.admit(request as never, response as never);
    const inFlight = Array.from({ length: 8 }, () => exchange());
    for (const one of inFlight) expect(admit(one)).toBe(true);
    expect(admit(exchange())).toBe(false);
    // All eight answered at once (each response finishes, then closes), quickly: the limit grows
    // by a quarter in this target period, not by one (only the first saw it full) nor by eight.
    for (const { response } of inFlight) {
      response.emit("finish");
      response.emit("close");
    }
    expect(admission.browseLimit()).toBe(10);
  });
  it("do not grow the limit within a target period of one that was slow", async () => {
    const admission = createAdmission({
      browseLimit: 2,
      checkoutLimit: 10,
      retryAfterSeconds: 2,
      browseLatencyTargetMs: 30,
    });
    const admit = ({ request, response }: ReturnType<typeof exchange>) =>
      admission.admit(request as never, response as never);
    const done = ({ response }: ReturnType<typeof exchange>) => {
      response.emit("finish");
      response.emit("close");
    };
    const slow = [exchange(), exchange()];
    for (const one of slow) expect(admit(one)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 40));
    for (const one of slow) done(one);
    expect(admission.browseLimit()).toBe(2);
    // Quick ones at the limit right after: no growth yet...
    const quick = [exchange(), exchange()];
    for (const one of quick) expect(admit(one)).toBe(true);
    for (const one of quick) done(one);
    expect(admission.browseLimit()).toBe(2);
    // ...but a period later they grow it again.
    await new Promise((resolve) => setTimeout(resolve, 40));
    const later = [exchange(), exchange()];
    for (const one of later) expect(admit(one)).toBe(true);
    for (const one of later) done(one);
    expect(admission.browseLimit()).toBe(3);
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

describe("admission in the whole store, with the pressure signal switched on", () => {
  let t: TestApp;
  let underPressure = false;
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
    t = await createTestApp({
      admission: { underPressure: () => underPressure },
    });
    base = await t.app.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(() => t.close());

  it("completes a payment and answers the webhook while page views and catalogue reads are shed", async () => {
    const product = await createProduct(t.database.db, { stock_quantity: 3, our_price: 4 });
    const started = await send(
      "POST",
      "/api/payments/process",
      buildPaymentRequest([{ product_id: product.id, quantity: 1 }]),
    );
    expect(started.status).toBe(200);
    const { id } = (await started.json()) as { id: string };

    underPressure = true;
    const browsing = await send("GET", `/api/products/${product.id}`);
    expect(browsing.status).toBe(503);
    expect(browsing.headers.get("retry-after")).toBe("2");
    expect(await browsing.json()).toEqual({ detail: busyMessage });

    // A buyer still gets totals under pressure...
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

    underPressure = false;
    expect((await send("GET", `/api/products/${product.id}`)).status).toBe(200);
  });

  it("lets staff add a product and read orders while page views are shed", async () => {
    underPressure = true;
    try {
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
    } finally {
      underPressure = false;
    }
  });

  it("never counts or sheds in-process requests (page loaders calling the API)", async () => {
    underPressure = true;
    try {
      expect((await t.app.inject("/api/products")).statusCode).toBe(200);
    } finally {
      underPressure = false;
    }
  });
});

describe("a page view read late in a busy turn of the event loop", () => {
  it("is turned away: it has already waited longer than the target", async () => {
    const { createServer } = await import("node:http");
    const { connect } = await import("node:net");
    const admission = createAdmission({
      browseLimit: 10,
      checkoutLimit: 10,
      retryAfterSeconds: 2,
      browseLatencyTargetMs: 30,
    });
    // A handler that keeps the loop busy for 60 ms without waiting, as a render from cached
    // data does.
    const server = createServer((request, response) => {
      if (!admission.admit(request, response)) return;
      if (request.url === "/busy") {
        const until = performance.now() + 60;
        while (performance.now() < until);
      }
      response.end("ok");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    try {
      // Two requests in one packet: both are read in the same turn, the second after the first
      // kept the loop busy for 60 ms.
      const socket = connect(port, "127.0.0.1");
      let answer = "";
      socket.on("data", (chunk) => {
        answer += chunk;
      });
      socket.write(
        "GET /busy HTTP/1.1\r\nHost: x\r\n\r\nGET /products HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
      );
      await new Promise((resolve) => socket.on("close", resolve));
      const statuses = [...answer.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((match) => match[1]);
      expect(statuses).toEqual(["200", "503"]);
      expect(answer).toMatch(/retry-after: 2/i);
      expect(answer).toContain(JSON.stringify({ detail: busyMessage }));
    } finally {
      server.close();
    }
  });
});
