import parsePrometheusTextFormat from "parse-prometheus-text-format";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callAdmin } from "../../test/admin-requests.ts";
import { buildPaymentRequest, createOrder, createProduct } from "../../test/factories.ts";
import { signedStripeEvent } from "../../test/fake-stripe.ts";
import { createTestApp, type TestApp, useStripeTestApp, useTestApp } from "../../test/test-app.ts";
import { enqueueMail } from "../mail/outbox.ts";
import { routeLabel } from "./metrics.ts";

const family = (text: string, name: string) =>
  parsePrometheusTextFormat(text).find((f) => f.name === name);

/** One series' value on this app's /metrics (0 while the series does not exist yet). */
async function counterValue(t: TestApp, name: string, labels: Record<string, string>) {
  const body = (await t.app.inject({ method: "GET", url: "/metrics", remoteAddress: "127.0.0.1" }))
    .body;
  const series = family(body, name)?.metrics.find((m) =>
    Object.entries(labels).every(([key, value]) => m.labels?.[key] === value),
  );
  return Number(series?.value ?? 0);
}

describe("/metrics", () => {
  const t = useTestApp({ config: { metricsToken: "metrics-token-for-tests" } });
  const read = async (headers: Record<string, string> = {}, remoteAddress = "127.0.0.1") =>
    t.app.inject({ method: "GET", url: "/metrics", headers, remoteAddress });

  it("counts requests by route pattern, times them, and parses as Prometheus text", async () => {
    for (let i = 0; i < 3; i++) await t.app.inject("/api/health");
    await t.app.inject("/api/products/999999");
    const res = await read();
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    const requests = family(res.body, "http_requests_total");
    expect(requests?.type).toBe("COUNTER");
    const health = requests?.metrics.find(
      (m) => m.labels?.route === "/api/health" && m.labels.status_code === "200",
    );
    expect(Number(health?.value)).toBeGreaterThanOrEqual(3);
    // One series per route pattern, never one per product id.
    expect(requests?.metrics.some((m) => m.labels?.route === "/api/products/:id")).toBe(true);
    expect(requests?.metrics.some((m) => m.labels?.route?.includes("999999"))).toBe(false);
    expect(family(res.body, "http_request_duration_seconds")?.type).toBe("HISTOGRAM");
    const timed =
      /^http_request_duration_seconds_count\{method="GET",route="\/api\/health"\} (\d+)$/m;
    expect(Number(timed.exec(res.body)?.[1])).toBeGreaterThanOrEqual(3);
    expect(family(res.body, "process_resident_memory_bytes")).toBeDefined();
  });

  it("labels a served file by its folder, so the series do not grow with the assets and photos", () => {
    expect(routeLabel("/assets/entry.client-Bq3x9.js")).toBe("/assets/*");
    expect(routeLabel("/img/floors/oak-1200.webp")).toBe("/img/*");
    expect(routeLabel("/api/products/:id")).toBe("/api/products/:id");
    expect(routeLabel("/api/admin/exports/orders.csv")).toBe("/api/admin/exports/orders.csv");
    expect(routeLabel("/favicon.ico")).toBe("/favicon.ico");
    expect(routeLabel("/sitemap.xml")).toBe("/sitemap.xml");
    expect(routeLabel(undefined)).toBe("unmatched");
  });

  it("reports the outbox's queue and the age of its oldest waiting message", async () => {
    await enqueueMail(t.database.db, {
      kind: "metrics-test",
      to: "metrics@example.com",
      subject: "Waiting",
      html: "<p>Waiting</p>",
      text: "Waiting",
    });
    const body = (await read()).body;
    const pending = family(body, "mail_outbox_messages")?.metrics.find(
      (m) => m.labels?.status === "pending",
    );
    expect(Number(pending?.value)).toBeGreaterThanOrEqual(1);
    const oldest = family(body, "mail_outbox_oldest_pending_age_seconds")?.metrics[0];
    expect(Number(oldest?.value)).toBeGreaterThanOrEqual(0);
  });

  it("counts catalogue cache hits and misses", async () => {
    await t.app.inject("/api/products/facets");
    await t.app.inject("/api/products/facets");
    const lookups = family((await read()).body, "catalog_cache_lookups_total")?.metrics;
    const count = (result: string) =>
      Number(lookups?.find((m) => m.labels?.result === result)?.value ?? 0);
    expect(count("miss")).toBeGreaterThanOrEqual(1);
    expect(count("hit")).toBeGreaterThanOrEqual(1);
  });

  it("counts a paid order, a cancelled payment and a refund once each, however often they are reported", async () => {
    const counters = async () => ({
      placed: await counterValue(t, "orders_placed_total", { provider: "test" }),
      succeeded: await counterValue(t, "payments_succeeded_total", { provider: "test" }),
      cancelled: await counterValue(t, "payments_failed_total", {
        provider: "test",
        outcome: "cancelled",
      }),
      refunds: await counterValue(t, "refunds_issued_total", { provider: "test" }),
      refundedCents: await counterValue(t, "refunds_issued_cents_total", { provider: "test" }),
    });
    const before = await counters();
    const product = await createProduct(t.database.db, { our_price: 5, sqft_per_carton: 20 });
    const start = async () => {
      const started = await t.app.inject({
        method: "POST",
        url: "/api/payments/process",
        payload: buildPaymentRequest([{ product_id: product.id, quantity: 1 }]),
      });
      return (started.json() as { id: string }).id;
    };
    const paidId = await start();
    const declinedId = await start();
    for (let i = 0; i < 2; i++) {
      await t.app.inject({
        method: "POST",
        url: `/api/payments/test-sessions/${paidId}/pay`,
        payload: { card_number: "4242 4242 4242 4242" },
      });
      await t.app.inject({
        method: "POST",
        url: `/api/payments/test-sessions/${declinedId}/cancel`,
      });
    }
    const paidOrder = await createOrder(t.database.db, { lines: [{ product, quantity: 2 }] });
    for (let i = 0; i < 2; i++)
      await callAdmin(t, "PATCH", `/api/admin/orders/${paidOrder.id}/status`, {
        status: "cancelled",
        send_email: false,
      });
    const after = await counters();
    expect(after.placed - before.placed).toBe(1);
    expect(after.succeeded - before.succeeded).toBe(1);
    expect(after.cancelled - before.cancelled).toBe(1);
    expect(after.refunds - before.refunds).toBe(1);
    expect(after.refundedCents - before.refundedCents).toBe(paidOrder.total_amount_cents);
    const help = family((await read()).body, "orders_placed_total")?.help;
    expect(help).toContain("this process");
  });

  it("answers another machine, or a request through a proxy, only with the token", async () => {
    const away = await read({}, "203.0.113.9");
    expect(away.statusCode).toBe(403);
    expect(away.json()).toEqual({
      detail: "Metrics are served to this machine, or with the metrics token",
    });
    expect((await read({ "x-forwarded-for": "203.0.113.9" })).statusCode).toBe(403);
    expect(
      (await read({ authorization: "Bearer not-the-metrics-token" }, "203.0.113.9")).statusCode,
    ).toBe(403);
    expect(
      (await read({ authorization: "Bearer metrics-token-for-tests" }, "203.0.113.9")).statusCode,
    ).toBe(200);
  });
});

