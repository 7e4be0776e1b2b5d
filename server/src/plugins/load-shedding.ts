import { Socket } from "node:net";
import type { FastifyInstance, FastifyRequest } from "fastify";

/** The answer every shed request gets (the same words under-pressure uses). */
export const busyMessage = "The store is very busy right now. Please try again in a moment.";

export interface LoadSheddingOptions {
  /** Requests in progress at once before new ones are turned away. */
  maxInFlight: number;
  /** Seconds a client is told to wait (the Retry-After header). */
  retryAfterSeconds: number;
  /** Paths never shed: the health checks, so a balancer does not pull a busy but working node. */
  exempt?: readonly string[];
  /**
   * Requests that neither count nor get shed. Default: in-process requests (Fastify inject,
   * which page loaders use to call the API), since the page request holding them is counted.
   */
  internal?: (request: FastifyRequest) => boolean;
}

/** A request made inside this process (Fastify inject), not over a socket. */
export const inProcess = (request: FastifyRequest) => !(request.raw.socket instanceof Socket);

/**
 * Overload is shed, not queued: past `maxInFlight` requests in progress, a new request gets
 * 503 with Retry-After at once instead of waiting behind everyone else. Most waiting here
 * happens off the event loop (the embedded database runs one query at a time), so an
 * event-loop-delay limit alone (under-pressure) never fires while p99 climbs to seconds.
 */
export function registerLoadShedding(app: FastifyInstance, options: LoadSheddingOptions): void {
  const exempt = new Set(options.exempt ?? ["/api/health", "/api/ready"]);
  const internal = options.internal ?? inProcess;
  let inFlight = 0;
  app.addHook("onRequest", async (request, reply) => {
    if (internal(request) || exempt.has(request.url.split("?")[0] ?? "")) return;
    if (inFlight >= options.maxInFlight) {
      return reply
        .status(503)
        .header("retry-after", String(options.retryAfterSeconds))
        .send({ detail: busyMessage });
    }
    inFlight++;
    // "close" fires once the response is sent or the client went away: either way it is done.
    reply.raw.once("close", () => {
      inFlight--;
    });
  });
}
