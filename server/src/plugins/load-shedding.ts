import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";

/** The answer every refused request gets. */
export const busyMessage = "The store is very busy right now. Please try again in a moment.";

/**
 * How much a request matters when the store is full, most important first:
 * - `essential`: money is moving or the process is being checked (payment completions, the
 *   Stripe webhook, health checks) or a page cannot work without it (built scripts and styles):
 *   never waits, never turned away.
 * - `checkout`: someone is buying or running the store: every write (cart totals, starting a
 *   payment, an inquiry, a staff or partner change), the cart, payment and confirmation pages,
 *   and the back office and partner portal, whose few users act on orders and stock during the
 *   very rush that fills the store: places and a line of their own, which browsing never takes.
 * - `browse`: every other read (page views, catalogue reads).
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
  // Product photos: a file read each, content-hashed and cached a year like the assets.
  /^\/media\/products\//,
  // The shipped floor and page images and the icons: a file read each; a page admitted without
  // its pictures would show holes and a console full of errors.
  /^\/img\//,
  /^\/favicon\.(ico|svg)$/,
];

/** Reads that belong to buying or running the store (every write does already). */
const checkoutPaths = [
  /^\/api\/payments\/test-sessions\/[^/]+$/,
  /^\/api\/coupons\/[^/]+$/,
  // Pages (and their React Router data requests, `/cart.data`) on the way to paying, and the
  // page an early "Add to Cart" tap lands on.
  /^\/(cart(\/add)?|success)(\.data)?$/,
  /^\/pay\/[^/]+?(\.data)?$/,
  // The back office and the partner portal, pages and API.
  /^\/(api\/)?(admin|ace)(\/|\.data$|$)/,
];

const reads = new Set(["GET", "HEAD", "OPTIONS"]);

/** The admission priority of a request: its method and path (query string ignored). */
export function admissionPriorityOf(method: string, url: string): AdmissionPriority {
  const path = url.split("?")[0] ?? "";
  if (essentialPaths.some((pattern) => pattern.test(path))) return "essential";
  if (!reads.has(method) || checkoutPaths.some((pattern) => pattern.test(path))) return "checkout";
  return "browse";
}

export interface LoadSheddingOptions {
  /** Page views and catalogue reads (`browse`) in progress at once; the next ones wait a turn. */
  browseLimit: number;
  /** Checkout calls in progress at once, counted apart from browsing; the next ones wait a turn. */
  checkoutLimit: number;
  /** How long a request may wait for its turn before it is answered 503 with Retry-After. */
  maxWaitMs: number;
  /** Requests of one class that may wait at once; one more is answered 503 at once. */
  maxWaiting: number;
  /** Seconds a refused page view or catalogue read is told to wait (Retry-After). */
  retryAfterSeconds: number;
  /** Seconds a refused checkout call is told to wait: shorter, a buyer's client retries it. */
  checkoutRetryAfterSeconds?: number;
}

const busyPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Busy | Magic City Floors</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#1c1917"><h1>We are very busy right now</h1><p>${busyMessage}</p><p><a href="">Try again</a></p></body></html>`;
const busyJson = JSON.stringify({ detail: busyMessage });

/**
 * The 503 answer to a request turned away: the JSON error shape for API calls, a small page for
 * a browser asking for one, with Retry-After either way.
 */
export function busyAnswer(
  url: string,
  accept: string | undefined,
  retryAfterSeconds: number,
): { headers: Record<string, string>; body: string } {
  const wantsPage = !url.startsWith("/api/") && (accept ?? "").includes("text/html");
  return {
    headers: {
      "retry-after": String(retryAfterSeconds),
      "content-type": wantsPage ? "text/html; charset=utf-8" : "application/json; charset=utf-8",
      "cache-control": "no-store",
    },
    body: wantsPage ? busyPage : busyJson,
  };
}

/** 503 with Retry-After, written straight to the socket. */
function sendBusy(request: IncomingMessage, response: ServerResponse, retryAfterSeconds: number) {
  if (response.destroyed) return;
  const { headers, body } = busyAnswer(
    request.url ?? "/",
    request.headers.accept,
    retryAfterSeconds,
  );
  response.writeHead(503, {
    ...headers,
    "content-length": Buffer.byteLength(body),
    "x-content-type-options": "nosniff",
  });
  response.end(body);
}

