import { Socket } from "node:net";
import type { FastifyInstance, FastifyRequest } from "fastify";

/** A request made inside this process (Fastify inject), not over a socket. */
const inProcess = (request: FastifyRequest) => !(request.raw.socket instanceof Socket);

/** The answer to a request that arrives while the process is shutting down. */
export const restartingMessage = "The store is restarting. Please try again in a moment.";

/**
 * While the server closes (SIGTERM on a deploy), a request that still arrives on an open
 * keep-alive connection gets 503 with Retry-After and `Connection: close` in our error shape
 * (`{detail}`), so the client or balancer retries it on another process. This replaces
 * Fastify's own `return503OnClosing` answer, whose body is `{error, message, statusCode}`.
 * In-process requests (a page already being rendered calling the API) still go through.
 */
export function answerWhileClosing(app: FastifyInstance): void {
  let closing = false;
  app.addHook("preClose", async () => {
    closing = true;
  });
  app.addHook("onRequest", async (request, reply) => {
    if (!closing || inProcess(request)) return;
    return reply
      .status(503)
      .header("retry-after", "5")
      .header("connection", "close")
      .send({ detail: restartingMessage });
  });
}
