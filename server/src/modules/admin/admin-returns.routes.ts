import { numericIdParamsSchema, orderIdParamsSchema } from "@mcf/contracts/admin";
import { errorResponseSchema } from "@mcf/contracts/errors";
import {
  adminReturnListSchema,
  adminReturnSchema,
  returnDecisionSchema,
} from "@mcf/contracts/returns";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { staffActor } from "../../plugins/admin-auth.ts";
import {
  approveReturn,
  declineReturn,
  getAdminOrder,
  listOrderReturns,
  type RefundIssuer,
} from "../orders/orders.service.ts";
import { adminErrorResponses } from "./admin-error-responses.ts";

/** Returns of an order: list, approve (refund through the payment provider) or decline. */
export const adminReturnRoutes: FastifyPluginAsyncZod<{ refunds: RefundIssuer }> = async (
  app,
  { refunds },
) => {
  const db = app.database.db;
  app.get(
    "/api/admin/orders/:id/returns",
    {
      schema: {
        tags: ["admin"],
        summary: "An order's return requests, oldest first",
        params: orderIdParamsSchema,
        response: { 200: adminReturnListSchema, ...adminErrorResponses },
      },
    },
    async (request) => {
      // 404 for an unknown order, as every order route answers.
      await getAdminOrder(db, request.params.id);
      return { returns: await listOrderReturns(db, request.params.id) };
    },
  );
  app.post(
    "/api/admin/returns/:id/approve",
    {
      schema: {
        tags: ["admin"],
        summary:
          "Approve a return: refund through the payment provider, boxes back on the shelf (once)",
        params: numericIdParamsSchema,
        body: returnDecisionSchema.nullish(),
        response: { 200: adminReturnSchema, 409: errorResponseSchema, ...adminErrorResponses },
      },
    },
    async (request) =>
      approveReturn(
        db,
        request.params.id,
        refunds,
        request.body?.staff_note ?? null,
        staffActor(request),
      ),
  );
  app.post(
    "/api/admin/returns/:id/decline",
    {
      schema: {
        tags: ["admin"],
        summary: "Decline a return (no refund, no stock)",
        params: numericIdParamsSchema,
        body: returnDecisionSchema.nullish(),
        response: { 200: adminReturnSchema, 409: errorResponseSchema, ...adminErrorResponses },
      },
    },
    async (request) =>
      declineReturn(db, request.params.id, request.body?.staff_note ?? null, staffActor(request)),
  );
};
