import {
  adminOrderListQuerySchema,
  adminOrderListSchema,
  adminOrderSchema,
  auditListSchema,
  auditQuerySchema,
  orderActionResponseSchema,
  orderIdParamsSchema,
  orderItemParamsSchema,
  orderStatusUpdateSchema,
  pingResponseSchema,
  shippingUpdateSchema,
} from "@mcf/contracts/admin";
import { errorResponseSchema } from "@mcf/contracts/errors";
import { orderLineLotChoicesSchema, orderLineLotUpdateSchema } from "@mcf/contracts/lots";
import {
  cancelLinesRequestSchema,
  cancelLinesResultSchema,
  refundAllowanceSchema,
} from "@mcf/contracts/order-money";
import { staffForbiddenMessage } from "@mcf/contracts/staff";
import type { FastifyInstance } from "fastify";
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { forbidden } from "../../errors.ts";
import { allowArea, requireAdmin, staffActor, staffRole } from "../../plugins/admin-auth.ts";
import { listAudit } from "../audit/audit.service.ts";
import type { RefundIssuer } from "../orders/orders.service.ts";
import {
  cancelOrderLines,
  chooseLineLot,
  getAdminOrder,
  getLineLotChoices,
  listAdminOrders,
  refundAllowanceOf,
  resendConfirmation,
  saveShipping,
  sendShippedEmail,
  setStatusByStaff,
} from "../orders/orders.service.ts";
import { roleMayOpen } from "../staff/staff.service.ts";
import { adminClaimRoutes } from "./admin-claims.routes.ts";
import { adminCouponRoutes } from "./admin-coupons.routes.ts";
import { adminDashboardRoutes } from "./admin-dashboard.routes.ts";
import { adminErrorResponses, orderActionResponses } from "./admin-error-responses.ts";
import { adminExportRoutes } from "./admin-exports.routes.ts";
import { adminFulfillmentRoutes } from "./admin-fulfillment.routes.ts";
import { adminInboxRoutes } from "./admin-inbox.routes.ts";
import { adminJobRoutes } from "./admin-jobs.routes.ts";
import { adminOutboxRoutes } from "./admin-outbox.routes.ts";
import { adminProductRoutes } from "./admin-products.routes.ts";
import { adminPurchaseOrderRoutes } from "./admin-purchase-orders.routes.ts";
import { adminReconciliationRoutes } from "./admin-reconciliation.routes.ts";
import { adminRefundSettingsRoutes } from "./admin-refund-settings.routes.ts";
import { adminReturnRoutes } from "./admin-returns.routes.ts";
import { adminReviewRoutes } from "./admin-reviews.routes.ts";
import { adminSampleRoutes } from "./admin-samples.routes.ts";
import { adminSettingsRoutes } from "./admin-settings.routes.ts";
import { adminStockRoutes } from "./admin-stock.routes.ts";

/** Delivers queued mail now instead of at the next poll (staff are watching the screen). */
function deliverSoon(app: FastifyInstance) {
  void app.jobs.mail?.runOnce();
}

