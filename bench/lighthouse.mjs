// Lighthouse (mobile preset, the system Chromium) on a list of pages: one run at a time, a fresh
// browser per run, the median of N runs per page. Used by run.mjs; also runnable alone:
//   node bench/lighthouse.mjs http://127.0.0.1:4300/ [runs]
import { existsSync } from "node:fs";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

/** The flags this machine's Chromium needs (see /work/shared/PITFALLS.md). */
export const chromeFlags = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export function chromePath() {
  const path = process.env.CHROME_PATH ?? "/usr/bin/chromium";
  return existsSync(path) ? path : null;
}

const categories = ["performance", "accessibility", "best-practices", "seo"];

/** One Lighthouse run of `url`; returns the numbers we report and the raw report. */
export async function auditOnce(url) {
  const chrome = await chromeLauncher.launch({ chromePath: chromePath(), chromeFlags });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: categories,
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    // A run that could not measure (e.g. NO_LCP under heavy machine load) is not a score of 0.
    if (lhr.runtimeError || lhr.categories.performance?.score == null) {
      const missing = Object.values(lhr.audits).find((a) => a.errorMessage)?.errorMessage;
      throw new Error(lhr.runtimeError?.message ?? missing ?? "no performance score");
    }
    return summarize(lhr);
  } finally {
    await chrome.kill();
  }
}

/** The report reduced to the numbers in the table, plus what failed (for fixing). */
export function summarize(lhr) {
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const num = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const requests = lhr.audits["network-requests"]?.details?.items ?? [];
  const pageOrigin = new URL(lhr.finalDisplayedUrl ?? lhr.requestedUrl).origin;
  let jsBytes = 0;
  const thirdPartyScripts = [];
  for (const r of requests) {
    if (r.resourceType !== "Script") continue;
    jsBytes += r.transferSize ?? 0;
    if (new URL(r.url).origin !== pageOrigin) thirdPartyScripts.push(r.url);
  }
  const failing = [];
  for (const id of categories) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.scoreDisplayMode === "notApplicable") continue;
      if (audit.scoreDisplayMode === "informative" || audit.scoreDisplayMode === "manual") continue;
      if (audit.score !== null && audit.score < 0.9 && (ref.weight > 0 || id !== "performance"))
        failing.push(`${id}/${ref.id}`);
    }
  }
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    lcp: num("largest-contentful-paint"),
    tbt: num("total-blocking-time"),
    cls: num("cumulative-layout-shift"),
    jsBytes,
    totalBytes: num("total-byte-weight"),
    thirdPartyScripts,
    failing,
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** "audit (in 3 of 5 runs)" for each audit that scored below 0.9 in some run. */
function countRuns(ids, runs) {
  const counts = new Map();
  for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
  return [...counts].map(([id, n]) => `${id} (in ${n} of ${runs} runs)`);
}

/** Median of `runs` sequential runs (each number is the median of its own column). */
export async function auditPage(url, runs, log = () => {}) {
  const results = [];
  for (let i = 0; i < runs; i++) {
    let r;
    for (let attempt = 1; !r; attempt++) {
      try {
        r = await auditOnce(url);
      } catch (error) {
        if (attempt === 3) throw error;
        log(`  run ${i + 1}/${runs} failed (${error.message}); trying again`);
      }
    }
    log(
      `  run ${i + 1}/${runs}: perf ${r.performance} a11y ${r.accessibility} bp ${r.bestPractices} seo ${r.seo} LCP ${Math.round(r.lcp)} ms`,
    );
    results.push(r);
  }
  const pick = (key) => median(results.map((r) => r[key]));
  return {
    performance: pick("performance"),
    accessibility: pick("accessibility"),
    bestPractices: pick("bestPractices"),
    seo: pick("seo"),
    lcp: pick("lcp"),
    tbt: pick("tbt"),
    cls: pick("cls"),
    jsBytes: pick("jsBytes"),
    totalBytes: pick("totalBytes"),
    thirdPartyScripts: [...new Set(results.flatMap((r) => r.thirdPartyScripts))],
    failing: countRuns(
      results.flatMap((r) => r.failing),
      runs,
    ),
    runs,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [url, runs = "1"] = process.argv.slice(2);
  const result = await auditPage(url, Number(runs), console.log);
  console.log(JSON.stringify(result, null, 2));
}
