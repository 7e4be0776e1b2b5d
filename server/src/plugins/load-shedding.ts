import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";

/** The answer every shed request gets (the same words under-pressure uses). */
export const busyMessage = "The store is very busy right now. Please try again in a moment.";

/**
 * How much a request matters when the store is full, most important first:
 * - `essential`: money is moving or the process is being checked (payment completions, the
 *   Stripe webhook, health checks) or a page cannot work without it (built scripts and styles):
 *   never turned away.
 * - `checkout`: someone is buying or running the store: every write (cart totals, starting a
 *   payment, an inquiry, a staff or partner change), the cart, payment and confirmation pages,
 *   and the back office and partner portal, whose few users act on orders and stock during the
 *   very rush that fills the store: turned away only at the higher limit.
 * - `browse`: every other read (page views, catalogue reads): turned away first.
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
  /**
   * Page views and catalogue reads (`browse`) in progress at once that are always admitted; more
   * while they finish within `browseLatencyTargetMs` (the limit adapts, see `createAdmission`).
   */
  browseLimit: number;
  /** Checkout calls in progress at once past which more are turned away. */
  checkoutLimit: number;
  /**
   * The time a page view may take before the browsing limit shrinks back towards `browseLimit`.
   * Unset: the browsing limit stays at `browseLimit`.
   */
  browseLatencyTargetMs?: number;
  /** Seconds a shed page view or catalogue read is told to wait (Retry-After). */
  retryAfterSeconds: number;
  /** Seconds a shed checkout call is told to wait: shorter, a buyer's client retries it. */
  checkoutRetryAfterSeconds?: number;
  /**
   * Milliseconds a turned-away page view's 503 waits before it is sent: a client that asks again
   * the moment it is refused then comes back no faster than a page view that was admitted. Unset
   * or 0: at once.
   */
  browseShedHoldMs?: number;
  /**
   * True while the process is under pressure some other way (event-loop delay from
   * under-pressure): `browse` requests are then turned away whatever the count.
   */
  underPressure?: () => boolean;
}

/** The most page views admitted at once however fast they finish. */
export const maxBrowseLimit = 4096;

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

/** 503 with Retry-After, written straight to the socket, at once or after `holdMs`. */
function sendBusy(
  request: IncomingMessage,
  response: ServerResponse,
  retryAfterSeconds: number,
  holdMs = 0,
) {
  const { headers, body } = busyAnswer(
    request.url ?? "/",
    request.headers.accept,
    retryAfterSeconds,
  );
  const send = () => {
    if (response.destroyed) return;
    response.writeHead(503, {
      ...headers,
      "content-length": Buffer.byteLength(body),
      "x-content-type-options": "nosniff",
    });
    response.end(body);
  };
  if (holdMs > 0) setTimeout(send, holdMs);
  else send();
}

export interface Admission {
  /**
   * Decides on a request from the network before the framework sees it: true when it is admitted
   * (the caller hands it on; it counts until its response closes), false when it was answered 503
   * with Retry-After here.
   */
  admit(request: IncomingMessage, response: ServerResponse): boolean;
  /** How many page views are admitted at once right now. */
  browseLimit(): number;
}

/**
 * Overload is shed by priority, not queued (docs/decisions/071, 076). Page views and catalogue
 * reads are admitted up to a limit that follows how long they take: it grows by one for each
 * that finishes within half of `browseLatencyTargetMs` while the limit is what holds them back
 * (it was reached or turned one away within the last target period: page views that wait on one
 * shared database read finish together, and only the first of them still sees the limit full;
 * decision 086), by at most a quarter per target period and not at all within a target period
 * of one that took longer than the target, and falls by a fifth (at most once per target period, never below `browseLimit`) when one takes
 * longer than the target. Cheap answers (cached pages) are then all admitted, and costly ones
 * (renders) only as many as finish in time; the rest get 503 at once. Checkout calls have their
 * own count and limit, so browsing never takes their places; essential requests are always
 * admitted. A page view read after the event loop has already been busy for longer than the
 * target in the same turn (`turnAge`) is turned away too: it has waited that long already.
 * A turned-away page view's 503 is held for `browseShedHoldMs` (a timer, no work): under a flood
 * of clients that ask again the moment they are refused, answering at once made the refusals
 * themselves the load, and on PostgreSQL the store served half the renders it serves at 50
 * connections (decision 091). Checkout calls are refused at once: their clients wait 1 s.
 * Most waiting happens off the event loop (database connections) or before a request is read
 * at all, so an event-loop-delay limit alone never fires while p99 climbs to seconds.
 */
