import { errorResponseSchema } from "@mcf/contracts/errors";
import {
  purchaseOrderCreateSchema,
  purchaseOrderIdParamsSchema,
  purchaseOrderListQuerySchema,
  purchaseOrderListSchema,
  purchaseOrderSchema,
  purchaseReceiptSchema,
} from "@mcf/contracts/purchasing";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { staffActor } from "../../plugins/admin-auth.ts";
import {
  cancelPurchaseOrder,
  createPurchaseOrder,
  getPurchaseOrder,
  listPurchaseOrders,
  receivePurchaseOrder,
} from "../purchasing/purchasing.service.ts";
import { adminErrorResponses } from "./admin-error-responses.ts";

/** Purchase orders to suppliers: list, create, read, cancel, and receive their boxes. */
export const adminPurchaseOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  app.get(
    "/api/admin/purchase-orders",
    {
      schema: {
        tags: ["admin"],
        summary: "Purchase orders, newest first (optionally one status)",
        querystring: purchaseOrderListQuerySchema,
        response: { 200: purchaseOrderListSchema, ...adminErrorResponses },
      },
    },
    async (request) => ({ purchase_orders: await listPurchaseOrders(db, request.query) }),
  );
  app.post(
    "/api/admin/purchase-orders",
    {
      schema: {
        tags: ["admin"],
        summary: "Create an open purchase order: vendor, expected date, lines with cost per box",
        body: purchaseOrderCreateSchema,
        response: { 201: purchaseOrderSchema, ...adminErrorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createPurchaseOrder(db, request.body, staffActor(request))),
  );
  app.get(
    "/api/admin/purchase-orders/:id",
    {
      schema: {
        tags: ["admin"],
        summary: "One purchase order with its lines",
        params: purchaseOrderIdParamsSchema,
        response: { 200: purchaseOrderSchema, ...adminErrorResponses },
      },
    },
    async (request) => getPurchaseOrder(db, request.params.id),
  );
  app.post(
    "/api/admin/purchase-orders/:id/cancel",
    {
      schema: {
        tags: ["admin"],
        summary: "Cancel a purchase order whose boxes are still to come",
        params: purchaseOrderIdParamsSchema,
        response: { 200: purchaseOrderSchema, 409: errorResponseSchema, ...adminErrorResponses },
      },
    },
    async (request) => cancelPurchaseOrder(db, request.params.id, staffActor(request)),
  );
  app.post(
    "/api/admin/purchase-orders/:id/receipts",
    {
      schema: {
        tags: ["admin"],
        summary:
          "Receive boxes, in full or in part, with their dye lot: on hand up, one received ledger row per line",
        params: purchaseOrderIdParamsSchema,
        body: purchaseReceiptSchema,
        response: { 200: purchaseOrderSchema, 409: errorResponseSchema, ...adminErrorResponses },
      },
    },
    async (request) =>
      receivePurchaseOrder(db, request.params.id, request.body, staffActor(request), {
        publicUrl: app.config.publicUrl,
      }),
  );
};