describe("/metrics with Stripe", () => {
  const { t } = useStripeTestApp();

  it("counts a payment Stripe reports declined once, as failed, however often the webhook comes", async () => {
    const failed = () =>
      counterValue(t, "payments_failed_total", { provider: "stripe", outcome: "failed" });
    const before = await failed();
    const product = await createProduct(t.database.db, { our_price: 5, sqft_per_carton: 20 });
    const started = await t.app.inject({
      method: "POST",
      url: "/api/payments/process",
      payload: buildPaymentRequest([{ product_id: product.id, quantity: 1 }]),
    });
    const { id } = started.json() as { id: string };
    for (let i = 0; i < 2; i++) {
      const event = signedStripeEvent("checkout.session.async_payment_failed", {
        id,
        payment_status: "unpaid",
      });
      const res = await t.app.inject({
        method: "POST",
        url: "/api/payments/webhook",
        payload: event.payload,
        headers: { "content-type": "application/json", "stripe-signature": event.signature },
      });
      expect(res.statusCode).toBe(200);
    }
    expect((await failed()) - before).toBe(1);
  });
});

describe("/metrics of two apps in one process", () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    first = await createTestApp();
    second = await createTestApp();
  });
  afterAll(async () => {
    await first.close();
    await second.close();
  });

  it("counts an order paid through one app on that app's /metrics only", async () => {
    const placed = (t: TestApp) => counterValue(t, "orders_placed_total", { provider: "test" });
    const before = { first: await placed(first), second: await placed(second) };
    const product = await createProduct(first.database.db, { our_price: 5, sqft_per_carton: 20 });
    const started = await first.app.inject({
      method: "POST",
      url: "/api/payments/process",
      payload: buildPaymentRequest([{ product_id: product.id, quantity: 1 }]),
    });
    const paid = await first.app.inject({
      method: "POST",
      url: `/api/payments/test-sessions/${(started.json() as { id: string }).id}/pay`,
      payload: { card_number: "4242 4242 4242 4242" },
    });
    expect(paid.statusCode).toBe(200);
    expect((await placed(first)) - before.first).toBe(1);
    expect((await placed(second)) - before.second).toBe(0);
  });
});
