import { Socket } from "node:net";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

/** The answer every shed request gets (the same words under-pressure uses). */
export const busyMessage = "The store is very busy right now. Please try again in a moment.";

/**
 * How much a request matters when the store is full, most important first:
 * - `essential`: money is moving or the process is being checked (payment completions, the
 *   Stripe webhook, health checks) or a page cannot work without it (built scripts and styles):
 *   never turned away.
 * - `checkout`: a shopper is buying (cart totals, starting a payment, the cart, payment and
 *   confirmation pages): turned away only at the higher limit.
 * - `browse`: everything else (page views, catalogue reads): turned away first.
 */
export type AdmissionPriority = "essential" | "checkout" | "browse";

const essentialPaths = [
  /^\/api\/(health|ready)$/,
  /^\/metrics$/,
  /^\/api\/payments\/webhook$/,
  /^\/api\/payments\/test-sessions\/[^/]+\/(pay|cancel)$/,
  // The success page's lookup also completes a payment whose webhook is late.
  /^\/api\/orders\/by-session\/[^/]+$/,
  /^\/assets\//,
  /^\/favicon\.ico$/,
];

const checkoutPaths = [
  /^\/api\/cart\/calculate$/,
  /^\/api\/payments\/process$/,
  /^\/api\/payments\/test-sessions\/[^/]+$/,
  /^\/api\/coupons\/[^/]+$/,
  // An installation customer accepting the estimate and starting the deposit payment.
  /^\/api\/installation\/jobs\/[^/]+\/(accept|deposit)$/,
  // Pages (and their React Router data requests, `/cart.data`) on the way to paying.
  /^\/(cart|success)(\.data)?$/,
  /^\/pay\/[^/]+?(\.data)?$/,
];

/** The admission priority of a request path (query string ignored). */
export function admissionPriorityOf(url: string): AdmissionPriority {
  const path = url.split("?")[0] ?? "";
  if (essentialPaths.some((pattern) => pattern.test(path))) return "essential";
  if (checkoutPaths.some((pattern) => pattern.test(path))) return "checkout";
  return "browse";
}

export interface LoadSheddingOptions {
  /** Requests in progress at once past which `browse` requests are turned away. */
  browseLimit: number;
  /** Requests in progress at once past which `checkout` requests are turned away too. */
  checkoutLimit: number;
  /** Seconds a shed page view or catalogue read is told to wait (Retry-After). */
  retryAfterSeconds: number;
  /** Seconds a shed checkout call is told to wait: shorter, a buyer's client retries it. */
  checkoutRetryAfterSeconds?: number;
  /**
   * True while the process is under pressure some other way (event-loop delay from
   * under-pressure): `browse` requests are then turned away whatever the count.
   */
  underPressure?: () => boolean;
  /**
   * Requests that neither count nor get shed. Default: in-process requests (Fastify inject,
   * which page loaders use to call the API), since the page request holding them is counted.
   */
  internal?: (request: FastifyRequest) => boolean;
}

/** A request made inside this process (Fastify inject), not over a socket. */
export const inProcess = (request: FastifyRequest) => !(request.raw.socket instanceof Socket);

const busyPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Busy | Magic City Floors</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#1c1917"><h1>We are very busy right now</h1><p>${busyMessage}</p><p><a href="">Try again</a></p></body></html>`;

/** 503 with Retry-After: the JSON error shape for API calls, a small page for a browser. */
function sendBusy(request: FastifyRequest, reply: FastifyReply, retryAfterSeconds: number) {
  reply.status(503).header("retry-after", String(retryAfterSeconds));
  const wantsPage =
    !request.url.startsWith("/api/") && (request.headers.accept ?? "").includes("text/html");
  if (wantsPage) return reply.type("text/html; charset=utf-8").send(busyPage);
  return reply.send({ detail: busyMessage });
}

/**
 * Overload is shed by priority, not queued: past `browseLimit` requests in progress (or while
 * `underPressure` says so) a page view or catalogue read gets 503 with Retry-After at once;
 * checkout calls keep being admitted up to `checkoutLimit`; essential requests always are.
 * Most waiting happens off the event loop (database connections), so an event-loop-delay limit
 * alone never fires while p99 climbs to seconds.
 */
export function registerLoadShedding(app: FastifyInstance, options: LoadSheddingOptions): void {
  const internal = options.internal ?? inProcess;
  const checkoutRetryAfter = options.checkoutRetryAfterSeconds ?? options.retryAfterSeconds;
  let inFlight = 0;
  app.addHook("onRequest", async (request, reply) => {
    if (internal(request)) return;
    const priority = admissionPriorityOf(request.url);
    if (priority === "browse") {
      if (inFlight >= options.browseLimit || options.underPressure?.())
        return sendBusy(request, reply, options.retryAfterSeconds);
    } else if (priority === "checkout" && inFlight >= options.checkoutLimit) {
      return sendBusy(request, reply, checkoutRetryAfter);
    }
    inFlight++;
    // "close" fires once the response is sent or the client went away: either way it is done.
    reply.raw.once("close", () => {
      inFlight--;
    });
  });
}
