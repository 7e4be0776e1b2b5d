// `npm run bench:dashboard`: the owner's dashboard on 100,000 orders (200,000 lines) paid over the
// last year, on the embedded database and on PostgreSQL (when reachable). Times
// GET /api/admin/dashboard (30 and 90 days) against the production build, one request at a time,
// and writes its section of docs/performance.md. Build first: `npm run build`. Not run in CI.
//
// Options: --orders=100000  --runs=20  --port=4350  --no-pg  --pg=<admin url>  --no-write
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os, { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import pg from "pg";
import { startProductionServer } from "./bench-server.mjs";
import { replaceReportSection } from "./report-section.mjs";

const args = {};
for (const raw of process.argv.slice(2)) {
  const [key, ...rest] = raw.replace(/^--/, "").split("=");
  args[key] = rest.length ? rest.join("=") : true;
}
const orderCount = Number(args.orders ?? 100_000);
const runs = Number(args.runs ?? 20);
const port = Number(args.port ?? 4350);
const root = resolve(import.meta.dirname, "..");
const log = (line) => console.log(`[dashboard] ${line}`);

/** Paid orders spread over the last 365 days, each with two lines of catalogue products. */
const ordersSql = (count) => `
  insert into orders (friendly_order_id, status, payment_status, stock_status, payment_provider,
    payment_expires_at, tracking_token, customer_name, customer_email, customer_phone,
    billing_address, subtotal_cents, shipping_cost_cents, tax_amount_cents, total_amount_cents,
    total_sqft,
    total_cartons, pallets_needed, paid_at, created_at)
  select 'BENCH-' || g, (array['processing', 'shipped', 'delivered'])[1 + g % 3], 'paid',
    'committed', 'test', t, md5('bench' || g), 'Bench Buyer', 'bench' || g || '@example.com',
    '205-555-0100',
    '{"street":"1 Main St","city":"Birmingham","state":"AL","zip_code":"35203","country":"US"}',
    20000, 0, 2000, 22000, 80, 4, 1, t, t
  from generate_series(1, ${count}) g,
    lateral (select now() - (g % 365) * interval '1 day' - (g % 1440) * interval '1 minute' as t) at;
  insert into order_items (order_id, product_id, product_name, quantity, unit_price_cents,
    total_price_cents, sqft_per_box, total_sqft)
  select o.id, p.id, p.name, 2, 5000, 10000, 20, 40
  from (select id, row_number() over (order by id) as n from orders where friendly_order_id like 'BENCH-%') o
  cross join generate_series(0, 1) line
  join (select id, name, row_number() over (order by id) - 1 as rn, count(*) over () as total from products) p
    on p.rn = (o.n * 2 + line) % p.total;
  analyze orders; analyze order_items;`;

async function measure(base) {
  const headers = { "admin-password": "bench-admin-password" };
  const result = {};
  for (const days of [30, 90]) {
    const url = `${base}/api/admin/dashboard?days=${days}`;
    for (let i = 0; i < 3; i++) await (await fetch(url, { headers })).arrayBuffer();
    const times = [];
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      const res = await fetch(url, { headers });
      const body = await res.json();
      times.push(performance.now() - started);
      if (!res.ok) throw new Error(`dashboard answered ${res.status}: ${JSON.stringify(body)}`);
      if (i === 0) result[`orders${days}`] = body.paid_orders;
    }
    times.sort((a, b) => a - b);
    result[`p50_${days}`] = times[Math.floor(times.length / 2)];
    result[`max_${days}`] = times.at(-1);
  }
  return result;
}

async function onPglite() {
  const dataDir = mkdtempSync(join(tmpdir(), "mcf-dashboard-"));
  try {
    // The first start migrates and seeds the catalogue; the orders go in while it is stopped.
    await (await startProductionServer(root, { port, dataDir })).stop();
    const { PGlite } = await import("@electric-sql/pglite");
    const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
    const db = new PGlite(join(dataDir, "pglite"), { extensions: { pg_trgm } });
    log(`PGlite: inserting ${orderCount} orders`);
    await db.exec(ordersSql(orderCount));
    await db.close();
    const server = await startProductionServer(root, { port, dataDir });
    try {
      return await measure(server.base);
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function onPostgres() {
  if (args["no-pg"]) return null;
  const adminUrl =
    (typeof args.pg === "string" && args.pg) ||
    process.env.BENCH_DATABASE_URL ||
    "postgres://postgres@127.0.0.1:5432/postgres";
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
  } catch {
    log("PostgreSQL not reachable: skipped");
    return null;
  }
  const name = `mcf_dashboard_${Date.now()}`;
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(join(tmpdir(), "mcf-dashboard-pg-"));
  try {
    const server = await startProductionServer(root, { port, dataDir, databaseUrl: String(url) });
    try {
      const client = new pg.Client({ connectionString: String(url) });
      await client.connect();
      log(`PostgreSQL: inserting ${orderCount} orders`);
      await client.query(ordersSql(orderCount));
      await client.end();
      return await measure(server.base);
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

const loadAtStart = os
  .loadavg()
  .map((n) => n.toFixed(2))
  .join(", ");
const results = [
  ["embedded PGlite", await onPglite()],
  ["PostgreSQL", await onPostgres()],
];
const ms = (value) => `${value.toFixed(1)} ms`;
const rows = results
  .filter(([, r]) => r)
  .map(
    ([kind, r]) =>
      `| ${kind} | ${ms(r.p50_30)} (max ${ms(r.max_30)}) | ${ms(r.p50_90)} (max ${ms(r.max_90)}) | ${Math.max(r.p50_30, r.p50_90) < 100 ? "met" : "not met"} |`,
  );
const section = `## Dashboard on ${orderCount.toLocaleString("en-US")} orders

\`npm run bench:dashboard\`, ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC, ${os.availableParallelism()} cores, load average at start ${loadAtStart}. ${orderCount.toLocaleString("en-US")} paid orders with two lines each, spread over the last 365 days; GET /api/admin/dashboard answered one at a time, ${runs} times per period after 3 warm-ups (the time includes HTTP and JSON). Aim: under 100 ms.

| database | 30 days, median | 90 days, median | aim (both medians) |
|---|---|---|---|
${rows.join("\n")}`;
console.log(section);
if (!args["no-write"]) {
  const reportPath = join(root, "docs/performance.md");
  const doc = existsSync(reportPath) ? readFileSync(reportPath, "utf8") : "# Performance\n";
  writeFileSync(reportPath, replaceReportSection(doc, "dashboard", section));
  log(`wrote the dashboard section of ${reportPath}`);
}
