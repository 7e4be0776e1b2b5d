import {
  adminOrderListQuerySchema,
  adminOrderListSchema,
  adminOrderSchema,
  adminProductListQuerySchema,
  adminProductListSchema,
  auditListSchema,
  auditQuerySchema,
  orderActionResponseSchema,
  orderIdParamsSchema,
  orderStatusUpdateSchema,
  pingResponseSchema,
  productCreateSchema,
  productImportRequestSchema,
  productImportResultSchema,
  productPatchSchema,
  shippingUpdateSchema,
} from "@mcf/contracts/admin";
import { errorResponseSchema } from "@mcf/contracts/errors";
import { adminProductSchema, productIdParamsSchema } from "@mcf/contracts/product";
import type { FastifyInstance } from "fastify";
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  getAdminOrder,
  listAdminOrders,
  resendConfirmation,
  saveShipping,
  sendShippedEmail,
  setStatusByStaff,
} from "../orders/orders.service.ts";
import { requireAdmin } from "./admin-auth.ts";
import { adminCouponRoutes } from "./admin-coupons.routes.ts";
import { adminErrorResponses } from "./admin-error-responses.ts";
import { adminInboxRoutes } from "./admin-inbox.routes.ts";
import { adminOutboxRoutes } from "./admin-outbox.routes.ts";
import {
  createAdminProduct,
  deleteAdminProduct,
  getAdminProduct,
  listAdminProducts,
  updateAdminProduct,
} from "./admin-products.service.ts";
import { listAudit } from "./audit.ts";
import { importProductsCsv, productsToCsv } from "./product-csv.ts";

/** Delivers queued mail now instead of at the next poll (staff are watching the screen). */
function deliverSoon(app: FastifyInstance) {
  void app.jobs.mail?.runOnce();
}

