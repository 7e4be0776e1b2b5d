import type { FastifyInstance } from "fastify";

/** True when the value, or any string inside it, holds U+0000. Raw bodies (Buffers) are skipped. */
function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (depth > 20 || value === null || typeof value !== "object" || Buffer.isBuffer(value))
    return false;
  if (Array.isArray(value)) return value.some((item) => holdsNul(item, depth + 1));
  return Object.entries(value).some(
    ([key, item]) => key.includes("\u0000") || holdsNul(item, depth + 1),
  );
}

/**
 * PostgreSQL text cannot hold the NUL character, so a NUL in an API request's URL or body would
 * surface as a database error (500). Refuse it up front with 400 and a readable detail.
 */
export function registerNulCharacterGuard(app: FastifyInstance): void {
  app.addHook("preValidation", async (request, reply) => {
    if (!request.url.startsWith("/api/")) return;
    if (/%00/i.test(request.url) || request.url.includes("\u0000") || holdsNul(request.body)) {
      return reply
        .status(400)
        .send({ detail: "The request contains a NUL character, which is not allowed." });
    }
  });
}
