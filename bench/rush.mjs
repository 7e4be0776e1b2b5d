// `npm run bench -- --rush`: the closeout email minute. On PostgreSQL, 200 buyers try to buy
// the last 5 boxes of a closeout at once while 500 connections browse /closeouts and product
// pages. Each buyer acts like the checkout view: cart totals, then Start Payment with an
// Idempotency-Key, both retried after Retry-After (with jitter, 8 s of waiting at most) when the
// server is busy; a buyer who gets a payment page pays it with the test card.
//
// Aims: every buyer has a payment page or a sold-out answer within 5 s, no 503 reaches the
// checkout view (retries exhausted), exactly 5 paid, no payment completion or webhook shed.
// Page views may be shed. Writes its section of docs/performance.md (unless --no-write).
//
// Options: --buyers=200 --boxes=5 --browsers=500 --rush-seconds=20 --port=4300 --pg=<url>
//          --flood (browsing by autocannon, ignoring Retry-After) --note="..."
// The admission settings come from the environment (SHED_BROWSE_AT, SHED_CHECKOUT_AT,
// SHED_WAIT_SECONDS).
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os, { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { sleep, startProductionServer } from "./bench-server.mjs";
import { replaceReportSection } from "./report-section.mjs";

const retryBudgetMs = 8_000;
const answerAimMs = 5_000;

/** Waits out a busy answer like the web app's API client: Retry-After plus up to half again. */
function retryDelay(response, attempt) {
  const seconds = Number(response.headers.get("retry-after"));
  const base =
    Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : 1000 * 2 ** (attempt - 1);
  return Math.round(base * (1 + Math.random() * 0.5));
}

/** One request as the checkout view sends it, retried on 503/429 within the client's budget. */
async function send(stats, url, init) {
  let waited = 0;
  for (let attempt = 1; ; attempt++) {
    const response = await fetch(url, init);
    if (response.status !== 503 && response.status !== 429) return response;
    stats.busyAnswers += 1;
    const delay = retryDelay(response, attempt);
    await response.arrayBuffer();
    if (attempt >= 6 || waited + delay > retryBudgetMs) return response;
    waited += delay;
    await sleep(delay);
  }
}

/** One shopper, from the checkout view to the paid order. */
async function buyer(index, base, product, stats) {
  // Every buyer comes from their own address (the server trusts the loopback proxy's header).
  const address = `10.${Math.floor(index / 250)}.${index % 250}.${1 + (index % 200)}`;
  const headers = { "content-type": "application/json", "x-forwarded-for": address };
  const cart = [{ product_id: product.id, quantity: 1 }];
  const started = performance.now();
  const totals = await send(stats, `${base}/api/cart/calculate`, {
    method: "POST",
    headers,
    body: JSON.stringify({ cart_items: cart, shipping_state: "AL" }),
  });
  await totals.arrayBuffer();
  stats.totalsMs.push(performance.now() - started);
  if (totals.status !== 200)
    return { outcome: `totals ${totals.status}`, ms: performance.now() - started };
  const start = await send(stats, `${base}/api/payments/process`, {
    method: "POST",
    headers: { ...headers, "idempotency-key": `rush-${process.pid}-${index}-${Date.now()}` },
    body: JSON.stringify({
      cart_items: cart,
      customer_name: `Rush Buyer ${index}`,
      customer_email: `rush${index}@example.com`,
      customer_phone: "(205) 555-0100",
      // The closeout is final sale: the checkout view sends the shopper's acknowledgement.
      final_sale_acknowledged: true,
      billing_address: {
        street: "1 Main St",
        city: "Birmingham",
        state: "AL",
        zip_code: "35203",
        country: "US",
      },
    }),
  });
  const ms = performance.now() - started;
  const body = await start.json().catch(() => null);
  if (start.status === 409 && body?.sold_out) return { outcome: "sold out", ms };
  if (start.status !== 200) return { outcome: `start ${start.status}`, ms };
  const pay = await fetch(`${base}/api/payments/test-sessions/${body.id}/pay`, {
    method: "POST",
    headers: { ...headers, origin: base },
    body: JSON.stringify({ card_number: "4242 4242 4242 4242" }),
  });
  await pay.arrayBuffer();
  if (pay.status === 503) stats.completionsShed += 1;
  return { outcome: pay.status === 200 ? "paid" : `pay ${pay.status}`, ms };
}

/**
 * `connections` people browsing /closeouts and a few product pages, one page after another with
 * no pause. A person shown the busy page (503) tries again after its Retry-After, as it asks;
 * with --flood, autocannon instead re-sends at once on every connection (a flood, not people).
 */
async function browseAsPeople(base, productIds, connections, seconds) {
  const byStatus = new Map();
  const paths = ["/closeouts", ...productIds.map((id) => `/products/${id}`)];
  const until = Date.now() + seconds * 1000;
  let errors = 0;
  const person = async (n) => {
    for (let i = n; Date.now() < until; i++) {
      const response = await fetch(base + paths[i % paths.length], {
        headers: { accept: "text/html", "accept-encoding": "gzip, deflate, br" },
        signal: AbortSignal.timeout(10_000),
      }).catch(() => null);
      if (!response) {
        errors += 1;
        continue;
      }
      await response.arrayBuffer().catch(() => {});
      byStatus.set(response.status, (byStatus.get(response.status) ?? 0) + 1);
      if (response.status === 503) await sleep(retryDelay(response, 1));
    }
  };
  await Promise.all(Array.from({ length: connections }, (_, n) => person(n)));
  return { result: { errors, timeouts: 0 }, byStatus };
}

/** 500 connections reading /closeouts and a few product pages as fast as they can (--flood). */
function browse(base, productIds, connections, seconds) {
  const byStatus = new Map();
  const paths = ["/closeouts", ...productIds.map((id) => `/products/${id}`)];
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections,
        duration: seconds,
        timeout: 10,
        headers: { accept: "text/html", "accept-encoding": "gzip, deflate, br" },
        requests: paths.map((path) => ({ method: "GET", path })),
        setupClient: (client) =>
          client.on("response", (status) => byStatus.set(status, (byStatus.get(status) ?? 0) + 1)),
      },
      (error, result) => (error ? reject(error) : resolve({ result, byStatus })),
    );
    instance.on("error", reject);
  });
}

