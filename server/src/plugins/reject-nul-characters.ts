import { notCsvReason } from "@mcf/contracts/csv-file";
import type { FastifyInstance } from "fastify";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * The body field that carries a CSV file's text: a binary file sent there (a photo chosen by
     * mistake) is refused with 422 and what it looks like, before the generic NUL refusal.
     */
    csvField?: string;
  }
}

/** Why the route's CSV field holds no CSV (see `csvField`), or null. */
function csvFieldRefusal(csvField: string | undefined, body: unknown): string | null {
  if (!csvField || body === null || typeof body !== "object") return null;
  const text = (body as Record<string, unknown>)[csvField];
  return typeof text === "string" ? notCsvReason(text) : null;
}

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
    const notCsv = csvFieldRefusal(request.routeOptions.config.csvField, request.body);
    if (notCsv) return reply.status(422).send({ detail: notCsv });
    if (/%00/i.test(request.url) || request.url.includes("\u0000") || holdsNul(request.body)) {
      return reply
        .status(400)
        .send({ detail: "The request contains a NUL character, which is not allowed." });
    }
  });
}
