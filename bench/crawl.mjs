// A link crawler, as a search engine, an SEO audit or a monitoring service reads the store: every
// same-origin page reachable from `/` by an anchor, 8 at a time, each read once. The e2e suite's
// crawl spec asserts it is served every page; the bench measures how fast and how slowly.

/** An anchor's address, up to any fragment. */
const anchorHref = /<a\s[^>]*?href="([^"#]*)/gi;
/** The staff back office and the partner portal are not the public site. */
const privatePath = /^\/(admin|ace)(\/|$)/;

/** Crawls `base` with `connections` readers; the count of each status, the time and the p99. */
export async function crawlSite(base, { connections = 8, maxPages = 1000 } = {}) {
  const origin = new URL(base).origin;
  const statuses = new Map();
  const times = [];
  const queue = ["/"];
  const seen = new Set(queue);
  let reading = 0;
  const started = performance.now();
  const reader = async () => {
    for (;;) {
      const path = queue.shift();
      if (path === undefined) {
        if (reading === 0) return;
        await new Promise((resolve) => setTimeout(resolve, 10));
        continue;
      }
      reading++;
      try {
        const asked = performance.now();
        const response = await fetch(`${origin}${path}`, {
          headers: { accept: "text/html", "accept-encoding": "gzip, deflate, br" },
          signal: AbortSignal.timeout(30_000),
        }).catch(() => null);
        const body = response ? await response.text() : "";
        times.push(performance.now() - asked);
        const status = response?.status ?? "no answer";
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        if (!(response?.headers.get("content-type") ?? "").includes("text/html")) continue;
        for (const [, href = ""] of body.matchAll(anchorHref)) {
          const url = new URL(href.replaceAll("&amp;", "&"), `${origin}${path}`);
          const next = `${url.pathname}${url.search}`;
          if (url.origin !== origin || privatePath.test(url.pathname) || seen.has(next)) continue;
          seen.add(next);
          if (seen.size <= maxPages) queue.push(next);
        }
      } finally {
        reading--;
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, reader));
  times.sort((a, b) => a - b);
  return {
    pages: times.length,
    seconds: (performance.now() - started) / 1000,
    statuses: Object.fromEntries(statuses),
    p50: times[Math.floor(times.length * 0.5)] ?? null,
    p99: times[Math.min(times.length - 1, Math.floor(times.length * 0.99))] ?? null,
  };
}
