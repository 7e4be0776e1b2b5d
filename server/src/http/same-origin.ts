import type { FastifyRequest } from "fastify";
import { forbidden } from "../errors.ts";

function originOf(value: string): string | null {
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

/**
 * True unless the request says it comes from another site: when it carries Origin (or, failing
 * that, Referer), that must be the store's own origin (PUBLIC_URL or the Host it was sent to). A
 * request with neither is allowed, as privacy tools strip both; an unreadable one ("null") is not.
 */
export function isSameOrigin(request: FastifyRequest, publicUrl: string): boolean {
  const header = request.headers.origin ?? request.headers.referer;
  if (!header) return true;
  const origin = originOf(header);
  const allowed = [originOf(publicUrl), originOf(`${request.protocol}://${request.host}`)];
  return origin !== null && allowed.includes(origin);
}

/** Throws 403 `{"detail": detail}` when the request comes from another site (see isSameOrigin). */
export function assertSameOrigin(request: FastifyRequest, publicUrl: string, detail: string): void {
  if (!isSameOrigin(request, publicUrl)) throw forbidden(detail);
}
