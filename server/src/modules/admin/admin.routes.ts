import {
  adminOrderListQuerySchema,
  adminOrderListSchema,
  adminOrderSchema,
  auditListSchema,
  auditQuerySchema,
  orderActionResponseSchema,
  orderIdParamsSchema,
  orderStatusUpdateSchema,
  pingResponseSchema,
  shippingUpdateSchema,
} from "@mcf/contracts/admin";
import { errorResponseSchema } from "@mcf/contracts/errors";
import type { FastifyInstance } from "fastify";
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { requireAdmin } from "../../plugins/admin-auth.ts";
import { listAudit } from "../audit/audit.service.ts";
import type { RefundIssuer } from "../orders/orders.service.ts";
import {
  getAdminOrder,
  listAdminOrders,
  resendConfirmation,
  saveShipping,
  sendShippedEmail,
  setStatusByStaff,
} from "../orders/orders.service.ts";
import { adminClaimRoutes } from "./admin-claims.routes.ts";
import { adminCouponRoutes } from "./admin-coupons.routes.ts";
import { adminDashboardRoutes } from "./admin-dashboard.routes.ts";
import { adminErrorResponses } from "./admin-error-responses.ts";
import { adminInboxRoutes } from "./admin-inbox.routes.ts";
import { adminJobRoutes } from "./admin-jobs.routes.ts";
import { adminOutboxRoutes } from "./admin-outbox.routes.ts";
import { adminProductRoutes } from "./admin-products.routes.ts";
import { adminReturnRoutes } from "./admin-returns.routes.ts";
import { adminSampleRoutes } from "./admin-samples.routes.ts";

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
        summary:
          "Save carrier, tracking or PRO number, shipped time, delivery appointment and the note to the customer",
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

/** Every /api/admin route, behind the one admin password. */
export const adminRoutes: FastifyPluginAsyncZod<{ refunds: RefundIssuer }> = async (
  app,
  { refunds },
) => {
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
    await scope.register(adminProductRoutes);
    await scope.register(adminCouponRoutes);
    await scope.register(adminInboxRoutes);
    await scope.register(adminClaimRoutes);
    await scope.register(adminReturnRoutes, { refunds });
    await scope.register(adminOutboxRoutes);
    await scope.register(adminJobRoutes);
    await scope.register(adminDashboardRoutes);
    await scope.register(adminSampleRoutes);
  });
};
