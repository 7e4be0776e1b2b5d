import { createHash } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { changeVersions } from "../db/change-versions.ts";
import type { Database } from "../db/client.ts";
import {
  type AnswerCache,
  type CachedAnswer,
  type ComputedAnswer,
  createAnswerCache,
  sendCachedAnswer,
} from "../http/answer-cache.ts";
import { type CspSettings, contentSecurityPolicy } from "../plugins/security-headers.ts";

/**
 * Pages that are never kept: the partner area, the shopper's account and the back office
 * (signed-in views), and the buyer's own cart, payment, confirmation, tracking and
 * installation-job pages, the measure visit's signed page and the booking page (which names the
 * customer of `?job=`), with their React Router data requests (`/cart.data`).
 */
const privatePages =
  /^\/(ace|account|admin|cart|pay|success|track|installation\/(jobs|visit|book))(\.data$|\/|$)/;

/**
 * A request the page cache may answer: a GET for a public page from an anonymous visitor. The
 * store sets no cookies, so a request carrying one or an Authorization header comes from
 * something that may expect a personal answer: it is rendered for itself.
 */
export function isCacheablePageRequest(request: FastifyRequest): boolean {
  if (request.method !== "GET") return false;
  if (request.headers.cookie || request.headers.authorization) return false;
  const path = request.url.split("?")[0] ?? "/";
  return !privatePages.test(path);
}

/**
 * Query parameters that only tell analytics where a visitor came from: campaign tags and the
 * click ids ad networks and social sites add. No page reads them, and a shared link carries a new
 * click id for every visitor (Facebook's `fbclid`): kept in the address, every visitor from a post
 * or an ad would have the page rendered anew, just when a link draws a crowd.
 */
const trackingParameter =
  /^(utm_[a-z_]+|fbclid|gclid|gbraid|wbraid|dclid|msclkid|mc_cid|mc_eid|igshid|yclid|ttclid|twclid|li_fat_id|_ga|_gl)$/i;

/**
 * The address a public page is rendered and kept for: the request's, with a trailing slash and
 * tracking parameters dropped and the query's parameters sorted (the same filters in any order
 * are one page).
 */
export function pageAddress(url: string, origin: string): URL {
  const address = new URL(url, origin);
  for (const name of [...address.searchParams.keys()])
    if (trackingParameter.test(name)) address.searchParams.delete(name);
  address.searchParams.sort();
  if (address.pathname.length > 1) address.pathname = address.pathname.replace(/\/+$/, "");
  return address;
}

/** The cache key of a page: the build and its address (`pageAddress`, with the origin). */
export function pageCacheKey(address: URL, build: string): string {
  return `${build}\u0000${address.href}`;
}

/** Headers a kept page does not carry over: per response, or re-made when it is sent. */
const perResponseHeaders = new Set([
  "content-length",
  "content-encoding",
  "content-security-policy",
  "date",
  "etag",
  "set-cookie",
  "transfer-encoding",
  "vary",
]);

/** Script bodies the browser runs (not JSON-LD or other data blocks), as SHA-256 base64. */
export function inlineScriptHashes(html: string): string[] {
  const digests = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attributes = "", body = ""] = match;
    if (body === "" || /\bsrc=/i.test(attributes)) continue;
    if (/type="application\/(ld\+)?json"/i.test(attributes)) continue;
    digests.add(createHash("sha256").update(body, "utf8").digest("base64"));
  }
  return [...digests].sort();
}

/**
 * A rendered page made ready to keep, or null when it must not be kept: only a 200 without
 * Set-Cookie and without `private` or `no-store` is shared. The render's nonce is taken out of
 * the bytes (many responses will share them) and the page's CSP lists the SHA-256 of each inline
 * script instead, so the same bytes, compressed once, satisfy a strict policy on every response.
 */
export async function toKeptPage(
  response: Response,
  nonce: string,
  settings: CspSettings,
): Promise<ComputedAnswer> {
  if (response.status !== 200 || !response.body) return null;
  if (response.headers.has("set-cookie")) return null;
  if (/private|no-store/i.test(response.headers.get("cache-control") ?? "")) return null;
  const headers: Record<string, string> = {};
  for (const [key, value] of response.headers)
    if (!perResponseHeaders.has(key)) headers[key] = value;
  const raw = Buffer.from(await response.arrayBuffer());
  if (!(headers["content-type"] ?? "").startsWith("text/html")) return { body: raw, headers };
  const html = nonce ? raw.toString("utf8").replaceAll(` nonce="${nonce}"`, "") : raw.toString();
  headers["content-security-policy"] = contentSecurityPolicy(
    { sha256: inlineScriptHashes(html) },
    settings,
  );
  return { body: Buffer.from(html, "utf8"), headers };
}

export interface PageCache {
  /** The page kept for `key` if it is still current, else null (to be rendered). */
  fresh(key: string): Promise<CachedAnswer | null>;
  /** The page for `key`, kept or rendered now through `render`; null when it is not to be kept. */
  page(key: string, render: () => Promise<ComputedAnswer>): Promise<CachedAnswer | null>;
  send(request: FastifyRequest, reply: FastifyReply, page: CachedAnswer): FastifyReply;
}

/**
 * The page cache for anonymous public pages (docs/decisions/076). Pages are filed under the
 * catalogue version and the content version (read per request, as the catalogue's answer cache
 * does: a price edit or a settings change in any process shows on the next request) and keyed by
 * the build, so a new deployment never serves the old one's pages.
 */
export async function createPageCache(database: Database, maxBytes: number): Promise<PageCache> {
  const versions = await changeVersions(database);
  const currentVersion = async () => {
    const { catalog, content } = await versions.both();
    return `${catalog}/${content}`;
  };
  const cache: AnswerCache = createAnswerCache(currentVersion, { maxEntries: 1000, maxBytes });
  return {
    fresh: (key) => cache.fresh(key),
    page: (key, render) => cache.answer(key, render),
    send: sendCachedAnswer,
  };
}
