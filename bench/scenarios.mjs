// The load scenarios `npm run bench` runs, in order. Each: a name, a path, and optionally
// method/body/headers, or `setup(ctx)` returning any of those (e.g. to find a product id).
// `list: true` marks the product-list scenarios that are repeated on the 20,000-product catalogue.

import { readFileSync } from "node:fs";
import { seedReviews } from "./seed-reviews.mjs";

/** GETs JSON, waiting out a moment of load shedding (503) left by the previous scenario. */
export async function getJson(base, path) {
  for (let attempt = 0; attempt < 40; attempt++) {
    const res = await fetch(base + path);
    if (res.ok) return res.json();
    if (res.status !== 503) throw new Error(`GET ${path} answered ${res.status}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`GET ${path} kept answering 503`);
}

const shopperQueries = JSON.parse(
  readFileSync(new URL("../server/test/search-queries.json", import.meta.url), "utf8"),
).queries;
const typedPrefixes = shopperQueries.flatMap(({ q }) =>
  Array.from({ length: q.length - 1 }, (_, i) => q.slice(0, i + 2)),
);
const pick = (list) => list[Math.floor(Math.random() * list.length)];

// Searches the server has not answered lately that still find what shoppers look for: each typed
// prefix framed by words the search ignores ("the", "for", "flooring"…), so every word of it
// must match as in the bare prefix (a number appended, as before, matched no product and
// measured an empty answer). Asked in turn, never at random: there are more of them than the
// suggest cache keeps (5,000 answers, the oldest made dropped first), so each one asked has left
// the cache since it was last asked. The cache keys on the trimmed, lowercased text.
const ignoredBefore = ["", "the ", "a ", "an ", "for ", "with ", "in ", "of "];
const ignoredAfter = ["", " floor", " floors", " flooring", " and", " for", " with", " of"];
export const uncachedSearches = [
  ...new Set(
    typedPrefixes.flatMap((prefix) =>
      ignoredBefore.flatMap((before) =>
        ignoredAfter.map((after) => `${before}${prefix}${after}`.trim().toLowerCase()),
      ),
    ),
  ),
];
let uncachedTurn = 0;
const nextUncachedSearch = () => uncachedSearches[uncachedTurn++ % uncachedSearches.length];
const pathFrom = (text) => (request) => ({
  ...request,
  path: `/api/search/suggest?q=${encodeURIComponent(text())}`,
});

/** How many shopper queries on file find one of their expected products in the top 3. */
export async function searchQuality(base) {
  let found = 0;
  for (const { q, expect } of shopperQueries) {
    const { suggestions } = await getJson(base, `/api/search/suggest?q=${encodeURIComponent(q)}`);
    if (suggestions.slice(0, 3).some((s) => expect.includes(s.name))) found++;
  }
  return { found, total: shopperQueries.length };
}

const firstProducts = async (base, count) =>
  (await getJson(base, "/api/products?per_page=25&sort=name_asc")).slice(0, count);

let missCount = 0;
/** A request for `path` under an address no one asked before (`?miss=N`): the page renders. */
export const cacheMiss = (path) => (request) => ({
  ...request,
  path: `${path}?miss=${++missCount}`,
});

let clickCount = 0;
/** A request for `path` as a visitor from a shared post asks for it (`?fbclid=…`, new each time). */
const withClickId = (path) => (request) => ({
  ...request,
  path: `${path}?utm_source=facebook&fbclid=bench${++clickCount}`,
});

/** The filtered list query: one type, a price range, sorted by price. */
export const filteredQuery = "type=hardwood&min_price=2&max_price=8&sort=price_asc&per_page=25";

export const scenarios = [
  { name: "GET /api/health (ceiling)", path: "/api/health", ceiling: true },
  { name: "GET /api/products (default page)", path: "/api/products", list: true },
  // Every product in one answer (per_page=-1): the cost the default page of 100 avoids.
  { name: "GET /api/products?per_page=-1 (all)", path: "/api/products?per_page=-1", list: true },
  { name: "GET /api/products (filtered)", path: `/api/products?${filteredQuery}`, list: true },
  { name: "GET /api/products?q=oak (search)", path: "/api/products?q=oak&per_page=25", list: true },
  // What the header's search box asks while a shopper types: every prefix of the shopper queries
  // on file (answers are cached per catalogue version, as in real typing, where many ask the same).
  {
    name: "GET /api/search/suggest (typing)",
    path: "/api/search/suggest",
    list: true,
    requests: [{ setupRequest: pathFrom(() => pick(typedPrefixes)) }],
  },
  // The same, each search new to the server: the query cost (uncachedSearches).
  {
    name: "GET /api/search/suggest (uncached)",
    path: "/api/search/suggest",
    list: true,
    requests: [{ setupRequest: pathFrom(nextUncachedSearch) }],
  },
  {
    name: "GET /api/products/{id}",
    async setup({ base }) {
      const [product] = await firstProducts(base, 1);
      return { path: `/api/products/${product.id}` };
    },
  },
  {
    name: "POST /api/cart/calculate (5 lines)",
    async setup({ base }) {
      const products = await firstProducts(base, 5);
      return {
        path: "/api/cart/calculate",
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          cart_items: products.map((p) => ({ product_id: p.id, quantity: 2 })),
          shipping_state: "AL",
        }),
      };
    },
  },
  { name: "SSR /", path: "/" },
  { name: "SSR /products", path: "/products", list: true },
  // Public pages come from the page cache (decision 076). A render it cannot answer: every
  // request a new address (an extra parameter the page ignores), so each one renders.
  {
    name: "SSR /products (cache miss)",
    path: "/products",
    list: true,
    requests: [{ setupRequest: cacheMiss("/products") }],
  },
  {
    name: "SSR /products (cache miss, 1 connection)",
    path: "/products",
    connections: 1,
    requests: [{ setupRequest: cacheMiss("/products") }],
  },
  // A link shared on social media: every visitor brings a new click id, which the page cache
  // leaves out of the address (decision 094), so each is served the kept page.
  {
    name: "SSR /products (shared link, a new click id each)",
    path: "/products",
    requests: [{ setupRequest: withClickId("/products") }],
  },
  { name: "SSR /products (filtered)", path: `/products?${filteredQuery}`, list: true },
  {
    name: "SSR /products/{id}",
    async setup({ base }) {
      const [product] = await firstProducts(base, 1);
      return { path: `/products/${product.id}` };
    },
  },
  {
    name: "SSR /blog/areas/birmingham/{slug}",
    async setup({ base }) {
      return { path: await areaGuidePath(base) };
    },
  },
];

/** The first Birmingham area guide's page path. */
export async function areaGuidePath(base) {
  const city = await getJson(base, "/api/content/areas/birmingham");
  const slug = city.categories[0].areas[0].slug;
  return `/blog/areas/birmingham/${slug}`;
}

/** Pages Lighthouse audits (median of N runs each); gives the second product its reviews first. */
export async function lighthousePages(base, log) {
  const [product, reviewed] = await firstProducts(base, 2);
  // The product page must stay light with reviews on it: the second product gets twelve.
  await seedReviews(base, reviewed.id, log);
  return [
    { name: "/", path: "/" },
    { name: "/products", path: "/products" },
    { name: "/products/{id}", path: `/products/${product.id}` },
    { name: "/products/{id} with 12 reviews", path: `/products/${reviewed.id}` },
    { name: "/closeouts", path: "/closeouts" },
    { name: "/blog", path: "/blog" },
    { name: "/blog/areas/birmingham/{slug}", path: await areaGuidePath(base) },
  ];
}

/** Public pages whose JavaScript is weighed (gzip) against the budget. */
export async function publicPages(base) {
  const [product] = await firstProducts(base, 1);
  const posts = await getJson(base, "/api/content/posts");
  const firstPost = (posts.posts ?? posts)[0];
  return [
    "/",
    "/products",
    `/products/${product.id}`,
    "/closeouts",
    "/cart",
    "/installation",
    "/contact",
    "/about",
    "/gallery",
    "/partners",
    "/room-visualizer",
    "/blog",
    ...(firstPost?.slug ? [`/blog/${firstPost.slug}`] : []),
    "/blog/areas",
    "/blog/areas/birmingham",
    await areaGuidePath(base),
    "/privacy-policy",
    "/terms-of-service",
    "/ace/login",
  ];
}
