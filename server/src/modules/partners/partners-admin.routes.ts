import {
  adminPartnerListSchema,
  adminPartnerSchema,
  partnerIdParamsSchema,
} from "@mcf/contracts/partners";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { allowArea, requireAdmin, staffActor } from "../../plugins/admin-auth.ts";
import { approvePartner, disablePartner, listPartnersForAdmin } from "./partners-admin.service.ts";

/** The admin Partners tab (the owner's): list accounts, approve, disable (ends their sessions). */
export const partnerAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  await requireAdmin(app);
  allowArea(app, "partners");
  const db = app.database.db;

  app.get(
    "/api/admin/partners",
    {
      schema: {
        tags: ["admin"],
        summary: "Every partner account with its status and paid order count",
        response: { 200: adminPartnerListSchema },
      },
    },
    async (_request, reply) => {
      reply.header("cache-control", "no-store");
      return { partners: await listPartnersForAdmin(db) };
    },
  );

  app.post(
    "/api/admin/partners/:id/approve",
    {
      schema: {
        tags: ["admin"],
        summary: "Approve a partner account (or re-enable a disabled one)",
        params: partnerIdParamsSchema,
        response: { 200: adminPartnerSchema },
      },
    },
    async (request) => {
      const partner = await approvePartner(db, request.params.id, staffActor(request));
      request.log.info({ partnerId: partner.id }, "partner approved");
      return partner;
    },
  );

  app.post(
    "/api/admin/partners/:id/disable",
    {
      schema: {
        tags: ["admin"],
        summary: "Disable a partner account and end its sessions",
        params: partnerIdParamsSchema,
        response: { 200: adminPartnerSchema },
      },
    },
    async (request) => {
      const partner = await disablePartner(db, request.params.id, staffActor(request));
      request.log.info({ partnerId: partner.id }, "partner disabled");
      return partner;
    },
  );
};
