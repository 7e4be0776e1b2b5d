import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { StoreSettings } from "@mcf/contracts/store-settings";
import type { FastifyInstance } from "fastify";
import helmet, { type HelmetOptions } from "helmet";
import type { Config } from "../config.ts";

declare module "fastify" {
  interface FastifyReply {
    /** This response's CSP nonce for inline scripts (React Router's hydration data). */
    scriptNonce: string;
  }
}

/**
 * Which inline scripts a response may run: those carrying this response's nonce, or (a page
 * served from the page cache, whose bytes are shared by many responses) exactly those whose
 * SHA-256 is listed.
 */
export type InlineScripts = { nonce: string } | { sha256: string[] };

/** What of the store settings the CSP names: the visualizer's and the partner logos' origins. */
export type CspSettings = Pick<StoreSettings, "room_visualizer_url" | "partners">;

function originOf(url: string | null): string | null {
  if (!url?.startsWith("https://")) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * The Content-Security-Policy for one response: our own scripts plus its inline ones; the room
 * visualizer's origin (frames, and the reachability check) and partner logos hosted elsewhere,
 * as the store settings name them. No visualizer set: no frame is allowed.
 */
export function contentSecurityPolicy(inline: InlineScripts, settings: CspSettings): string {
  const visualizerOrigin = originOf(settings.room_visualizer_url);
  const logoOrigins = [
    ...new Set(
      settings.partners.map((p) => originOf(p.logo)).filter((o): o is string => o !== null),
    ),
  ];
  const inlineSources =
    "nonce" in inline
      ? [`'nonce-${inline.nonce}'`]
      : inline.sha256.map((digest) => `'sha256-${digest}'`);
  return [
    "default-src 'self'",
    ["script-src 'self'", ...inlineSources].join(" "),
    // Inline style attributes (React `style`) are allowed; no inline script is.
    "style-src 'self' 'unsafe-inline'",
    // blob: for the claim photos the back office fetches with the admin password and shows.
    ["img-src 'self' data: blob:", ...logoOrigins].join(" "),
    "font-src 'self'",
    // The room visualizer page checks that the visualizer answers before relying on its frame.
    visualizerOrigin ? `connect-src 'self' ${visualizerOrigin}` : "connect-src 'self'",
    // Every page, not only /room-visualizer: a client-side navigation keeps the first page's CSP.
    `frame-src ${visualizerOrigin ?? "'none'"}`,
    "frame-ancestors 'self'",
    "form-action 'self' https://checkout.stripe.com",
    "base-uri 'self'",
    "object-src 'none'",
  ].join("; ");
}

/**
 * The policy around a nonce, made once per settings value read (every response needs one; with
 * the random draw below, building it for each response was 7.7% of a new search's time).
 */
const policyAroundNonce = new WeakMap<CspSettings, [string, string]>();
export function noncePolicy(nonce: string, settings: CspSettings): string {
  let around = policyAroundNonce.get(settings);
  if (!around) {
    const marker = "\u0000nonce\u0000";
    around = contentSecurityPolicy({ nonce: marker }, settings).split(`'nonce-${marker}'`) as [
      string,
      string,
    ];
    policyAroundNonce.set(settings, around);
  }
  return `${around[0]}'nonce-${nonce}'${around[1]}`;
}

/**
 * 16 random bytes for a nonce, cut from a block drawn 4 KB at a time: one call to the system's
 * random source per 256 responses instead of one each (it was a sixteenth of a cached answer's
 * time). Every nonce is still fresh, unpredictable bytes, used once.
 */
let randomBlock = Buffer.alloc(0);
let randomOffset = 0;
export function freshNonce(): string {
  if (randomOffset + 16 > randomBlock.length) {
    randomBlock = randomBytes(4096);
    randomOffset = 0;
  }
  const nonce = randomBlock.toString("base64", randomOffset, randomOffset + 16);
  randomOffset += 16;
  return nonce;
}

/**
 * The headers Helmet sets for these options, read once. None of them depends on the request
 * (the CSP, which does, is ours), so every response gets the same set. Helmet's Fastify plugin
 * built its middleware again for each request: 4% of an API answer's time and 1.5 KB of
 * garbage each, measured.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader() {},
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return headers;
}

/**
 * Helmet's headers, plus our own CSP header with a per-request nonce, from the settings this
 * process read last (pages set it again from the settings they render with: web/ssr.ts).
 * Vite dev mode (hot reload injects inline scripts) gets no CSP.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const viteDev = process.env.MCF_VITE_DEV === "1";
  const headers = helmetHeaders({
    contentSecurityPolicy: false,
    strictTransportSecurity:
      config.env === "production" ? { maxAge: 31536000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: "same-origin" },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  });
  app.decorateReply("scriptNonce", "");
  app.addHook("onRequest", (_request, reply, done) => {
    reply.headers(headers);
    reply.scriptNonce = freshNonce();
    if (!viteDev)
      reply.header(
        "content-security-policy",
        noncePolicy(reply.scriptNonce, app.settings.latest()),
      );
    done();
  });
}
