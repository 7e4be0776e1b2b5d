// `npm run bench`: load tests (autocannon; wrk too for the overloads) and page audits (Lighthouse) against the production
// build, on the embedded database and on PostgreSQL, then prints both tables and writes
// docs/performance.md. Build first: `npm run build`. Not run in CI.
//
// Order (never two at once): embedded PGlite → load scenarios, overload, JavaScript weights,
// Lighthouse; PostgreSQL (when reachable) → load scenarios, overload; then each database
// is then filled to 20,000 products and the product-list scenarios repeat (unless --no-large).
//
// Options (all optional):
//   --duration=10          seconds per scenario (after a 2 s warm-up; --warmup=2)
//   --connections=50       autocannon connections
//   --only=products,cart   run only scenarios whose name contains one of these words
//   --no-large             skip the larger catalogue (by default each database is then filled
//                          to 20,000 products and the product-list scenarios repeat)
//   --large-count=20000    size of the larger catalogue
//   --large-only           only the larger catalogue's runs and the memory reading after them
//   --no-lighthouse        skip Lighthouse      --lighthouse-runs=5   runs per page (median)
//   --no-load              skip the autocannon scenarios (Lighthouse and JS weights only)
//   --no-overload          skip the 500-connection scenario   --overload-connections=500
//   --no-crawl             skip the link crawls (8 connections, on the freshly started store and
//                          right after a price change)
//   --no-pg                skip PostgreSQL      --pg=<url>  (or BENCH_DATABASE_URL) admin URL
//   --port=4300            first port (PGlite server; PostgreSQL server uses port+1)
//   --no-write             print only, leave docs/performance.md alone
//   --note="..."           a line about the machine's state, copied into the report
//   --rush                 only the closeout rush on PostgreSQL (bench/rush.mjs, its own options
//                          there); writes its section of docs/performance.md
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import os, { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { gunzipSync } from "node:zlib";
import autocannon from "autocannon";
import pg from "pg";
import { sleep, startProductionServer } from "./bench-server.mjs";
import { crawlSite } from "./crawl.mjs";
import { seedLargePg, seedLargePglite } from "./large-catalogue.mjs";
import { auditPage, chromePath } from "./lighthouse.mjs";
import { keptReportSection, replaceReportSection } from "./report-section.mjs";
import {
  cacheMiss,
  getJson,
  lighthousePages,
  publicPages,
  scenarios,
  searchQuality,
} from "./scenarios.mjs";
import { runWrk, wrkPath } from "./wrk.mjs";

const args = {};
for (const raw of process.argv.slice(2)) {
  const [key, ...rest] = raw.replace(/^--/, "").split("=");
  args[key] = rest.length ? rest.join("=") : true;
}
const duration = Number(args.duration ?? 10);
const warmup = Number(args.warmup ?? 2);
const connections = Number(args.connections ?? 50);
const basePort = Number(args.port ?? 4300);
const largeCount = Number(args["large-count"] ?? 20_000);
const lighthouseRuns = Number(args["lighthouse-runs"] ?? 5);
const overloadConnections = Number(args["overload-connections"] ?? 500);
const only = typeof args.only === "string" ? args.only.toLowerCase().split(",") : null;
const root = resolve(import.meta.dirname, "..");
const startedAt = new Date();
const machine = {
  cpus: os.availableParallelism(),
  cpuModel: os.cpus()[0]?.model ?? "unknown CPU",
  memoryGb: (os.totalmem() / 1024 ** 3).toFixed(1),
  node: process.version,
  platform: `${os.type()} ${os.release()}`,
  loadAtStart: os.loadavg().map((n) => n.toFixed(2)),
};

const log = (line) => console.log(line);
const selected = (scenario) =>
  !only || only.some((word) => scenario.name.toLowerCase().includes(word));

// ---------------------------------------------------------------- server processes

const startServer = (options) => startProductionServer(root, options);

/** Waits until the server answers normally again after a load test (no more shedding). */
async function waitCalm(base) {
  for (let i = 0; i < 60; i++) {
    const res = await fetch(`${base}/api/health`).catch(() => null);
    if (res?.ok) return;
    await sleep(500);
  }
}

// ---------------------------------------------------------------- autocannon

function cannon(opts) {
  return new Promise((resolvePromise, reject) => {
    const instance = autocannon(
      {
        url: opts.url,
        method: opts.method ?? "GET",
        body: opts.body,
        headers: opts.headers,
        connections: opts.connections,
        duration: opts.duration,
        timeout: opts.timeout ?? 10,
        setupClient: opts.setupClient,
        requests: opts.requests,
      },
      (err, result) => (err ? reject(err) : resolvePromise(result)),
    );
    instance.on("error", reject);
  });
}

/** Every load request asks for compression, as every browser does. */
const browserHeaders = { "accept-encoding": "gzip, deflate, br" };

/**
 * Runs `run` and measures the server's CPU while it runs: the share of one core it used. On a
 * 2-core machine the load generator shares the cores with the server, so served pages per second
 * alone also measure the generator; pages per second of the server's own CPU say whether the
 * server got slower or only got less of the machine.
 */
async function withServerCpu(server, run) {
  const cpuBefore = server.cpuSeconds();
  const startedAt = performance.now();
  const result = await run();
  const cpuAfter = server.cpuSeconds();
  const seconds = (performance.now() - startedAt) / 1000;
  const cpu = cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore;
  return { result, serverCpuShare: cpu === null ? null : cpu / seconds };
}

async function runScenarios(server, list, label) {
  const base = server.base;
  const rows = [];
  for (const scenario of list) {
    const extra = scenario.setup ? await scenario.setup({ base }) : {};
    const opts = {
      ...scenario,
      ...extra,
      headers: { ...browserHeaders, ...scenario.headers, ...extra.headers },
      url: base + (extra.path ?? scenario.path),
      connections: scenario.connections ?? connections,
    };
    await waitCalm(base);
    if (warmup > 0) await cannon({ ...opts, duration: warmup });
    await waitCalm(base);
    const byStatus = new Map();
    const { result: r, serverCpuShare } = await withServerCpu(server, () =>
      cannon({ ...opts, duration, setupClient: countStatuses(byStatus) }),
    );
    const ok = [...byStatus.entries()].filter(([s]) => s >= 200 && s < 300).flatMap(([, l]) => l);
    const shed = byStatus.get(503)?.length ?? 0;
    const answered = [...byStatus.values()].reduce((n, l) => n + l.length, 0);
    const row = {
      name: scenario.name,
      ceiling: Boolean(scenario.ceiling),
      rps: ok.length / duration,
      p50: percentile(ok, 50),
      p99: percentile(ok, 99),
      shed,
      errors: answered - ok.length - shed + r.errors,
      errorKinds: errorKinds(byStatus, r),
      serverCpuShare,
    };
    rows.push(row);
    log(
      `  [${label}] ${row.name}: ${Math.round(row.rps)} req/s, p50 ${ms(row.p50)} ms, p99 ${ms(row.p99)} ms, shed ${row.shed}, errors ${row.errors}`,
    );
  }
  const ceiling = rows.find((r) => r.ceiling)?.rps;
  for (const row of rows) row.ratio = ceiling ? row.rps / ceiling : null;
  return rows;
}

/**
 * What the errors of a run were, for the table: requests that timed out, other socket errors, and
 * answers that were neither 2xx nor 503 by status ("" when there were none).
 */
function errorKinds(byStatus, r) {
  const kinds = [];
  if (r.timeouts > 0) kinds.push(`${r.timeouts} timed out`);
  if (r.errors - r.timeouts > 0) kinds.push(`${r.errors - r.timeouts} socket`);
  for (const [status, list] of byStatus)
    if ((status < 200 || status >= 300) && status !== 503) kinds.push(`${list.length} × ${status}`);
  return kinds.join(", ");
}

/** Collects each response's time by status code (autocannon's own stats mix 200s and 503s). */
const countStatuses = (byStatus) => (client) => {
  client.on("response", (statusCode, _bytes, responseTime) => {
    const list = byStatus.get(statusCode) ?? [];
    list.push(responseTime);
    byStatus.set(statusCode, list);
  });
};

const percentile = (values, p) => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

/**
 * One overload run's row, whichever tool measured it: its counts and times, with the shares and
 * the answers that were neither served nor shed worked out the same way for both.
 */
function overloadRow(tool, path, options, measured) {
  const { answered, ok, shed, shedWithRetryAfter } = measured;
  return {
    tool,
    name: `${options.name ?? path} at ${overloadConnections} connections`,
    ...measured,
    shedShare: answered ? shed / answered : 0,
    retryAfterShare: shed ? shedWithRetryAfter / shed : null,
    other: answered - ok - shed,
  };
}

/** Many more connections than the server can serve: what is not taken must be 503 + Retry-After. */
async function runOverload(server, path, label, options = {}) {
  const base = server.base;
  await waitCalm(base);
  const byStatus = new Map();
  let shedWithRetryAfter = 0;
  let shed = 0;
  const { result: r, serverCpuShare } = await withServerCpu(server, () =>
    cannon({
      url: base + path,
      headers: browserHeaders,
      requests: options.requests,
      connections: overloadConnections,
      duration,
      timeout: 30,
      setupClient(client) {
        client.on("headers", ({ statusCode, headers }) => {
          if (statusCode !== 503) return;
          shed++;
          for (let i = 0; i < headers.length; i += 2) {
            if (String(headers[i]).toLowerCase() === "retry-after") {
              shedWithRetryAfter++;
              break;
            }
          }
        });
        countStatuses(byStatus)(client);
      },
    }),
  );
  const ok = byStatus.get(200) ?? [];
  const shedTimes = byStatus.get(503) ?? [];
  const answered = [...byStatus.values()].reduce((n, l) => n + l.length, 0);
  const row = overloadRow("autocannon", path, options, {
    okRps: ok.length / duration,
    baselineRps: options.baselineRps ?? null,
    serverCpuShare,
    baselineCpuShare: options.baselineCpuShare ?? null,
    answered,
    ok: ok.length,
    shed,
    shedWithRetryAfter,
    okP50: percentile(ok, 50),
    okP99: percentile(ok, 99),
    shedP99: percentile(shedTimes, 99),
    allP99: r.latency.p99,
    timeouts: r.timeouts,
    connErrors: r.errors - r.timeouts,
  });
  log(
    `  [${label}] overload ${row.name}: ${row.ok} served (p99 ${row.okP99} ms), ${row.shed} shed (${pct(row.shedShare)}, Retry-After on ${row.retryAfterShare === null ? "n/a" : pct(row.retryAfterShare)}), ${row.timeouts} timeouts`,
  );
  return row;
}

/**
 * The same overload measured with wrk, the 50-connection rate it is compared with too (one tool
 * for both, so the ratio is the server's, not the load generator's).
 */
async function runOverloadWrk(server, path, label, options = {}) {
  const base = server.base;
  const run = (connections, seconds) =>
    withServerCpu(server, () =>
      runWrk({
        url: base + path,
        connections,
        duration: seconds,
        headers: browserHeaders,
        miss: Boolean(options.miss),
      }),
    );
  await waitCalm(base);
  if (warmup > 0) await run(connections, warmup);
  await waitCalm(base);
  const baseline = await run(connections, duration);
  await waitCalm(base);
  const { result: r, serverCpuShare } = await run(overloadConnections, duration);
  const ok = r.statuses.get(200) ?? 0;
  const shed = r.statuses.get(503) ?? 0;
  const answered = [...r.statuses.values()].reduce((n, c) => n + c, 0);
  // wrk's latency mixes every status: it is the 200s' only when nothing else was answered.
  const onlyServed = ok === answered;
  const row = overloadRow("wrk", path, options, {
    okRps: ok / r.seconds,
    baselineRps: (baseline.result.statuses.get(200) ?? 0) / baseline.result.seconds,
    serverCpuShare,
    baselineCpuShare: baseline.serverCpuShare,
    answered,
    ok,
    shed,
    shedWithRetryAfter: r.retryAfter,
    okP50: onlyServed ? r.p50 : null,
    okP99: onlyServed ? r.p99 : null,
    shedP99: null,
    allP99: r.p99,
    timeouts: r.timeouts,
    connErrors: r.socketErrors,
  });
  log(
    `  [${label}] overload (wrk) ${row.name}: ${Math.round(row.okRps)} served/s vs ${Math.round(row.baselineRps)} at ${connections} connections (p99 of all answers ${ms(r.p99)} ms), ${row.shed} shed (Retry-After on ${row.retryAfterShare === null ? "n/a" : pct(row.retryAfterShare)}), ${row.timeouts} timeouts`,
  );
  return row;
}

const pct = (x) => `${(x * 100).toFixed(1)}%`;

// ---------------------------------------------------------------- JavaScript weight per page

/** GETs a URL asking for gzip and returns the raw (compressed) body and the headers. */
function getRaw(url) {
  return new Promise((resolvePromise, reject) => {
    http
      .get(url, { headers: { "accept-encoding": "gzip" } }, (res) => {
        const chunks = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () =>
          resolvePromise({
            status: res.statusCode,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
        res.on("error", reject);
      })
      .on("error", reject);
  });
}

/** Every script a page loads (module preloads, module scripts, dynamic entry imports). */
async function scriptWeights(base, path) {
  const html = await (await fetch(base + path)).text();
  const pending = [];
  // What the page asks for: module preloads (made inert until after the first paint, decision
  // 046), script tags, and the modules its inline bootstrap imports...
  for (const m of html.matchAll(/<link[^>]+rel="(?:deferred-)?modulepreload"[^>]+href="([^"]+)"/g))
    pending.push(m[1]);
  for (const m of html.matchAll(/<script[^>]+src="([^"]+)"/g)) pending.push(m[1]);
  for (const m of html.matchAll(/(?:import\s*\(|from)\s*"([^"]+\.js)"/g)) pending.push(m[1]);
  // ...and everything those import statically (dynamic imports load later, on demand).
  const seen = new Set();
  let gzip = 0;
  const thirdParty = [];
  while (pending.length > 0) {
    const url = new URL(pending.pop(), base);
    if (seen.has(url.href)) continue;
    seen.add(url.href);
    if (url.origin !== new URL(base).origin) {
      thirdParty.push(url.href);
      continue;
    }
    const res = await getRaw(url.href);
    if (res.status !== 200) throw new Error(`${url.href} answered ${res.status}`);
    gzip += res.body.length;
    const code = res.headers["content-encoding"] === "gzip" ? gunzipSync(res.body) : res.body;
    for (const m of code.toString().matchAll(/(?:\bfrom|\bimport)\s*["']([^"']+\.js)["']/g))
      pending.push(new URL(m[1], url).href);
  }
  return { path, scripts: seen.size, gzip, thirdParty };
}

// ---------------------------------------------------------------- large catalogue

// ---------------------------------------------------------------- PostgreSQL availability

async function postgresAdminUrl() {
  if (args["no-pg"]) return { url: null, why: "skipped (--no-pg)" };
  const url =
    (typeof args.pg === "string" && args.pg) ||
    process.env.BENCH_DATABASE_URL ||
    "postgres://postgres@127.0.0.1:5432/postgres";
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query("select 1");
    return { url, why: null };
  } catch (error) {
    return {
      url: null,
      why: `not reachable at ${redact(url)} (${error.message}); set BENCH_DATABASE_URL`,
    };
  } finally {
    await client.end().catch(() => {});
  }
}

const redact = (url) => url.replace(/\/\/([^:@/]+):[^@/]+@/, "//$1:***@");

async function withFreshDatabase(adminUrl, fn) {
  const name = `mcf_bench_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    return await fn(url.href, name);
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`).catch((error) => {
      log(`  could not drop database ${name}: ${error.message}`);
    });
    await admin.end();
  }
}

// ---------------------------------------------------------------- one database's run

/**
 * The whole public site read by a link crawler at 8 connections: on the freshly started store
 * (nothing cached yet), then right after a price change through the admin API (every kept page
 * stale). Every page should be served, none refused.
 */
async function runCrawls(server, label) {
  const fresh = await crawlSite(server.base);
  const [product] = await getJson(server.base, "/api/products?per_page=25&sort=name_asc");
  const edit = await fetch(`${server.base}/api/admin/products/${product.id}`, {
    method: "PATCH",
    headers: { "content-type": "application/json", "admin-password": "bench-admin-password" },
    body: JSON.stringify({ our_price: Number(product.our_price) + 0.01 }),
  });
  if (!edit.ok) throw new Error(`price change for the crawl failed: ${edit.status}`);
  const afterChange = await crawlSite(server.base);
  const rows = [
    { when: "freshly started", ...fresh },
    { when: "right after a price change", ...afterChange },
  ];
  for (const row of rows)
    log(
      `  [${label}] crawl ${row.when}: ${row.pages} pages in ${row.seconds.toFixed(1)} s, statuses ${JSON.stringify(row.statuses)}, p50 ${ms(row.p50)} ms, p99 ${ms(row.p99)} ms`,
    );
  return rows;
}

async function benchDatabase(kind, port, databaseUrl) {
  const label = kind;
  const result = { kind, rows: [], overload: null, large: null };
  const dataDir = mkdtempSync(join(tmpdir(), "mcf-bench-"));
  let server = null;
  try {
    log(`\n${kind}: starting the production build on port ${port}`);
    server = await startServer({ port, dataDir, databaseUrl });
    // First, while the store is fresh: nothing read, nothing cached.
    if (!args["no-crawl"] && !args["large-only"]) result.crawl = await runCrawls(server, label);
    const list = scenarios.filter(selected);
    result.search = await searchQuality(server.base);
    log(
      `  [${label}] search: ${result.search.found} of ${result.search.total} shopper queries find an expected product in the top 3`,
    );
    if (!args["no-load"] && !args["large-only"]) {
      result.rows = await runScenarios(server, list, label);
      if (!args["no-overload"]) {
        const baseline = (name) => {
          const row = result.rows.find((r) => r.name === name);
          return { baselineRps: row?.rps ?? null, baselineCpuShare: row?.serverCpuShare ?? null };
        };
        result.overload = [
          await runOverload(server, "/products", label, baseline("SSR /products")),
          await runOverload(server, "/products", label, {
            name: "/products (cache miss)",
            requests: [{ setupRequest: cacheMiss("/products") }],
            ...baseline("SSR /products (cache miss)"),
          }),
        ];
        if (wrkPath())
          result.overload.push(
            await runOverloadWrk(server, "/products", label),
            await runOverloadWrk(server, "/products", label, {
              name: "/products (cache miss)",
              miss: true,
            }),
          );
        else log("  no wrk on this machine (apt-get install wrk): overload by autocannon only");
      }
    }
    if (kind === "PGlite" && !args["large-only"]) {
      await waitCalm(server.base);
      result.js = [];
      for (const path of await publicPages(server.base))
        result.js.push(await scriptWeights(server.base, path));
      if (!args["no-lighthouse"]) result.lighthouse = await runLighthouse(server.base);
    }
    if (!args["no-large"] && !args["no-load"]) {
      const largeList = list.filter((s) => s.list || s.ceiling);
      log(`  [${label}] seeding ${largeCount} products`);
      const t0 = Date.now();
      if (kind === "PGlite") {
        await server.stop();
        server = null;
        await seedLargePglite(dataDir, largeCount);
      } else {
        await seedLargePg(databaseUrl, largeCount);
        await server.stop();
        server = null;
      }
      log(`  [${label}] seeded in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
      server = await startServer({ port, dataDir, databaseUrl });
      result.large = await runScenarios(server, largeList, `${label}, ${largeCount} products`);
      result.residentMb = server.residentMb();
      log(
        `  [${label}] resident memory after the ${largeCount}-product runs: ${result.residentMb?.toFixed(0)} MB`,
      );
    }
  } finally {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return result;
}

async function runLighthouse(base) {
  if (!chromePath()) {
    log("  Lighthouse skipped: no Chromium at CHROME_PATH or /usr/bin/chromium");
    return null;
  }
  const pages = await lighthousePages(base, log);
  const rows = [];
  for (const page of pages) {
    log(`  Lighthouse ${page.name} (${lighthouseRuns} runs, one at a time)`);
    const r = await auditPage(base + page.path, lighthouseRuns, log);
    rows.push({ name: page.name, ...r });
  }
  return rows;
}

// ---------------------------------------------------------------- tables

const ms = (n) => (n === null || n === undefined || Number.isNaN(n) ? "–" : String(Math.round(n)));
const kb = (n) => (n / 1024).toFixed(1);

function loadTable(rows, baseline) {
  const base = new Map((baseline ?? []).map((r) => [r.name, r]));
  const extra = baseline ? " req/s vs sample catalogue |" : "";
  const lines = [
    `| scenario | req/s (2xx) | p50 ms | p99 ms | shed (503) | errors | vs /api/health |${extra}`,
    `|---|---:|---:|---:|---:|---:|---:|${baseline ? "---:|" : ""}`,
  ];
  for (const r of rows) {
    const before = base.get(r.name);
    const growth = baseline ? ` ${before?.rps ? (r.rps / before.rps).toFixed(2) : "–"} |` : "";
    lines.push(
      `| ${r.name} | ${Math.round(r.rps)} | ${ms(r.p50)} | ${ms(r.p99)} | ${r.shed} | ${r.errorKinds ? `${r.errors} (${r.errorKinds})` : r.errors} | ${r.ratio === null ? "–" : r.ratio.toFixed(2)} |${growth}`,
    );
  }
  return lines.join("\n");
}

/** p50 / p99 of the served pages; wrk's, when it also answered 503s, are of every answer. */
const servedLatency = (o) =>
  o.okP99 === null ? `– (all answers: p99 ${ms(o.allP99)})` : `${ms(o.okP50)} / ${ms(o.okP99)}`;

function overloadTable(rows) {
  const lines = [
    "| database | scenario | load generator | answered | served 200/s | vs 50 connections | p50 / p99 of 200s ms | shed 503 | share shed | 503s with Retry-After | p99 of 503s ms | other answers | timeouts | server CPU at 50 → 500 connections | served per server CPU second vs 50 connections |",
    "|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
  ];
  const cpu = (share) => (share === null ? "–" : `${Math.round(share * 100)}%`);
  for (const { kind, o } of rows) {
    // Pages served per second of the server's own CPU: what is left when the load generator's
    // share of the machine is taken out.
    const perCpu =
      o.baselineRps && o.serverCpuShare && o.baselineCpuShare
        ? pct(o.okRps / o.serverCpuShare / (o.baselineRps / o.baselineCpuShare))
        : "–";
    lines.push(
      `| ${kind} | ${o.name} | ${o.tool} | ${o.answered} | ${Math.round(o.okRps)} | ${o.baselineRps ? pct(o.okRps / o.baselineRps) : "–"} | ${servedLatency(o)} | ${o.shed} | ${pct(o.shedShare)} | ${o.retryAfterShare === null ? "–" : pct(o.retryAfterShare)} | ${ms(o.shedP99)} | ${o.other + o.connErrors} | ${o.timeouts} | ${cpu(o.baselineCpuShare)} → ${cpu(o.serverCpuShare)} | ${perCpu} |`,
    );
  }
  return lines.join("\n");
}

const goalMet = (r) =>
  r.performance === 100 &&
  r.accessibility === 100 &&
  r.bestPractices === 100 &&
  r.seo === 100 &&
  r.lcp < 1500;

function lighthouseTable(rows) {
  const lines = [
    "| page | Performance | Accessibility | Best Practices | SEO | LCP ms | TBT ms | CLS | JS KB | total KB | goal met |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|:---:|",
  ];
  for (const r of rows)
    lines.push(
      `| ${r.name} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${ms(r.lcp)} | ${ms(r.tbt)} | ${r.cls.toFixed(3)} | ${kb(r.jsBytes)} | ${kb(r.totalBytes)} | ${goalMet(r) ? "yes" : "no"} |`,
    );
  return lines.join("\n");
}

function jsTable(rows) {
  const lines = [
    "| page | scripts | JavaScript gzip KB | under 120 KB | third-party scripts |",
    "|---|---:|---:|:---:|---|",
  ];
  for (const r of rows)
    lines.push(
      `| ${r.path} | ${r.scripts} | ${kb(r.gzip)} | ${r.gzip < 120 * 1024 ? "yes" : "**no**"} | ${r.thirdParty.length ? r.thirdParty.join(", ") : "none"} |`,
    );
  return lines.join("\n");
}

/** Issue 18's aims, each met or not, from this run's numbers (per database). */
function aimsTable(results, pgliteRun) {
  const lines = ["| aim | database | measured | met |", "|---|---|---|:---:|"];
  const add = (aim, kind, measured, met) =>
    lines.push(
      `| ${aim} | ${kind} | ${measured} | ${met === null ? "–" : met ? "yes" : "**no**"} |`,
    );
  for (const r of results) {
    const row = (name) => r.rows.find((x) => x.name === name);
    const ratioAim = (aim, names, least) => {
      for (const name of names) {
        const x = row(name);
        if (x)
          add(`${aim}: ${name}`, r.kind, `${x.ratio?.toFixed(2)} of /api/health`, x.ratio >= least);
      }
    };
    ratioAim(
      "pages at least 0.3",
      ["SSR /", "SSR /products/{id}", "SSR /blog/areas/birmingham/{slug}"],
      0.3,
    );
    ratioAim("/products (100 cards) at least 0.15", ["SSR /products"], 0.15);
    for (const c of r.crawl ?? []) {
      const notServed = Object.entries(c.statuses).filter(([status]) => status !== "200");
      add(
        `link crawl at 8 connections, ${c.when}: every page served, no 503`,
        r.kind,
        `${c.pages} pages, ${notServed.length ? notServed.map(([st, n]) => `${n} × ${st}`).join(", ") : "all 200"}`,
        notServed.length === 0,
      );
    }
    const miss = row("SSR /products (cache miss, 1 connection)");
    if (miss)
      add("a cache miss of /products under 50 ms p50", r.kind, `${ms(miss.p50)} ms`, miss.p50 < 50);
    ratioAim("cart calculation at least 0.3", ["POST /api/cart/calculate (5 lines)"], 0.3);
    for (const o of r.overload ?? []) {
      const share = o.baselineRps ? o.okRps / o.baselineRps : null;
      const name = `${o.name} (${o.tool})`;
      add(
        `${name}: served at least 80% of the 50-connection rate`,
        r.kind,
        share === null ? "–" : pct(share),
        share === null ? null : share >= 0.8,
      );
      if (o.okP99 === null)
        add(
          `${name}: p99 of served pages under 1 s`,
          r.kind,
          `not split from the 503s (p99 of all answers ${ms(o.allP99)} ms)`,
          null,
        );
      else
        add(`${name}: p99 of served pages under 1 s`, r.kind, `${ms(o.okP99)} ms`, o.okP99 < 1000);
      const rest = o.other + o.connErrors + o.timeouts;
      add(
        `${name}: every other answer a 503 with Retry-After`,
        r.kind,
        `${rest} other, Retry-After on ${o.retryAfterShare === null ? "no 503" : pct(o.retryAfterShare)}`,
        rest === 0 && (o.retryAfterShare === null || o.retryAfterShare === 1),
      );
    }
    if (r.residentMb !== undefined && r.residentMb !== null)
      add(
        `resident memory after the ${largeCount.toLocaleString("en-US")}-product runs under 300 MB`,
        r.kind,
        `${r.residentMb.toFixed(0)} MB`,
        r.residentMb < 300,
      );
  }
  if (pgliteRun.lighthouse)
    add(
      "Lighthouse 100/100/100/100 and LCP under 1.5 s on the audited pages",
      "PGlite",
      `${pgliteRun.lighthouse.filter(goalMet).length} of ${pgliteRun.lighthouse.length} pages`,
      pgliteRun.lighthouse.every(goalMet),
    );
  if (pgliteRun.js)
    add(
      "JavaScript under 120 KB gzip per public page",
      "PGlite",
      `largest ${kb(Math.max(...pgliteRun.js.map((j) => j.gzip)))} KB`,
      pgliteRun.js.every((j) => j.gzip < 120 * 1024),
    );
  return lines.join("\n");
}

// ---------------------------------------------------------------- main

log(`bench options: ${process.argv.slice(2).join(" ") || "(defaults)"}`);
if (args.rush) {
  // The closeout rush only (bench/rush.mjs): PostgreSQL, buyers and browsers at once.
  const { runRush, writeRushSection } = await import("./rush.mjs");
  const section = await runRush({
    args,
    root,
    adminUrl: (await postgresAdminUrl()).url,
    withFreshDatabase,
    log,
  });
  if (!args["no-write"]) writeRushSection(root, section);
  process.exit(0);
}
const results = [];
const notes = [];
const pglite = await benchDatabase("PGlite", basePort, null);
results.push(pglite);
const pgCheck = await postgresAdminUrl();
if (pgCheck.url) {
  if (!args["no-load"]) {
    results.push(
      await withFreshDatabase(pgCheck.url, (url, name) => {
        log(`\nPostgreSQL: fresh database ${name} (dropped afterwards)`);
        return benchDatabase("PostgreSQL", basePort + 1, url);
      }),
    );
  }
} else {
  notes.push(`PostgreSQL run ${pgCheck.why}.`);
  log(`\nPostgreSQL run ${pgCheck.why}.`);
}

let report = "";
const section = (title, body) => {
  report += `\n## ${title}\n\n${body}\n`;
};
section("Aims (issue 18), from this run", aimsTable(results, pglite));
section(
  "Search quality",
  results
    .map(
      (r) =>
        `- ${r.kind}: ${r.search.found} of ${r.search.total} shopper queries (server/test/search-queries.json) find an expected product in the first three suggestions.`,
    )
    .join("\n"),
);
for (const r of results) {
  if (r.rows.length)
    section(`Load: ${r.kind} (${connections} connections, ${duration} s each)`, loadTable(r.rows));
  if (r.large)
    section(
      `Load: ${r.kind} with ${largeCount.toLocaleString("en-US")} products`,
      loadTable(r.large, r.rows),
    );
}
const overloads = results
  .filter((r) => r.overload)
  .flatMap((r) => r.overload.map((o) => ({ kind: r.kind, o })));
if (overloads.length)
  section(
    `Overload: ${overloadConnections} connections on SSR /products (from the page cache, and each request a cache miss)`,
    overloadTable(overloads),
  );
const crawls = results.filter((r) => r.crawl);
if (crawls.length)
  section(
    "Link crawl of the public site at 8 connections",
    [
      "| database | store | pages | seconds | answers by status | p50 / p99 ms |",
      "|---|---|---:|---:|---|---:|",
      ...crawls.flatMap((r) =>
        r.crawl.map(
          (c) =>
            `| ${r.kind} | ${c.when} | ${c.pages} | ${c.seconds.toFixed(1)} | ${Object.entries(
              c.statuses,
            )
              .map(([status, count]) => `${count} × ${status}`)
              .join(", ")} | ${ms(c.p50)} / ${ms(c.p99)} |`,
        ),
      ),
    ].join("\n"),
  );
if (pglite.js) section("JavaScript per public page (gzip, as served)", jsTable(pglite.js));
if (pglite.lighthouse) {
  section(
    `Lighthouse (mobile preset, median of ${lighthouseRuns} runs per page)`,
    lighthouseTable(pglite.lighthouse),
  );
  const problems = pglite.lighthouse.filter((r) => r.failing.length || r.thirdPartyScripts.length);
  if (problems.length)
    section(
      "Lighthouse audits below 90 in any run",
      problems
        .map(
          (r) =>
            `- ${r.name}: ${[...r.failing, ...r.thirdPartyScripts.map((u) => `third-party script ${u}`)].join("; ")}`,
        )
        .join("\n"),
    );
}
console.log(report);
for (const n of notes) console.log(n);

if (!args["no-write"]) {
  let commit = "unknown";
  try {
    commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: root }).toString().trim();
  } catch {}
  const options =
    process.argv
      .slice(2)
      .filter((a) => !a.startsWith("--note"))
      .join(" ") || "(defaults)";
  const doc = `# Performance

Measured with \`npm run bench\` (bench/run.mjs): the production build, started by the bench on
its own ports, on the embedded database (PGlite, fresh temporary data directory) and on
PostgreSQL (a freshly created database, dropped afterwards). Load tests (autocannon) and
Lighthouse never run at the same time; Lighthouse runs one page at a time.

- Date: ${startedAt.toISOString().replace("T", " ").slice(0, 16)} UTC, commit ${commit}
- Machine: ${machine.cpus} CPUs (${machine.cpuModel}), ${machine.memoryGb} GB memory, ${machine.platform}, Node ${machine.node}
- Load average at start: ${machine.loadAtStart.join(" / ")} (1 / 5 / 15 min)${args.note ? `\n- Note: ${args.note}` : ""}
- Options: \`${options}\`
${notes.map((n) => `- ${n}`).join("\n")}

Targets: Lighthouse 100 in all four categories and LCP under 1.5 s on each audited page;
under 120 KB of JavaScript (gzip) per public page, no third-party script; at
${overloadConnections} connections the server keeps serving at its full rate, lets the rest wait
their turn and refuses only what waited SHED_WAIT_SECONDS, with 503 and Retry-After.
${report}
## How to read and rerun

- req/s, p50 and p99 count successful (2xx) answers only; "shed" are 503s with Retry-After
  (the server turning work away by priority before Fastify sees it: page views and catalogue
  reads past SHED_BROWSE_AT at once, checkout calls past their own SHED_CHECKOUT_AT, wait in a
  line of their class and are refused once they have waited SHED_WAIT_SECONDS; payment
  completions never wait; see docs/decisions/107);
  errors are any other status and socket errors, their kinds in brackets (a request
  unanswered after autocannon's 10 s counts as timed out). \`vs /api/health\` is each scenario's
  throughput over the health check's (the ceiling of this server on this machine).
- The larger catalogue copies the sample products (new names and SKUs) up to
  ${largeCount.toLocaleString("en-US")} rows straight in the database, then restarts the
  server; its last column is the throughput relative to the same scenario on the sample
  catalogue (${"`"}1.00${"`"} = no slower).
- Every load request sends \`Accept-Encoding: gzip, deflate, br\`, as browsers do.
- Lighthouse's JS KB and total KB are what the browser transferred (brotli where offered,
  response headers included); the "JavaScript per public page" table counts the gzip bodies
  of every script the page loads before it is interactive (its module preloads, its bootstrap's
  imports and everything they import statically), which is the budget's measure.
- Public pages come from the page cache (docs/decisions/076): "SSR /products" is a cached
  page; "(cache miss)" gives every request a new address (\`?miss=N\`), so each one renders;
  "(cache miss, 1 connection)" is one render at a time, the latency of a miss on its own.
- The overload scenario counts per status: "served" are 200s, "shed" are 503s, and the share
  of those that carried Retry-After.
  "Server CPU" is the server process's CPU time over the run as a share of one core (all its
  threads), for the 50-connection run of the same page and the ${overloadConnections}-connection
  one; the load generator runs on the same cores, and at ${overloadConnections} connections it
  costs more per request, so it leaves the server less of the machine. "Served per server CPU
  second" divides that out: at 100% the server does as much per second of its own CPU as it
  does at 50 connections.
- Each overload is measured twice: with autocannon (in Node, like the other scenarios) and with
  wrk (C, one thread; Debian package \`wrk\`, skipped when the machine has none), whose
  ${overloadConnections}-connection rate is compared with its own 50-connection run of the same
  page. autocannon spends about half again as much CPU per request at ${overloadConnections}
  connections as at 50 and takes it from the server's cores; wrk costs about the same at both,
  so its ratio is the server's. wrk times every answer together, so its p50/p99 are the served
  pages' only when nothing was shed; otherwise the autocannon row gives the 200s' own.
- Quick runs: \`npm run bench -- --duration=3 --only=products --no-lighthouse --no-pg\`;
  \`--no-large\` skips the 20,000-product catalogue. All options are listed at the top of
  bench/run.mjs.
`;
  // The closeout rush's section (npm run bench -- --rush), the dashboard's (npm run
  // bench:dashboard) and the hand-written readings of the aims (what is not met, and the next
  // step) and of the admission survive a full run.
  const reportPath = join(root, "docs/performance.md");
  const previous = existsSync(reportPath) ? readFileSync(reportPath, "utf8") : "";
  let written = doc;
  for (const name of ["aims-reading", "admission-reading", "closeout-rush", "dashboard"]) {
    const kept = keptReportSection(previous, name);
    if (kept) written = replaceReportSection(written, name, kept);
  }
  writeFileSync(reportPath, written);
  log("\nwrote docs/performance.md");
}
