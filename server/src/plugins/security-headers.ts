import { randomBytes } from "node:crypto";
import fastifyHelmet from "@fastify/helmet";
import type { StoreSettings } from "@mcf/contracts/store-settings";
import type { FastifyInstance } from "fastify";
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
 * Helmet's headers, plus our own CSP header with a per-request nonce, from the settings this
 * process read last (pages set it again from the settings they render with: web/ssr.ts).
 * Vite dev mode (hot reload injects inline scripts) gets no CSP.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const viteDev = process.env.MCF_VITE_DEV === "1";
  await app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: false,
    strictTransportSecurity:
      config.env === "production" ? { maxAge: 31536000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: "same-origin" },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  });
  app.decorateReply("scriptNonce", "");
  app.addHook("onRequest", async (_request, reply) => {
    reply.scriptNonce = randomBytes(16).toString("base64");
    if (!viteDev)
      reply.header(
        "content-security-policy",
        contentSecurityPolicy({ nonce: reply.scriptNonce }, app.settings.latest()),
      );
  });
}
