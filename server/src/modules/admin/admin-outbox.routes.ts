import {
  numericIdParamsSchema,
  outboxListSchema,
  outboxMessageDetailSchema,
  outboxMessageSchema,
  outboxQuerySchema,
} from "@mcf/contracts/admin";
import { errorResponseSchema } from "@mcf/contracts/errors";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { getOutboxMessage, listOutbox, retryOutboxMessage } from "../../mail/outbox.ts";
import { adminErrorResponses } from "./admin-error-responses.ts";

/** The mail outbox: what is queued, sent and failed, and a retry for failures. */
export const adminOutboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  app.get(
    "/api/admin/outbox",
    {
      schema: {
        tags: ["admin"],
        summary: "Outbox messages, newest first, with counts by status",
        querystring: outboxQuerySchema,
        response: { 200: outboxListSchema, ...adminErrorResponses },
      },
    },
    async (request) => listOutbox(db, request.query),
  );
  app.get(
    "/api/admin/outbox/:id",
    {
      schema: {
        tags: ["admin"],
        summary: "One message as it was sent: its plain-text body and attachments",
        params: numericIdParamsSchema,
        response: {
          200: outboxMessageDetailSchema,
          ...adminErrorResponses,
        },
      },
    },
    async (request) => getOutboxMessage(db, request.params.id),
  );
  app.post(
    "/api/admin/outbox/:id/retry",
    {
      schema: {
        tags: ["admin"],
        summary: "Queue a failed message again, to be tried now",
        params: numericIdParamsSchema,
        response: { 200: outboxMessageSchema, 409: errorResponseSchema, ...adminErrorResponses },
      },
    },
    async (request) => {
      const message = await retryOutboxMessage(db, request.params.id);
      void app.jobs.mail?.runOnce();
      return message;
    },
  );
};
