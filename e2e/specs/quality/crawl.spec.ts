import type { APIRequestContext } from "@playwright/test";
import { adminHeaders, expect, test } from "../../support/store-data.ts";

/**
 * A link crawler (a search engine, an SEO audit, a monitoring service) reads the whole public site
 * at 8 connections: on a freshly started store, whose page cache is empty, and again right after a
 * price change, which makes every cached page stale. Every page is served, slowly if it must:
 * admission lets such visitors wait their turn and never turns them away (docs/decisions/107).
 * This spec runs in a project of its own before every other, so the store is fresh.
 */

const connections = 8;
/** Far more pages than the sample store links; reaching it means the crawl ran away. */
const maxPages = 1000;
/** An anchor's address, up to any fragment. */
const anchorHref = /<a\s[^>]*?href="([^"#]*)/gi;
/** The staff back office and the partner portal are not the public site. */
const privatePath = /^\/(admin|ace)(\/|$)/;

/** Every same-origin page reachable from `/` by links, with the status it was answered. */
async function crawl(request: APIRequestContext, origin: string) {
  const statuses = new Map<string, number>();
  const queue = ["/"];
  const seen = new Set(queue);
  let reading = 0;
  const reader = async () => {
    for (;;) {
      const path = queue.shift();
      if (path === undefined) {
        // Another reader may still find links: wait for it before calling the crawl done.
        if (reading === 0) return;
        await new Promise((resolve) => setTimeout(resolve, 10));
        continue;
      }
      reading++;
      try {
        const response = await request.get(path, {
          headers: { accept: "text/html" },
          timeout: 30_000,
        });
        statuses.set(path, response.status());
        if (!(response.headers()["content-type"] ?? "").includes("text/html")) continue;
        for (const [, href = ""] of (await response.text()).matchAll(anchorHref)) {
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
  return { statuses, found: seen.size };
}

/** The pages answered with anything but 200, as "status path" lines (empty when none). */
function notServed(statuses: Map<string, number>) {
  return [...statuses].filter(([, status]) => status !== 200).map(([path, s]) => `${s} ${path}`);
}

test.describe("a link crawl of the whole public site at 8 connections", () => {
  test.setTimeout(120_000);

  test("is served every page on a fresh store, and again right after a price change", async ({
    request,
    store,
    baseURL,
  }) => {
    const origin = new URL(baseURL ?? "").origin;
    const fresh = await crawl(request, origin);
    expect(fresh.found).toBeLessThanOrEqual(maxPages);
    // The home page, the product list, product pages and the content pages at the least.
    expect(fresh.statuses.size).toBeGreaterThan(50);
    expect(notServed(fresh.statuses)).toEqual([]);

    // A price change moves the catalogue version: every kept page is stale and renders again.
    const product = await store.product({ our_price: 5 });
    const edit = await request.patch(`/api/admin/products/${product.id}`, {
      headers: adminHeaders,
      data: { our_price: 4.25 },
    });
    expect(edit.ok()).toBe(true);
    const afterChange = await crawl(request, origin);
    expect(afterChange.statuses.get(`/products/${product.id}`)).toBe(200);
    expect(notServed(afterChange.statuses)).toEqual([]);
    test.info().annotations.push({
      type: "pages crawled",
      description: `${fresh.statuses.size} fresh, ${afterChange.statuses.size} after the price change`,
    });
  });
});
