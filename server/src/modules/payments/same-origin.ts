import type { FastifyRequest } from "fastify";
import { forbidden } from "../../errors.ts";

function originOf(value: string): string | null {
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

/**
 * Refuses a browser call made from another site: when the request carries Origin (or, failing
 * that, Referer), it must be the store's own origin (PUBLIC_URL or the Host it was sent to).
 */
export function assertSameOrigin(request: FastifyRequest, publicUrl: string): void {
  const header = request.headers.origin ?? request.headers.referer;
  if (!header) return;
  const allowed = new Set([originOf(publicUrl), originOf(`${request.protocol}://${request.host}`)]);
  const origin = originOf(header);
  if (!origin || !allowed.has(origin))
    throw forbidden("This payment page only accepts requests from the store itself.");
}
