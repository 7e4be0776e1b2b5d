import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { AppError } from "../errors.ts";
import { validationErrorBody } from "../http/validation-error.ts";

/** Seconds a client is told to wait when the database cannot answer (API and pages alike). */
export const unavailableRetryAfterSeconds = 5;

/** Connection-level failures that mean the database is unreachable, not that the code is wrong. */
const unavailableCodes = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "ENOTFOUND",
  "57P01",
  "57P03",
  "08006",
  "08001",
  "08003",
]);

export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const e = current as { code?: string; message?: string; cause?: unknown };
    if (e.code && unavailableCodes.has(e.code)) return true;
    if (
      e.message &&
      /Connection terminated|connection timeout|timeout exceeded when trying to connect|not queryable/i.test(
        e.message,
      )
    )
      return true;
    current = e.cause;
  }
  return false;
}

/** One place turns errors into `{detail}` answers; bugs are logged and answered generically. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({ ...error.fields, detail: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext ?? "body";
      // The provider joins each path into a JSON pointer ("/lines/0/quantity"): a position in a
      // list comes back as a number, as the request had it (no input object has numeric keys).
      const issues = error.validation.map((issue) => ({
        path: String(issue.instancePath ?? "")
          .split("/")
          .filter(Boolean)
          .map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment)),
        message: issue.message,
      }));
      return reply.status(422).send(validationErrorBody(where, issues));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, "database unavailable");
      return reply
        .status(503)
        .header("retry-after", String(unavailableRetryAfterSeconds))
        .send({ detail: "The store is temporarily unavailable. Please try again in a moment." });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply
        .status(429)
        .send({ detail: "Too many requests. Please wait a moment and try again." });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: bad JSON, wrong content type, body too large.
      const detail =
        error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE"
          ? "Unsupported content type"
          : error.code === "FST_ERR_CTP_BODY_TOO_LARGE"
            ? "Request body is too large"
            : error.code === "FST_ERR_CTP_EMPTY_JSON_BODY"
              ? "Request body is empty"
              : status === 400
                ? "Malformed request"
                : error.message;
      return reply.status(status === 415 ? 415 : status).send({ detail });
    }
    request.log.error({ err: error }, "unhandled error");
    return reply.status(500).send({ detail: "Internal server error" });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ detail: `Not found: ${request.method} ${request.url.split("?")[0]}` });
  });
}
