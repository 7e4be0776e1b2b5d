import {
  orderConfirmationSchema,
  sendOrderEmailRequestSchema,
  sendOrderEmailResultSchema,
  sessionLookupParamsSchema,
  trackingNotFoundMessage,
  trackingParamsSchema,
  trackingResultSchema,
} from "@mcf/contracts/orders";
import { eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { orders } from "../../db/schema/index.ts";
import { conflict, notFound } from "../../errors.ts";
import { createPaymentProvider } from "../payments/create-payment-provider.ts";
import { fulfilPaidOrder } from "../payments/fulfilment.ts";
import { queueOrderConfirmation } from "./order-emails.ts";
import {
  findOrderBySessionId,
  getOrderWithItems,
  type OrderRow,
  toOrderConfirmation,
  toTrackingResult,
} from "./order-reads.ts";

const sessionNotFound = "We could not find an order for this payment session.";

export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const publicUrl = app.config.publicUrl;
  const provider = createPaymentProvider(app.config);

  /**
   * The order of a payment session. A Stripe payment the webhook has not reported yet is asked
   * of Stripe and fulfilled here (the same exactly-once fulfilment).
   */
  async function orderForSession(sessionId: string, log: typeof app.log): Promise<OrderRow | null> {
    const order = await findOrderBySessionId(db, sessionId);
    if (order?.payment_status !== "unpaid" || order.payment_provider !== provider.name)
      return order;
    if (provider.name !== "stripe") return order;
    try {
      if (!(await provider.isSessionPaid(sessionId))) return order;
    } catch (error) {
      log.warn({ err: error }, "could not ask Stripe about a session; showing the stored order");
      return order;
    }
    const result = await fulfilPaidOrder(db, sessionId, { publicUrl });
    if (result?.newlyPaid) void app.mailWorker?.runOnce();
    return findOrderBySessionId(db, sessionId);
  }

  app.get(
    "/api/orders/by-session/:session_id",
    {
      schema: {
        tags: ["orders"],
        summary: "The order of a payment session (success page)",
        params: sessionLookupParamsSchema,
        response: { 200: orderConfirmationSchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const order = await orderForSession(request.params.session_id, request.log);
      const found = order ? await getOrderWithItems(db, order.id) : null;
      if (!found) throw notFound(sessionNotFound);
      return toOrderConfirmation(found, publicUrl);
    },
  );

  app.post(
    "/api/send-order-email",
    {
      schema: {
        tags: ["orders"],
        summary: "Make sure a paid order's confirmation was sent (never sends a second one)",
        body: sendOrderEmailRequestSchema,
        response: { 200: sendOrderEmailResultSchema },
      },
      config: { rateLimit: { max: 20, timeWindow: "1 minute" } },
    },
    async (request) => {
      const { order_id, session_id, stripe_session_id } = request.body;
      const sessionId = session_id ?? stripe_session_id;
      let order: OrderRow | null = null;
      if (order_id) {
        [order = null] = await db.select().from(orders).where(eq(orders.id, order_id)).limit(1);
      } else if (sessionId) {
        order = await orderForSession(sessionId, request.log);
      }
      if (!order) throw notFound("Order not found");
      if (order.payment_status !== "paid")
        throw conflict("This order has not been paid yet, so there is no confirmation to send.");
      const queued = await queueOrderConfirmation(db, order.id, { publicUrl });
      if (queued) void app.mailWorker?.runOnce();
      return {
        detail: queued
          ? "The order confirmation is on its way."
          : "The order confirmation was already sent.",
        queued,
      };
    },
  );

  app.get(
    "/api/track/:token",
    {
      schema: {
        tags: ["orders"],
        summary: "Order tracking by the secret token of the tracking link",
        params: trackingParamsSchema,
        response: { 200: trackingResultSchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const [order] = await db
        .select()
        .from(orders)
        .where(eq(orders.tracking_token, request.params.token))
        .limit(1);
      if (!order) throw notFound(trackingNotFoundMessage);
      return toTrackingResult(order);
    },
  );
};
