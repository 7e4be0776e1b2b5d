import Fastify from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildPaymentRequest, createProduct } from "../../test/factories.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { admissionPriorityOf, busyMessage, registerLoadShedding } from "./load-shedding.ts";

describe("load shedding", () => {
  const app = Fastify();
  let release: () => void = () => {};
  const gate = () =>
    new Promise<void>((resolve) => {
      release = resolve;
    });
  let waiting: Promise<void> = Promise.resolve();
  let started = 0;

  // Injected requests stand in for network ones here (by default in-process calls are not counted).
  registerLoadShedding(app, {
    browseLimit: 2,
    checkoutLimit: 3,
    retryAfterSeconds: 3,
    checkoutRetryAfterSeconds: 1,
    internal: () => false,
  });
  app.get("/slow", async () => {
    started++;
    await waiting;
    return { ok: true };
  });
  app.get("/api/health", async () => ({ status: "ok" }));
  app.post("/api/cart/calculate", async () => ({ total: 1 }));
  app.post("/api/payments/webhook", async () => ({ received: true }));

  afterEach(() => release());

  it("answers 503 with Retry-After at once past the limit, and serves again when load drops", async () => {
    waiting = gate();
    const first = [app.inject("/slow"), app.inject("/slow")];
    // Wait until both requests are inside the handler (in flight), not a fixed time.
    await expect.poll(() => started).toBe(2);

    const shed = await app.inject("/slow");
    expect(shed.statusCode).toBe(503);
    expect(shed.headers["retry-after"]).toBe("3");
    expect(shed.json()).toEqual({ detail: busyMessage });

    // A browser asking for a page gets a readable page, with the same Retry-After.
    const page = await app.inject({ url: "/slow", headers: { accept: "text/html" } });
    expect(page.statusCode).toBe(503);
    expect(page.headers["retry-after"]).toBe("3");
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.body).toContain(busyMessage);

    // Health checks are never shed, even at the limit.
    expect((await app.inject("/api/health")).statusCode).toBe(200);

    release();
    for (const res of await Promise.all(first)) expect(res.statusCode).toBe(200);

    waiting = Promise.resolve();
    expect((await app.inject("/slow")).statusCode).toBe(200);
  });

  it("keeps admitting checkout calls past the browsing limit, up to their own limit", async () => {
    started = 0;
    waiting = gate();
    const first = [app.inject("/slow"), app.inject("/slow")];
    await expect.poll(() => started).toBe(2);
    expect((await app.inject("/slow")).statusCode).toBe(503);

    // Two in progress: browsing is full, a cart calculation still gets in.
    const calculation = await app.inject({ method: "POST", url: "/api/cart/calculate" });
    expect(calculation.statusCode).toBe(200);

    release();
    for (const res of await Promise.all(first)) expect(res.statusCode).toBe(200);
  });

  it("sheds only checkout calls at the checkout limit, never the webhook", async () => {
    const full = Fastify();
    let open: () => void = () => {};
    const blocked = new Promise<void>((resolve) => {
      open = resolve;
    });
    let pending = 0;
    registerLoadShedding(full, {
      browseLimit: 1,
      checkoutLimit: 2,
      retryAfterSeconds: 3,
      checkoutRetryAfterSeconds: 1,
      internal: () => false,
    });
    full.get("/slow", async () => {
      pending++;
      await blocked;
      return { ok: true };
    });
    full.post("/api/cart/calculate", async () => {
      pending++;
      await blocked;
      return { total: 1 };
    });
    full.post("/api/payments/webhook", async () => ({ received: true }));
    const held = [
      full.inject("/slow"),
      full.inject({ method: "POST", url: "/api/cart/calculate" }),
    ];
    await expect.poll(() => pending).toBe(2);

    const shedCalculation = await full.inject({ method: "POST", url: "/api/cart/calculate" });
    expect(shedCalculation.statusCode).toBe(503);
    expect(shedCalculation.headers["retry-after"]).toBe("1");
    const webhook = await full.inject({ method: "POST", url: "/api/payments/webhook" });
    expect(webhook.statusCode).toBe(200);

    open();
    for (const res of await Promise.all(held)) expect(res.statusCode).toBe(200);
  });

  it("never counts or sheds in-process requests (page loaders calling the API)", async () => {
    const inner = Fastify();
    registerLoadShedding(inner, { browseLimit: 1, checkoutLimit: 1, retryAfterSeconds: 3 });
    let pending = 0;
    let open: () => void = () => {};
    const blocked = new Promise<void>((resolve) => {
      open = resolve;
    });
    inner.get("/slow", async () => {
      pending++;
      await blocked;
      return { ok: true };
    });
    const calls = [inner.inject("/slow"), inner.inject("/slow"), inner.inject("/slow")];
    await expect.poll(() => pending).toBe(3);
    open();
    for (const res of await Promise.all(calls)) expect(res.statusCode).toBe(200);
  });

  it("ranks money and page-critical paths above checkout, and checkout above browsing", () => {
    expect(admissionPriorityOf("/api/payments/webhook")).toBe("essential");
    expect(admissionPriorityOf("/api/payments/test-sessions/test_abc/pay")).toBe("essential");
    expect(admissionPriorityOf("/assets/root-AbC123.js")).toBe("essential");
    expect(admissionPriorityOf("/api/ready")).toBe("essential");
    expect(admissionPriorityOf("/api/cart/calculate")).toBe("checkout");
    expect(admissionPriorityOf("/api/payments/process")).toBe("checkout");
    expect(admissionPriorityOf("/cart?step=checkout")).toBe("checkout");
    expect(admissionPriorityOf("/cart.data")).toBe("checkout");
    expect(admissionPriorityOf("/pay/test_abc")).toBe("checkout");
    expect(admissionPriorityOf("/api/installation/jobs/tok_123/deposit")).toBe("checkout");
    expect(admissionPriorityOf("/api/installation/jobs/tok_123/accept")).toBe("checkout");
    expect(admissionPriorityOf("/api/installation/jobs/tok_123")).toBe("browse");
    expect(admissionPriorityOf("/products")).toBe("browse");
    expect(admissionPriorityOf("/closeouts")).toBe("browse");
    expect(admissionPriorityOf("/api/products?closeout=true")).toBe("browse");
    expect(admissionPriorityOf("/api/products/12")).toBe("browse");
  });
});

