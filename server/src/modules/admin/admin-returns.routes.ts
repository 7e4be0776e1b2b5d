import { numericIdParamsSchema, orderIdParamsSchema } from "@mcf/contracts/admin";
import { errorResponseSchema } from "@mcf/contracts/errors";
import {
  adminReturnListSchema,
  adminReturnSchema,
  returnApprovalSchema,
  returnDecisionSchema,
  returnReceiptSchema,
  returnRefundSchema,
} from "@mcf/contracts/returns";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { staffActor } from "../../plugins/admin-auth.ts";
import {
  approveReturn,
  declineReturn,
  getAdminOrder,
  listOrderReturns,
  type RefundIssuer,
  receiveReturn,
  refundReturn,
} from "../orders/orders.service.ts";
import { adminErrorResponses } from "./admin-error-responses.ts";

const stepResponses = {
  200: adminReturnSchema,
  409: errorResponseSchema,
  ...adminErrorResponses,
};

/**
 * Returns of an order, step by step: approve (instructions emailed), receive per line (restocked
 * or written off), refund (through the payment provider), or decline.
 */
export const adminReturnRoutes: FastifyPluginAsyncZod<{ refunds: RefundIssuer }> = async (
  app,
  { refunds },
) => {
  const db = app.database.db;
  const publicUrl = app.config.publicUrl;
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
        summary: "Approve a return and email the customer how to send the boxes back (once)",
        params: numericIdParamsSchema,
        body: returnApprovalSchema,
        response: stepResponses,
      },
    },
    async (request) =>
      approveReturn(db, request.params.id, request.body, { publicUrl }, staffActor(request)),
  );
  app.post(
    "/api/admin/returns/:id/receive",
    {
      schema: {
        tags: ["admin"],
        summary: "Record the boxes that came back, per line: restocked or written off (once)",
        params: numericIdParamsSchema,
        body: returnReceiptSchema,
        response: stepResponses,
      },
    },
    async (request) => receiveReturn(db, request.params.id, request.body, staffActor(request)),
  );
  app.post(
    "/api/admin/returns/:id/refund",
    {
      schema: {
        tags: ["admin"],
        summary:
          "Refund a received return through the payment provider (once); before receipt with a reason",
        params: numericIdParamsSchema,
        body: returnRefundSchema.nullish(),
        response: stepResponses,
      },
    },
    async (request) =>
      refundReturn(
        db,
        request.params.id,
        refunds,
        { before_receipt_reason: request.body?.before_receipt_reason ?? null, publicUrl },
        staffActor(request),
      ),
  );
  app.post(
    "/api/admin/returns/:id/decline",
    {
      schema: {
        tags: ["admin"],
        summary: "Decline a return before its boxes come back (no refund, no stock)",
        params: numericIdParamsSchema,
        body: returnDecisionSchema.nullish(),
        response: stepResponses,
      },
    },
    async (request) =>
      declineReturn(db, request.params.id, request.body?.staff_note ?? null, staffActor(request)),
  );
};
