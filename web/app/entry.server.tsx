import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "react-router";
import { ServerRouter } from "react-router";
import { deferredIslandsLoaded } from "./lib/deferred-island.tsx";
import { NonceContext } from "./lib/nonce.ts";
import { shouldLogRenderError } from "./lib/render-errors.ts";
import { renderTurn } from "./lib/render-turns.ts";
import { scriptsAfterPaint } from "./lib/scripts-after-paint.ts";

export const streamTimeout = 5_000;

export const handleError: HandleErrorFunction = (error, { request }) => {
  if (shouldLogRenderError(error, request)) console.error(error);
};

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // The parts whose browser code comes after hydration render in the HTML like the rest (089).
  await deferredIslandsLoaded();
  await renderTurn();
  const nonce = loadContext.cspNonce;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers and SPA-mode builds get the whole document at once.
    const readyOption =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        // React moves a finished Suspense boundary out of line (a hidden block that its inline
        // script puts in place) once the document passes this many bytes; without JavaScript
        // that part would stay hidden. Deferred islands are such boundaries (decision 089): keep
        // every finished one in line, so the HTML reads whole without scripts.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyOption]() {
          shellRendered = true;
          const body = scriptsAfterPaint(nonce);
          // A finished page needs no abort: its timer would otherwise outlive it by seconds.
          body.once("close", () => clearTimeout(abortTimer));
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          if (!responseHeaders.has("Cache-Control"))
            responseHeaders.set("Cache-Control", "no-cache");
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    const abortTimer = setTimeout(abort, streamTimeout + 1000);
  });
}