const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const publicUrl = app.config.publicUrl;

  app.get(
    "/api/admin/orders",
    {
      schema: {
        tags: ["admin"],
        summary: "Orders, newest first (cancelled hidden unless asked for)",
        querystring: adminOrderListQuerySchema,
        response: { 200: adminOrderListSchema, ...adminErrorResponses },
      },
    },
    async (request) => ({ orders: await listAdminOrders(db, request.query) }),
  );

  app.get(
    "/api/admin/orders/:id",
    {
      schema: {
        tags: ["admin"],
        summary: "One order with its items",
        params: orderIdParamsSchema,
        response: { 200: adminOrderSchema, ...adminErrorResponses },
      },
    },
    async (request) => getAdminOrder(db, request.params.id),
  );

  app.patch(
    "/api/admin/orders/:id/status",
    {
      schema: {
        tags: ["admin"],
        summary: "Set the status; shipped + send_email sends the shipped email",
        params: orderIdParamsSchema,
        body: orderStatusUpdateSchema,
        response: { 200: orderActionResponseSchema, ...adminErrorResponses },
      },
    },
    async (request) => {
      const { id } = request.params;
      const emailQueued = await setStatusByStaff(db, id, request.body.status, {
        sendEmail: request.body.send_email,
        publicUrl,
      });
      if (emailQueued) deliverSoon(app);
      return { order: await getAdminOrder(db, id), email_queued: emailQueued };
    },
  );

  app.post(
    "/api/admin/orders/:id/shipping",
    {
      schema: {
        tags: ["admin"],
        summary: "Save carrier, tracking number, shipped time and notes",
        params: orderIdParamsSchema,
        body: shippingUpdateSchema,
        response: {
          200: orderActionResponseSchema,
          409: errorResponseSchema,
          ...adminErrorResponses,
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const emailQueued = await saveShipping(db, id, request.body, { publicUrl });
      if (emailQueued) deliverSoon(app);
      return { order: await getAdminOrder(db, id), email_queued: emailQueued };
    },
  );

  app.post(
    "/api/admin/orders/:id/resend-confirmation",
    {
      schema: {
        tags: ["admin"],
        summary: "Send the order confirmation again (always sends)",
        params: orderIdParamsSchema,
        response: { 200: orderActionResponseSchema, ...adminErrorResponses },
      },
    },
    async (request) => {
      const { id } = request.params;
      const emailQueued = await resendConfirmation(db, id, { publicUrl });
      deliverSoon(app);
      return { order: await getAdminOrder(db, id), email_queued: emailQueued };
    },
  );

  app.post(
    "/api/admin/orders/:id/send-shipped-email",
    {
      schema: {
        tags: ["admin"],
        summary: "Send the shipped email with the tracking details on file",
        params: orderIdParamsSchema,
        response: { 200: orderActionResponseSchema, ...adminErrorResponses },
      },
    },
    async (request) => {
      const { id } = request.params;
      const emailQueued = await sendShippedEmail(db, id, { publicUrl });
      deliverSoon(app);
      return { order: await getAdminOrder(db, id), email_queued: emailQueued };
    },
  );
};

const productRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    "/api/admin/products",
    {
      schema: {
        tags: ["admin"],
        summary: "Products by name, with partner prices",
        querystring: adminProductListQuerySchema,
        response: { 200: adminProductListSchema, ...adminErrorResponses },
      },
    },
    async (request) => ({ products: await listAdminProducts(db, request.query) }),
  );

  app.get(
    "/api/admin/products/export.csv",
    {
      schema: {
        tags: ["admin"],
        summary: "The catalogue (or a search of it) as CSV, every field",
        querystring: z.object({ search: z.string().trim().max(200).optional() }),
        produces: ["text/csv"],
        response: { 200: z.string(), ...adminErrorResponses },
      },
    },
    async (request, reply) => {
      const list = await listAdminProducts(db, {
        limit: 1_000_000,
        offset: 0,
        search: request.query.search,
      });
      const stamp = new Date().toISOString().slice(0, 10);
      reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="products-${stamp}.csv"`)
        .header("cache-control", "no-store");
      return productsToCsv(list);
    },
  );

  app.post(
    "/api/admin/products/import",
    {
      bodyLimit: 6 * 1024 * 1024,
      schema: {
        tags: ["admin"],
        summary: "Import a catalogue CSV: dry run, or apply all rows in one transaction",
        body: productImportRequestSchema,
        response: {
          200: productImportResultSchema,
          409: errorResponseSchema,
          ...adminErrorResponses,
        },
      },
    },
    async (request) => importProductsCsv(db, request.body.csv, request.body.dry_run),
  );

  app.get(
    "/api/admin/products/:id",
    {
      schema: {
        tags: ["admin"],
        summary: "One product",
        params: productIdParamsSchema,
        response: { 200: adminProductSchema, ...adminErrorResponses },
      },
    },
    async (request) => getAdminProduct(db, request.params.id),
  );

  app.post(
    "/api/admin/products",
    {
      schema: {
        tags: ["admin"],
        summary: "Create a product (price_per_box is derived, never accepted)",
        body: productCreateSchema,
        response: { 201: adminProductSchema, 409: errorResponseSchema, ...adminErrorResponses },
      },
    },
    async (request, reply) => reply.status(201).send(await createAdminProduct(db, request.body)),
  );

  app.patch(
    "/api/admin/products/:id",
    {
      schema: {
        tags: ["admin"],
        summary: "Change some fields; returns the updated product",
        params: productIdParamsSchema,
        body: productPatchSchema,
        response: { 200: adminProductSchema, 409: errorResponseSchema, ...adminErrorResponses },
      },
    },
    async (request) => updateAdminProduct(db, request.params.id, request.body, "patch"),
  );

  app.put(
    "/api/admin/products/:id",
    {
      schema: {
        tags: ["admin"],
        summary: "Replace every field (missing fields are cleared)",
        params: productIdParamsSchema,
        body: productCreateSchema,
        response: { 200: adminProductSchema, 409: errorResponseSchema, ...adminErrorResponses },
      },
    },
    async (request) => updateAdminProduct(db, request.params.id, request.body, "replace"),
  );

  app.delete(
    "/api/admin/products/:id",
    {
      schema: {
        tags: ["admin"],
        summary: "Delete a product (past orders keep their copy of it)",
        params: productIdParamsSchema,
        response: { 204: z.null(), ...adminErrorResponses },
      },
    },
    async (request, reply) => {
      await deleteAdminProduct(db, request.params.id);
      return reply.status(204).send(null);
    },
  );
};

/** Every /api/admin route, behind the one admin password. */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(async (scope) => {
    await requireAdmin(scope);
    const typed = scope.withTypeProvider<ZodTypeProvider>();
    typed.get(
      "/api/admin/ping",
      {
        schema: {
          tags: ["admin"],
          summary: "Checks the admin password",
          response: { 200: pingResponseSchema, ...adminErrorResponses },
        },
      },
      async () => ({ ok: true as const }),
    );
    typed.get(
      "/api/admin/audit",
      {
        schema: {
          tags: ["admin"],
          summary: "The audit log, newest first",
          querystring: auditQuerySchema,
          response: { 200: auditListSchema, ...adminErrorResponses },
        },
      },
      async (request) => ({ entries: await listAudit(scope.database.db, request.query) }),
    );
    await scope.register(orderRoutes);
    await scope.register(productRoutes);
    await scope.register(adminCouponRoutes);
    await scope.register(adminInboxRoutes);
    await scope.register(adminOutboxRoutes);
  });
};
