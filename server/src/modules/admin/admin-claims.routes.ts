import { inboxQuerySchema, leadUpdateSchema, numericIdParamsSchema } from "@mcf/contracts/admin";
import { adminClaimSchema, claimListSchema, claimPhotoParamsSchema } from "@mcf/contracts/claims";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { listClaims, readClaimPhoto, updateClaim } from "../claims/claims.service.ts";
import { adminErrorResponses } from "./admin-error-responses.ts";

/** The Inbox's damage and shortage claims: list, follow-up status and note, and the photos. */
export const adminClaimRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  app.get(
    "/api/admin/claims",
    {
      schema: {
        tags: ["admin"],
        summary: "Damage and shortage claims, newest first",
        querystring: inboxQuerySchema,
        response: { 200: claimListSchema, ...adminErrorResponses },
      },
    },
    async (request) => ({ claims: await listClaims(db, request.query) }),
  );
  app.patch(
    "/api/admin/claims/:id",
    {
      schema: {
        tags: ["admin"],
        summary: "Set a claim's status and/or note",
        params: numericIdParamsSchema,
        body: leadUpdateSchema,
        response: { 200: adminClaimSchema, ...adminErrorResponses },
      },
    },
    async (request) => updateClaim(db, request.params.id, request.body),
  );
  app.get(
    "/api/admin/claims/:id/photos/:index",
    {
      schema: {
        tags: ["admin"],
        summary: "One photo of a claim, as sent (its type read from its bytes)",
        params: claimPhotoParamsSchema,
        response: { 200: z.any().describe("The photo's bytes"), ...adminErrorResponses },
      },
    },
    async (request, reply) => {
      const photo = await readClaimPhoto(
        db,
        app.config.dataDir,
        request.params.id,
        request.params.index,
      );
      return reply
        .header("content-type", photo.contentType)
        .header("cache-control", "private, no-store")
        .header("x-content-type-options", "nosniff")
        .send(photo.bytes);
    },
  );
};
