import autocannon from "autocannon";
import { uncachedSearches } from "./scenarios.mjs";
const base = process.argv[2];
const mode = process.argv[3] ?? "uncached";
let turn = Math.floor(Math.random() * uncachedSearches.length);
const result = await autocannon({
  url: base, connections: 50, duration: Number(process.env.DUR ?? 10),
  requests: [{ setupRequest: (r) => ({ ...r, path: mode === "health" ? "/api/health" : `/api/search/suggest?q=${encodeURIComponent(uncachedSearches[turn++ % uncachedSearches.length])}` }) }],
  headers: { "accept-encoding": "br, gzip" },
});
console.log(mode, "req/s", result.requests.average, "p50", result.latency.p50, "p99", result.latency.p99, "non2xx", result.non2xx);
