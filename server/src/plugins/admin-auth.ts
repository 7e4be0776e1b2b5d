import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { unauthorized } from "../errors.ts";
import { adminSecurity, documentSecurity } from "../http/openapi-document.ts";
import { memoryFailureCounter, redisFailureCounter } from "./failure-counter.ts";

const digest = (value: string) => createHash("sha256").update(value).digest();

/** Compares the given password with the configured one in constant time. */
export function adminPasswordMatches(given: string | undefined, expected: string): boolean {
  return timingSafeEqual(digest(given ?? ""), digest(expected)) && given !== undefined;
}

/**
 * Registers the admin check on every route of the scope it is called in: the `admin-password`
 * header must match ADMIN_PASSWORD, else 401 {"detail": "Invalid password"}. Ten wrong passwords
 * from one address within 15 minutes answer 429 until the window passes, counted across every
 * process when REDIS_URL is set (else in this process).
 */
export async function requireAdmin(scope: FastifyInstance): Promise<void> {
  documentSecurity(scope, adminSecurity);
  const maxFailures = 10;
  const windowMs = 15 * 60_000;
  const failures = scope.redis
    ? redisFailureCounter(scope.redis, windowMs, (error) =>
        scope.log.warn({ err: error.message }, "redis error: admin failures counted in process"),
      )
    : memoryFailureCounter(windowMs);
  scope.addHook("onRequest", async (request: FastifyRequest, reply) => {
    const key = request.ip;
    const current = await failures.current(key);
    if (current && current.count >= maxFailures) {
      reply.header(
        "retry-after",
        String(Math.max(1, Math.ceil((current.resetAt - Date.now()) / 1000))),
      );
      return reply
        .status(429)
        .send({ detail: "Too many failed sign-in attempts. Please wait and try again." });
    }
    const header = request.headers["admin-password"];
    const given = Array.isArray(header) ? header[0] : header;
    if (!adminPasswordMatches(given, scope.config.adminPassword)) {
      await failures.add(key);
      throw unauthorized("Invalid password");
    }
  });
}