/**
 * Requests of one class take turns: up to `limit` in progress at once, the next ones wait in the
 * order they came. A waiter is answered 503 once it has waited `maxWaitMs`, or at once when
 * `maxWaiting` already wait; one whose client went away leaves the line.
 */
function createTurns(limit: number, maxWaiting: number, maxWaitMs: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  const leave = (waiter: () => void) => {
    const at = waiting.indexOf(waiter);
    if (at >= 0) waiting.splice(at, 1);
  };
  const begin = (response: ServerResponse, start: () => void) => {
    running++;
    // "close" fires once the response is sent or the client went away: either way it is done.
    response.once("close", () => {
      running--;
      waiting.shift()?.();
    });
    start();
  };
  return (response: ServerResponse, start: () => void, refuse: () => void) => {
    if (running < limit && waiting.length === 0) return begin(response, start);
    if (waiting.length >= maxWaiting) return refuse();
    const gaveUp = () => {
      clearTimeout(timer);
      leave(waiter);
    };
    const waiter = () => {
      clearTimeout(timer);
      response.off("close", gaveUp);
      begin(response, start);
    };
    const timer = setTimeout(() => {
      response.off("close", gaveUp);
      leave(waiter);
      refuse();
    }, maxWaitMs);
    response.once("close", gaveUp);
    waiting.push(waiter);
  };
}

export interface Admission {
  /**
   * Decides on a request from the network before the framework sees it: `handle` runs once it is
   * admitted (it counts until its response closes), maybe after waiting its turn; otherwise it is
   * answered 503 with Retry-After here.
   */
  admit(request: IncomingMessage, response: ServerResponse, handle: () => void): void;
}

/**
 * Overload is queued first and shed only past a wait of seconds (docs/decisions/107). Essential
 * requests (payments, the webhook, health, assets) are always admitted at once. Checkout calls
 * and browsing (page views, catalogue reads) each have a fixed number of places and a line of
 * their own, so browsing never takes a buyer's place: a burst, a crawler or a store whose page
 * cache was just emptied by a price change is served, slowly if it must, and only a flood that
 * keeps a request waiting `maxWaitMs` (or fills the line) is answered 503 with Retry-After.
 * Waiting costs a socket and a timer, no work, so under a flood the store keeps serving at its
 * full rate.
 */
export function createAdmission(options: LoadSheddingOptions): Admission {
  const checkoutRetryAfter = options.checkoutRetryAfterSeconds ?? options.retryAfterSeconds;
  const browsing = createTurns(options.browseLimit, options.maxWaiting, options.maxWaitMs);
  const checkingOut = createTurns(options.checkoutLimit, options.maxWaiting, options.maxWaitMs);
  return {
    admit(request, response, handle) {
      const priority = admissionPriorityOf(request.method ?? "GET", request.url ?? "/");
      if (priority === "essential") return handle();
      const [turns, retryAfter] =
        priority === "checkout"
          ? [checkingOut, checkoutRetryAfter]
          : [browsing, options.retryAfterSeconds];
      turns(response, handle, () => sendBusy(request, response, retryAfter));
    },
  };
}

/**
 * A Fastify `serverFactory` that admits or refuses each request before Fastify sees it: a shed
 * request costs no routing, hooks or request object, so a flood of them leaves the CPU to the
 * requests being served. In-process requests (Fastify inject, which page loaders use to call the
 * API) never pass here: the page request holding them was counted.
 */
export function admittingServer(admission: Admission) {
  return (
    handler: (request: IncomingMessage, response: ServerResponse) => void,
    options: { keepAliveTimeout?: number; requestTimeout?: number; connectionTimeout?: number },
  ): Server => {
    const server = createServer((request, response) =>
      admission.admit(request, response, () => handler(request, response)),
    );
    // What Fastify sets on the server it makes itself.
    if (options.keepAliveTimeout !== undefined) server.keepAliveTimeout = options.keepAliveTimeout;
    if (options.requestTimeout !== undefined) server.requestTimeout = options.requestTimeout;
    server.setTimeout(options.connectionTimeout ?? 0);
    return server;
  };
}