/** Posts to the Stripe webhook through the rush: it must never be shed (answers 4xx unsigned). */
async function probeWebhook(base, until, counts) {
  while (Date.now() < until) {
    const response = await fetch(`${base}/api/payments/webhook`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    }).catch(() => null);
    if (response) {
      await response.arrayBuffer();
      counts.sent += 1;
      if (response.status === 503) counts.shed += 1;
    }
    await sleep(100);
  }
}

const percentile = (values, p) => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

export async function runRush({ args, root, adminUrl, withFreshDatabase, log }) {
  const buyers = Number(args.buyers ?? 200);
  const boxes = Number(args.boxes ?? 5);
  const browsers = Number(args.browsers ?? 500);
  const seconds = Number(args["rush-seconds"] ?? 20);
  const port = Number(args.port ?? 4300);
  const loadAtStart = os.loadavg().map((n) => n.toFixed(2));
  if (!adminUrl) throw new Error("the rush needs PostgreSQL: set BENCH_DATABASE_URL or --pg");

  const run = await withFreshDatabase(adminUrl, async (url, name) => {
    log(`rush: fresh PostgreSQL database ${name}`);
    const dataDir = mkdtempSync(join(tmpdir(), "mcf-rush-"));
    const server = await startProductionServer(root, { port, dataDir, databaseUrl: url });
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    try {
      const { rows } = await db.query(
        `update products set stock_quantity = $1
          where id = (select id from products where is_closeout and our_price_cents is not null
                      order by id limit 1)
          returning id, name`,
        [boxes],
      );
      const product = rows[0];
      const { rows: others } = await db.query(
        "select id from products where is_closeout order by id limit 4",
      );
      log(
        `rush: ${buyers} buyers for the last ${boxes} boxes of "${product.name}", ${browsers} connections browsing`,
      );

      const stats = { busyAnswers: 0, completionsShed: 0, totalsMs: [] };
      const webhook = { sent: 0, shed: 0 };
      const browsing = (args.flood ? browse : browseAsPeople)(
        server.base,
        others.map((o) => o.id),
        browsers,
        seconds,
      );
      // Let the browsing fill the server first: the email lands on a store already busy.
      await sleep(3000);
      const probing = probeWebhook(server.base, Date.now() + (seconds - 4) * 1000, webhook);
      const outcomes = await Promise.all(
        Array.from({ length: buyers }, (_, i) => buyer(i, server.base, product, stats)),
      );
      const [{ result, byStatus }] = await Promise.all([browsing, probing]);
      const { rows: after } = await db.query(
        `select (select stock_quantity from products where id = $1) as stock,
                (select count(*)::int from order_items i join orders o on o.id = i.order_id
                  where i.product_id = $1 and o.payment_status = 'paid') as paid`,
        [product.id],
      );
      return { product, outcomes, stats, webhook, result, byStatus, after: after[0] };
    } finally {
      await db.end();
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  const times = run.outcomes.map((o) => o.ms);
  const totalsTimes = run.stats.totalsMs;
  const count = (outcome) => run.outcomes.filter((o) => o.outcome === outcome).length;
  const answered = run.outcomes.filter((o) => o.outcome === "paid" || o.outcome === "sold out");
  const within = answered.filter((o) => o.ms <= answerAimMs).length;
  const busyReachingView = run.outcomes.filter((o) => / (503|429)$/.test(o.outcome)).length;
  const other = run.outcomes.filter(
    (o) => o.outcome !== "paid" && o.outcome !== "sold out" && !/ (503|429)$/.test(o.outcome),
  );
  const pages = [...run.byStatus.entries()].sort(([a], [b]) => a - b);
  const served = run.byStatus.get(200) ?? 0;
  const shed = run.byStatus.get(503) ?? 0;
  const totalPages = pages.reduce((n, [, c]) => n + c, 0);
  const aims = [
    ["every buyer answered (payment page or sold out) within 5 s", within === buyers],
    ["no 503 reaches the checkout view", busyReachingView === 0],
    [`exactly ${boxes} paid`, run.after.paid === boxes && count("paid") === boxes],
    [
      "no payment completion or webhook shed",
      run.stats.completionsShed === 0 && run.webhook.shed === 0,
    ],
  ];
  const section = `## Closeout rush (${buyers} buyers for ${boxes} boxes, ${browsers} connections browsing, PostgreSQL)

\`npm run bench -- --rush\` (bench/rush.mjs), ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC:
the production build on a fresh PostgreSQL database, ${os.availableParallelism()} CPUs, load
average at start ${loadAtStart.join(" / ")}${args.note ? `; ${args.note}` : ""}. The bench's own
load generator (the browsing and the ${buyers} buyers) runs on the same cores as the server.

| aim | met |
|---|---|
${aims.map(([aim, met]) => `| ${aim} | ${met ? "yes" : "**no**"} |`).join("\n")}

| buyers | count |
|---|---:|
| paid (payment page opened, then paid with the test card) | ${count("paid")} |
| sold-out answer (409 naming the product) | ${count("sold out")} |
| answered within 5 s | ${within} of ${buyers} |
| time to payment page or sold-out answer: p50 / p99 / max | ${Math.round(percentile(times, 50))} / ${Math.round(percentile(times, 99))} / ${Math.round(Math.max(...times))} ms |
| of which cart totals (the first request): p50 / p99 | ${Math.round(percentile(totalsTimes, 50))} / ${Math.round(percentile(totalsTimes, 99))} ms |
| busy answers (503/429) retried by the client on the way | ${run.stats.busyAnswers} |
| busy answers reaching the checkout view (retries used up) | ${busyReachingView} |
| other outcomes | ${other.length === 0 ? "none" : other.map((o) => o.outcome).join(", ")} |
| boxes left afterwards / paid order lines | ${run.after.stock} / ${run.after.paid} |
| payment completions shed | ${run.stats.completionsShed} |
| webhook posts during the rush / shed | ${run.webhook.sent} / ${run.webhook.shed} |

Browsing at the same time (${browsers} ${args.flood ? "autocannon connections re-sending at once after a 503 (--flood)" : "people, each loading one page after another and, shown the busy page, trying again after its Retry-After"}, ${seconds} s, /closeouts and 4 product
pages): ${totalPages} answers, ${served} pages served (${Math.round(served / seconds)}/s), ${shed}
shed with 503 and Retry-After (${totalPages ? ((100 * shed) / totalPages).toFixed(1) : 0}%),
${run.result.errors} socket errors, ${run.result.timeouts} timeouts. Statuses: ${pages.map(([s, c]) => `${s}: ${c}`).join(", ")}.
`;
  log(`\n${section}`);
  return section;
}

export function writeRushSection(root, section) {
  const path = join(root, "docs/performance.md");
  const current = existsSync(path) ? readFileSync(path, "utf8") : "# Performance\n";
  writeFileSync(path, replaceReportSection(current, "closeout-rush", section));
}
