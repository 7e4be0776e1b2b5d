import { timingSafeEqual } from "node:crypto";
import { sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { Database } from "../db/client.ts";
import type { OrderMetricsHook } from "../modules/orders/orders.service.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** This process's Prometheus metrics, served at /metrics. */
    metrics: StoreMetrics;
  }
}

export interface StoreMetrics {
  registry: Registry;
  /** A catalogue answer served from the per-process cache (hit) or computed (miss). */
  countCatalogCache(hit: boolean): void;
  /** The business counters, handed to the orders module (orders, payments, refunds). */
  orders: OrderMetricsHook;
}

/** Seconds: from a cached answer's fraction of a millisecond to a slow page under load. */
const durationBuckets = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/**
 * The store's metrics, in a registry of its own (never prom-client's global one, so two apps in
 * one test process do not share counts): requests and their durations by route, the database
 * pool, the mail outbox's queue, the catalogue cache, the business's orders, payments and
 * refunds, and Node's own (memory, event loop).
 */
export function createMetrics(database: Database): StoreMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const cache = new Counter({
    name: "catalog_cache_lookups_total",
    help: "Public catalogue answers looked up in the per-process cache, by result",
    labelNames: ["result"],
    registers: [registry],
  });
  new Gauge({
    name: "db_pool_connections",
    help: "PostgreSQL pool connections by state (absent on the embedded database)",
    labelNames: ["state"],
    registers: [registry],
    collect() {
      const stats = database.poolStats?.();
      if (!stats) return;
      this.set({ state: "total" }, stats.total);
      this.set({ state: "idle" }, stats.idle);
      this.set({ state: "waiting" }, stats.waiting);
    },
  });
  const outboxOldest = new Gauge({
    name: "mail_outbox_oldest_pending_age_seconds",
    help: "Age of the oldest message waiting to be sent (0 when none waits)",
    registers: [registry],
  });
  new Gauge({
    name: "mail_outbox_messages",
    help: "Outbox messages by status",
    labelNames: ["status"],
    registers: [registry],
    async collect() {
      const { rows } = await database.db.execute(sql`
        select status, count(*)::int as count,
          extract(epoch from now() - min(created_at))::float8 as oldest
        from mail_outbox group by status`);
      let oldest = 0;
      for (const status of ["pending", "sending", "sent", "failed"]) this.set({ status }, 0);
      for (const row of rows as Array<{ status: string; count: number; oldest: number }>) {
        this.set({ status: row.status }, Number(row.count));
        if (row.status === "pending") oldest = Number(row.oldest);
      }
      outboxOldest.set(oldest);
    },
  });
  return {
    registry,
    countCatalogCache: (hit) => cache.inc({ result: hit ? "hit" : "miss" }),
    orders: businessCounters(registry),
  };
}

/**
 * Orders, payments and refunds as they happen in this process. They start at zero when the
 * process starts and each process counts its own: Prometheus's rate() and increase() read them
 * across restarts, and the sum over processes is the store's.
 */
function businessCounters(registry: Registry): OrderMetricsHook {
  const counter = (name: string, help: string, labelNames: string[]) =>
    new Counter({ name, help, labelNames, registers: [registry] });
  const perProcess = "(counted by this process since it started)";
  const placed = counter(
    "orders_placed_total",
    `Orders that became paid, free ones too, by payment provider ${perProcess}`,
    ["provider"],
  );
  const succeeded = counter(
    "payments_succeeded_total",
    `Customer payments recorded, by payment provider ${perProcess}`,
    ["provider"],
  );
  const failed = counter(
    "payments_failed_total",
    `Payments that never came: declined (failed), expired or cancelled, by provider ${perProcess}`,
    ["provider", "outcome"],
  );
  const refunds = counter(
    "refunds_issued_total",
    `Refunds given back through the payment provider ${perProcess}`,
    ["provider"],
  );
  const refundedCents = counter(
    "refunds_issued_cents_total",
    `Cents refunded through the payment provider ${perProcess}`,
    ["provider"],
  );
  return {
    orderPlaced: (provider) => placed.inc({ provider }),
    paymentSucceeded: (provider) => succeeded.inc({ provider }),
    paymentFailed: (provider, outcome) => failed.inc({ provider, outcome }),
    refundIssued: (provider, amountCents) => {
      refunds.inc({ provider });
      refundedCents.inc({ provider }, amountCents);
    },
  };
}

const loopback = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

/**
 * Metrics are for the people running the store: answered to this machine (a scraper on
 * localhost), or anywhere with `Authorization: Bearer <METRICS_TOKEN>`. A request that came
 * through a proxy (it carries X-Forwarded-For or Forwarded) is not this machine's even when the
 * proxy connects from localhost.
 */
function mayReadMetrics(request: FastifyRequest, token: string | undefined): boolean {
  const auth = request.headers.authorization;
  if (token && auth?.startsWith("Bearer ")) {
    const given = Buffer.from(auth.slice("Bearer ".length));
    const expected = Buffer.from(token);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
  const proxied = request.headers["x-forwarded-for"] || request.headers.forwarded;
  return !proxied && loopback.has(request.socket.remoteAddress ?? "");
}

/**
 * The route label of a request: its route's pattern, never the raw URL. Built assets and images
 * are served as one route per file, so a file under a folder outside the API is labelled by its
 * folder ("/assets/*"): the series stay as many as the routes, however large the catalogue grows.
 */
export function routeLabel(pattern: string | undefined): string {
  if (!pattern) return "unmatched";
  if (pattern.startsWith("/api/")) return pattern;
  const folder = /^(\/[^/:*]+)\/[^:*]*\.[A-Za-z0-9]+$/.exec(pattern);
  return folder ? `${folder[1]}/*` : pattern;
}

/** Counts every request by route and serves GET /metrics in Prometheus's text format. */
export function registerMetrics(app: FastifyInstance, metrics: StoreMetrics, token?: string) {
  const requests = new Counter({
    name: "http_requests_total",
    help: "HTTP requests answered, by method, route pattern and status code",
    labelNames: ["method", "route", "status_code"],
    registers: [metrics.registry],
  });
  const durations = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time to answer an HTTP request, by method and route pattern",
    labelNames: ["method", "route"],
    buckets: durationBuckets,
    registers: [metrics.registry],
  });
  app.addHook("onResponse", async (request, reply) => {
    // One series per route, whatever ids or files are asked for.
    const route = routeLabel(request.routeOptions.url);
    requests.inc({ method: request.method, route, status_code: reply.statusCode });
    durations.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });
  app.get("/metrics", { schema: { hide: true } }, async (request, reply) => {
    if (!mayReadMetrics(request, token)) {
      return reply
        .code(403)
        .send({ detail: "Metrics are served to this machine, or with the metrics token" });
    }
    reply.header("cache-control", "no-store");
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}