const orderRoutes: FastifyPluginAsyncZod<{ refunds: RefundIssuer }> = async (app, { refunds }) => {
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
        summary:
          "Set the status; shipped + send_email sends the shipped email; cancelling a paid order refunds it and emails the customer",
        params: orderIdParamsSchema,
        body: orderStatusUpdateSchema,
        response: { ...orderActionResponses, 503: errorResponseSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      const emailQueued = await setStatusByStaff(db, id, request.body.status, {
        actor: staffActor(request),
        sendEmail: request.body.send_email,
        publicUrl,
        role: staffRole(request),
        refunds,
      });
      if (emailQueued) deliverSoon(app);
      return { order: await getAdminOrder(db, id), email_queued: emailQueued };
    },
  );

  app.post(
    "/api/admin/orders/:id/cancel-lines",
    {
      schema: {
        tags: ["admin"],
        summary:
          "Cancel boxes of some lines of a paid order before it ships, refunding their share (or preview the refund)",
        description:
          "Refunds each line's price less its share of the discount plus its share of the tax, prorated to the cent; the delivery only when no box is left (the order then becomes cancelled). Releases the boxes, emails the customer, audits the staff member. 409 for a shipped order, a line already cancelled or more boxes than remain; 403 beyond the staff member's refund limit.",
        params: orderIdParamsSchema,
        body: cancelLinesRequestSchema,
        response: {
          200: cancelLinesResultSchema,
          409: errorResponseSchema,
          503: errorResponseSchema,
          ...adminErrorResponses,
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const quote = await cancelOrderLines(db, id, request.body, {
        actor: staffActor(request),
        role: staffRole(request),
        refunds,
        publicUrl,
      });
      if (!request.body.preview && quote.refund > 0) deliverSoon(app);
      return { ...quote, order: await getAdminOrder(db, id) };
    },
  );

  app.get(
    "/api/admin/orders/refund-allowance",
    {
      schema: {
        tags: ["admin"],
        summary: "Whether the signed-in staff member may give refunds, and up to what amount",
        response: { 200: refundAllowanceSchema, ...adminErrorResponses },
      },
    },
    async (request) => refundAllowanceOf(db, staffRole(request)),
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
        response: orderActionResponses,
      },
    },
    async (request) => {
      const { id } = request.params;
      const emailQueued = await saveShipping(db, id, request.body, {
        publicUrl,
        actor: staffActor(request),
      });
      if (emailQueued) deliverSoon(app);
      return { order: await getAdminOrder(db, id), email_queued: emailQueued };
    },
  );

  app.get(
    "/api/admin/orders/:id/items/:itemId/lots",
    {
      schema: {
        tags: ["admin"],
        summary: "The dye lots a box line may come from, with the boxes each has left",
        params: orderItemParamsSchema,
        response: {
          200: orderLineLotChoicesSchema,
          409: errorResponseSchema,
          ...adminErrorResponses,
        },
      },
    },
    async (request) => getLineLotChoices(db, request.params.id, request.params.itemId),
  );

  app.put(
    "/api/admin/orders/:id/items/:itemId/lot",
    {
      schema: {
        tags: ["admin"],
        summary:
          "Take all of a box line's boxes from this dye lot of its product (prices unchanged)",
        description:
          "The line's boxes go back into the lots they came from and all come from the chosen lot. 409 when the lot cannot give the whole line, is of another product, or the order shipped or no longer holds its boxes.",
        params: orderItemParamsSchema,
        body: orderLineLotUpdateSchema,
        response: orderActionResponses,
      },
    },
    async (request) => {
      const { id, itemId } = request.params;
      await chooseLineLot(db, id, itemId, request.body.lot_id, staffActor(request));
      return { order: await getAdminOrder(db, id), email_queued: false };
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
      const emailQueued = await resendConfirmation(db, id, {
        publicUrl,
        actor: staffActor(request),
      });
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
      const emailQueued = await sendShippedEmail(db, id, { publicUrl, actor: staffActor(request) });
      deliverSoon(app);
      return { order: await getAdminOrder(db, id), email_queued: emailQueued };
    },
  );
};

/** The back-office area each kind of audited record belongs to (who may read its history). */
const auditAreaOf: Record<string, string> = {
  order: "orders",
  job: "jobs",
  inquiry: "inbox",
  contact_message: "inbox",
  product: "products",
  purchase_order: "products",
  coupon: "coupons",
  partner: "partners",
  staff: "staff",
  settings: "settings",
};

/** Registers `routes` in a scope that only the roles which may open `area` can call. */
function inArea(area: string, routes: FastifyPluginAsyncZod): FastifyPluginAsyncZod {
  return async (scope) => {
    allowArea(scope, area);
    await scope.register(routes);
  };
}

/**
 * Every /api/admin route, behind the admin password header or a staff session; each group of
 * routes is open to the roles of its area (the owner opens every area).
 */
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
          summary:
            "The audit log, newest first; the whole log for the owner, one record's history for the roles of its area",
          querystring: auditQuerySchema,
          response: { 200: auditListSchema, ...adminErrorResponses },
        },
      },
      async (request) => {
        // One record's history shows in its area's screens (an order's in Orders); the whole
        // log is the owner's.
        const { entity_type: type, entity_id: id } = request.query;
        const area = type && id ? (auditAreaOf[type] ?? "audit") : "audit";
        if (!request.staff || !roleMayOpen(request.staff.role, area))
          throw forbidden(staffForbiddenMessage);
        return { entries: await listAudit(scope.database.db, request.query) };
      },
    );
    await scope.register(
      inArea("orders", async (orders) => orders.register(orderRoutes, { refunds })),
    );
    await scope.register(inArea("products", adminProductRoutes));
    await scope.register(inArea("products", adminStockRoutes));
    await scope.register(inArea("products", adminPurchaseOrderRoutes));
    await scope.register(inArea("coupons", adminCouponRoutes));
    await scope.register(inArea("inbox", adminInboxRoutes));
    await scope.register(inArea("inbox", adminClaimRoutes));
    await scope.register(inArea("inbox", adminReviewRoutes));
    await scope.register(
      inArea("orders", async (orders) => orders.register(adminReturnRoutes, { refunds })),
    );
    await scope.register(inArea("orders", adminFulfillmentRoutes));
    await scope.register(inArea("outbox", adminOutboxRoutes));
    await scope.register(
      inArea("jobs", async (jobs) => jobs.register(adminJobRoutes, { refunds })),
    );
    await scope.register(inArea("dashboard", adminDashboardRoutes));
    await scope.register(inArea("dashboard", adminExportRoutes));
    await scope.register(inArea("dashboard", adminReconciliationRoutes));
    await scope.register(inArea("samples", adminSampleRoutes));
    // No role but the owner's opens "settings".
    await scope.register(inArea("settings", adminSettingsRoutes));
    await scope.register(inArea("settings", adminRefundSettingsRoutes));
  });
};