export function createAdmission(options: LoadSheddingOptions): Admission {
  const checkoutRetryAfter = options.checkoutRetryAfterSeconds ?? options.retryAfterSeconds;
  const holdMs = options.browseShedHoldMs ?? 0;
  const target = options.browseLatencyTargetMs;
  let browseLimit = options.browseLimit;
  let browsing = 0;
  let checkingOut = 0;
  let lastDecrease = 0;
  // When the browsing limit last held a page view back or was reached (see `browseDone`).
  let limitReachedAt = Number.NEGATIVE_INFINITY;
  // Growth per target period is capped at a quarter of the limit, so it cannot outrun the falls.
  let growthPeriodStart = Number.NEGATIVE_INFINITY;
  let growthLeft = 0;
  // No growth within a target period of a slow page view: the fall must win while some are slow.
  let lastSlow = Number.NEGATIVE_INFINITY;
  // When the event loop's current turn began handling requests (see `turnAge`).
  let turnStartedAt = 0;
  let turnOpen = false;
  /**
   * How long the event loop has been busy in this turn when a request is read. Requests whose
   * bytes arrived together are read one after another in one turn, each handled as far as it
   * goes without waiting before the next is read (a page rendered from cached data never waits),
   * so the last ones have waited for all the work before them: the queue time no count of
   * requests in progress sees. The first request of a turn marks its start; a callback after
   * the turn closes it.
   */
  const turnAge = () => {
    const now = performance.now();
    if (!turnOpen) {
      turnOpen = true;
      turnStartedAt = now;
      setImmediate(() => {
        turnOpen = false;
      });
    }
    return now - turnStartedAt;
  };
  const browseDone = (startedAt: number) => {
    if (target === undefined) return;
    const now = performance.now();
    const took = now - startedAt;
    if (took > target) {
      lastSlow = now;
      if (now - lastDecrease < target) return;
      lastDecrease = now;
      browseLimit = Math.max(options.browseLimit, Math.floor(browseLimit * 0.8));
    } else if (took < target / 2 && now - limitReachedAt <= target && now - lastSlow >= target) {
      if (now - growthPeriodStart >= target) {
        growthPeriodStart = now;
        growthLeft = Math.ceil(browseLimit / 4);
      }
      if (growthLeft === 0) return;
      growthLeft--;
      browseLimit = Math.min(maxBrowseLimit, browseLimit + 1);
    }
  };
  return {
    browseLimit: () => browseLimit,
    admit(request, response) {
      const priority = admissionPriorityOf(request.method ?? "GET", request.url ?? "/");
      if (priority === "essential") return true;
      if (priority === "checkout") {
        if (checkingOut >= options.checkoutLimit) {
          sendBusy(request, response, checkoutRetryAfter);
          return false;
        }
        checkingOut++;
        // "close" fires once the response is sent or the client went away: either way it is done.
        response.once("close", () => {
          checkingOut--;
        });
        return true;
      }
      const waitedTooLong = target !== undefined && turnAge() > target;
      const full = browsing >= browseLimit;
      if (full) limitReachedAt = performance.now();
      if (full || waitedTooLong || options.underPressure?.()) {
        sendBusy(request, response, options.retryAfterSeconds, holdMs);
        return false;
      }
      browsing++;
      const startedAt = performance.now();
      if (browsing >= browseLimit) limitReachedAt = startedAt;
      response.once("finish", () => browseDone(startedAt));
      response.once("close", () => {
        browsing--;
      });
      return true;
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
    const server = createServer((request, response) => {
      if (admission.admit(request, response)) handler(request, response);
    });
    // What Fastify sets on the server it makes itself.
    if (options.keepAliveTimeout !== undefined) server.keepAliveTimeout = options.keepAliveTimeout;
    if (options.requestTimeout !== undefined) server.requestTimeout = options.requestTimeout;
    server.setTimeout(options.connectionTimeout ?? 0);
    return server;
  };
}
