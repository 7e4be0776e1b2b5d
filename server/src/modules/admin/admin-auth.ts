import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { unauthorized } from "../../errors.ts";

const digest = (value: string) => createHash("sha256").update(value).digest();

/** Compares the given password with the configured one in constant time. */
export function adminPasswordMatches(given: string | undefined, expected: string): boolean {
  return timingSafeEqual(digest(given ?? ""), digest(expected)) && given !== undefined;
}

/**
 * Registers the admin check on every route of the scope it is called in: the `admin-password`
 * header must match ADMIN_PASSWORD, else 401 {"detail": "Invalid password"}. Ten wrong passwords
 * from one address within 15 minutes answer 429 until the window passes.
 */
export async function requireAdmin(scope: FastifyInstance): Promise<void> {
  const failures = new Map<string, { count: number; resetAt: number }>();
  const maxFailures = 10;
  const windowMs = 15 * 60_000;
  scope.addHook("onRequest", async (request: FastifyRequest, reply) => {
    const now = Date.now();
    const key = request.ip;
    const entry = failures.get(key);
    if (entry && entry.resetAt < now) failures.delete(key);
    const current = failures.get(key);
    if (current && current.count >= maxFailures) {
      reply.header("retry-after", String(Math.ceil((current.resetAt - now) / 1000)));
      return reply
        .status(429)
        .send({ detail: "Too many failed sign-in attempts. Please wait and try again." });
    }
    const header = request.headers["admin-password"];
    const given = Array.isArray(header) ? header[0] : header;
    if (!adminPasswordMatches(given, scope.config.adminPassword)) {
      const next = current ?? { count: 0, resetAt: now + windowMs };
      next.count += 1;
      failures.set(key, next);
      throw unauthorized("Invalid password");
    }
  });
}
