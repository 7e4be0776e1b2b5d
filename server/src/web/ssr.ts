import type { WebLoadContext } from "@mcf/contracts/web-context";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { createRequestHandler as CreateRequestHandler, ServerBuild } from "react-router";
import type { Config } from "../config.ts";
import { encodingFor } from "../http/answer-cache.ts";
import { unavailableRetryAfterSeconds } from "../plugins/error-handler.ts";
import { noncePolicy } from "../plugins/security-headers.ts";
import {
  isCacheablePageRequest,
  type PageCache,
  pageAddress,
  pageCacheKey,
  toKeptPage,
} from "./page-cache.ts";
import type { RenderGate } from "./render-gate.ts";
import { sendWebResponse, toWebRequest } from "./request-adapter.ts";

export function createApiFetch(
  app: FastifyInstance,
  request: FastifyRequest,
): WebLoadContext["apiFetch"] {
  return async (path, init) => {
    const forwarded: Record<string, string> = {};
    const ua = request.headers["user-agent"];
    if (ua) forwarded["user-agent"] = ua;
    const result = await app.inject({
      method: (init?.method ?? "GET") as "GET",
      url: path,
      headers: { ...forwarded, ...init?.headers, "x-forwarded-for": request.ip },
      payload: init?.body,
      remoteAddress: request.ip,
    });
    const headers = new Headers();
    for (const [key, value] of Object.entries(result.headers)) {
      if (value !== undefined)
        headers.set(key, Array.isArray(value) ? value.join(", ") : String(value));
    }
    const nullBody = result.statusCode === 204 || result.statusCode === 304;
    return new Response(nullBody ? null : result.rawPayload, {
      status: result.statusCode,
      headers,
    });
  };
}

/**
 * Serves every non-API path with React Router. Registered in its own scope without body parsers,
 * so form posts reach route actions as raw streams. With a page cache, anonymous public pages are
 * rendered once per catalogue, content and build version (docs/decisions/076).
 */
export async function registerSsr(
  app: FastifyInstance,
  config: Config,
  getBuild: () => Promise<ServerBuild> | ServerBuild,
  mode: "production" | "development",
  pages: { cache: PageCache; renderGate: RenderGate } | null = null,
): Promise<void> {
  // Loaded here, not at the top: React picks its production or development build from NODE_ENV
  // when first loaded, and main.ts sets NODE_ENV for the production build after reading config.
  const { createRequestHandler } = await import("react-router");
  let cachedBuild: ServerBuild | null = null;
  let cachedHandler: ReturnType<typeof CreateRequestHandler> | null = null;
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", (_request, _payload, done) => done(null));
    scope.route({
      method: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"],
      url: "/*",
      schema: { hide: true },
      handler: async (request, reply) => {
        const build = await getBuild();
        if (build !== cachedBuild) {
          cachedBuild = build;
          cachedHandler = createRequestHandler(build, mode);
        }
        const handler = cachedHandler as ReturnType<typeof CreateRequestHandler>;
        const context: WebLoadContext = {
          cspNonce: reply.scriptNonce,
          publicUrl: config.publicUrl,
          apiFetch: createApiFetch(app, request),
        };
        const origin = `${request.protocol}://${request.host}`;
        // A page's CSP names the visualizer and logo origins of the settings it was rendered
        // with: its root loader read them (GET /api/settings/public), so this process's latest
        // settings are the page's, even just after another process saved new ones.
        const render = async (address?: URL) => {
          const response = await handler(toWebRequest(request, origin, address), context as never);
          if (reply.hasHeader("content-security-policy"))
            reply.header(
              "content-security-policy",
              noncePolicy(reply.scriptNonce, app.settings.latest()),
            );
          return response;
        };
        if (pages && isCacheablePageRequest(request)) {
          // Rendered for its address without tracking parameters, so the kept bytes are the
          // same whoever asked first. A new day re-renders too: the footer's year, anything dated.
          const address = pageAddress(request.url, origin);
          const key = pageCacheKey(address, `${build.assets.version}/${new Date().toDateString()}`);
          const kept = await pages.cache.fresh(key);
          if (kept) return pages.cache.send(request, reply, kept);
          // A page the cache cannot answer takes its turn to be made (render-gate.ts): rendered,
          // read, hashed and compressed as this client takes it. A page that is not to be kept
          // (an error, a not-found) is sent as rendered; a request that waited on someone else's
          // such render makes its own.
          let rendered = null as Response | null;
          const turn = await pages.renderGate.run(async () => {
            const page = await pages.cache.page(key, async () => {
              rendered = await render(address);
              return toKeptPage(rendered, reply.scriptNonce, app.settings.latest());
            });
            const encoding = page && encodingFor(request, page);
            if (page && encoding) page.encoded(encoding);
            return { page };
          });
          if (turn.page) return pages.cache.send(request, reply, turn.page);
          return sendRendered(reply, rendered ?? (await render()));
        }
        return sendRendered(reply, await render());
      },
    });
  });
}

async function sendRendered(reply: FastifyReply, response: Response): Promise<FastifyReply> {
  // A page that could not get its data under pressure says when to come back, as the API's
  // 503 answers do.
  if (response.status === 503 && !response.headers.has("retry-after"))
    reply.header("retry-after", String(unavailableRetryAfterSeconds));
  await sendWebResponse(reply, response);
  return reply;
}
