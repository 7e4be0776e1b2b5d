import { Readable } from "node:stream";
import type { FastifyReply, FastifyRequest } from "fastify";

/**
 * Builds a Web Request from Fastify's raw request, leaving the body as a stream; for `url`, the
 * request's own address unless another is given (a kept page's, `pageAddress`).
 */
export function toWebRequest(
  request: FastifyRequest,
  origin: string,
  url: URL = new URL(request.url, origin),
): Request {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else headers.set(key, String(value));
  }
  const controller = new AbortController();
  request.raw.once("close", () => {
    if (!request.raw.complete) controller.abort();
  });
  const hasBody = request.method !== "GET" && request.method !== "HEAD";
  return new Request(url, {
    method: request.method,
    headers,
    signal: controller.signal,
    body: hasBody ? (Readable.toWeb(request.raw) as ReadableStream) : undefined,
    // Node's fetch needs duplex for a streamed body.
    duplex: hasBody ? "half" : undefined,
  });
}

/** Sends a Web Response through Fastify. */
export async function sendWebResponse(reply: FastifyReply, response: Response): Promise<void> {
  reply.status(response.status);
  for (const [key, value] of response.headers) {
    if (key === "set-cookie") continue;
    reply.header(key, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header("set-cookie", cookies);
  if (!response.body) {
    await reply.send();
    return;
  }
  await reply.send(Readable.fromWeb(response.body as import("node:stream/web").ReadableStream));
}