describe("admission in the whole store, with the pressure signal switched on", () => {
  let t: TestApp;
  let underPressure = false;
  beforeAll(async () => {
    t = await createTestApp({
      admission: {
        underPressure: () => underPressure,
        // Injected requests stand in for shoppers' network requests.
        internal: () => false,
      },
    });
  });
  afterAll(() => t.close());

  it("completes a payment and answers the webhook while page views and catalogue reads are shed", async () => {
    const product = await createProduct(t.database.db, { stock_quantity: 3, our_price: 4 });
    const started = await t.app.inject({
      method: "POST",
      url: "/api/payments/process",
      payload: buildPaymentRequest([{ product_id: product.id, quantity: 1 }]),
    });
    expect(started.statusCode).toBe(200);
    const { id } = started.json();

    underPressure = true;
    const browsing = await t.app.inject(`/api/products/${product.id}`);
    expect(browsing.statusCode).toBe(503);
    expect(browsing.headers["retry-after"]).toBe("2");
    expect(browsing.json()).toEqual({ detail: busyMessage });

    // A buyer still gets totals under pressure...
    const totals = await t.app.inject({
      method: "POST",
      url: "/api/cart/calculate",
      payload: { cart_items: [{ product_id: product.id, quantity: 1 }] },
    });
    expect(totals.statusCode).toBe(200);

    // ...and the payment completes.
    const paid = await t.app.inject({
      method: "POST",
      url: `/api/payments/test-sessions/${id}/pay`,
      payload: { card_number: "4242 4242 4242 4242" },
      headers: { origin: "http://store.test" },
    });
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toEqual({ redirect_url: `/success?session_id=${id}` });

    // The webhook is reached (no Stripe configured here: it answers, it is not shed).
    const webhook = await t.app.inject({
      method: "POST",
      url: "/api/payments/webhook",
      payload: "{}",
      headers: { "content-type": "application/json" },
    });
    expect(webhook.statusCode).not.toBe(503);

    underPressure = false;
    expect((await t.app.inject(`/api/products/${product.id}`)).statusCode).toBe(200);
  });
});
