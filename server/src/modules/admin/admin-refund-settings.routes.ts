import { refundPermissionsSchema } from "@mcf/contracts/order-money";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { staffActor } from "../../plugins/admin-auth.ts";
import { listRefundPermissions, saveRefundPermissions } from "../orders/orders.service.ts";
import { adminErrorResponses } from "./admin-error-responses.ts";

/** Who may give refunds, and how much at once (in the owner-only "settings" area). */
export const adminRefundSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/admin/settings/refunds",
    {
      schema: {
        tags: ["admin"],
        summary: "Which staff roles may give refunds, and the most one refund may be",
        response: { 200: refundPermissionsSchema, ...adminErrorResponses },
      },
    },
    async () => ({ roles: await listRefundPermissions(app.database.db) }),
  );
  app.put(
    "/api/admin/settings/refunds",
    {
      schema: {
        tags: ["admin"],
        summary: "Save which staff roles may give refunds, and up to what amount (audited)",
        body: refundPermissionsSchema,
        response: { 200: refundPermissionsSchema, ...adminErrorResponses },
      },
    },
    async (request) => ({
      roles: await saveRefundPermissions(app.database.db, request.body.roles, staffActor(request)),
    }),
  );
};
