import { errorResponseSchema } from "@mcf/contracts/errors";
import {
  orderConfirmationSchema,
  orderLookupLimit,
  orderLookupNotFoundMessage,
  orderLookupRequestSchema,
  orderLookupResultSchema,
  sendOrderEmailRequestSchema,
  sendOrderEmailResultSchema,
  sessionLookupParamsSchema,
  trackingNotFoundMessage,
  trackingParamsSchema,
  trackingResultSchema,
} from "@mcf/contracts/orders";
import { returnOptionsSchema, returnRequestSchema, returnViewSchema } from "@mcf/contracts/returns";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { OrderRow } from "../../db/schema/orders.ts";
import { conflict, notFound } from "../../errors.ts";
import { assertSameOrigin } from "../../http/same-origin.ts";
import { storeIdentity } from "../../mail/store-identity.ts";
import { recordJobPayment } from "../installs/installs.service.ts";
import { queueOrderConfirmation } from "./order-emails.ts";
import type { RefundIssuer } from "./order-payments.ts";
import { toOrderConfirmation } from "./order-views.ts";
import { findOrder, getOrderWithItems } from "./orders.repository.ts";
import {
  getTrackingResult,
  lookUpTrackingToken,
  markPaid,
  requestReturn,
  returnOptions,
} from "./orders.service.ts";

const sessionNotFound = "We could not find an order for this payment session.";

/**
 * What the order pages need of the payment provider (the app builds it once and passes it in):
 * whether a session not yet reported here was paid (the built-in test page always answers no,
 * since it reports payment itself), and the refund of an installation payment that came too late.
 */
export interface PaymentLookup extends RefundIssuer {
  isSessionPaid(sessionId: string): Promise<boolean>;
}

export const orderRoutes: FastifyPluginAsyncZod<{ payments: PaymentLookup }> = async (
  app,
  { payments },
) => {
  const db = app.database.db;
  const publicUrl = app.config.publicUrl;
  // The restocking fee and the return window are business numbers the owner sets in Settings.
  const returnTerms = async () => {
    const numbers = (await app.settings.read()).business_numbers;
    return {
      restockingFeePercent: numbers.restocking_fee_percent,
      windowDays: numbers.return_window_days,
    };
  };
  const limitLookups = app.createRateLimit({
    max: orderLookupLimit.max,
    timeWindow: orderLookupLimit.windowMinutes * 60_000,
    keyGenerator: (request) => `order-lookup:${request.ip}`,
  });

  /**
   * The order of a payment session. A payment the provider's webhook has not reported yet is
   * asked of the provider and marked paid here (the same exactly-once markPaid), also for an order
   * that stopped waiting meanwhile: a customer who paid on the hosted page after the order was
   * cancelled (an installation job cancelled by staff) was charged, and that must be handled.
   */
  async function orderForSession(sessionId: string, log: typeof app.log): Promise<OrderRow | null> {
    const order = await findOrder(db, { sessionId });
    if (!order || order.payment_status === "paid" || order.payment_provider !== payments.name)
      return order;
    try {
      if (!(await payments.isSessionPaid(sessionId))) return order;
    } catch (error) {
      log.warn(
        { err: error },
        "could not ask the payment provider about a session; showing the stored order",
      );
      return order;
    }
    const result = await markPaid(db, sessionId, { publicUrl, metrics: payments.metrics });
    // A paid installation deposit or balance also records on its job (once, however often reported).
    const jobPaymentRecorded = result
      ? await recordJobPayment(db, result.orderId, { publicUrl, refunds: payments })
      : false;
    if (result?.newlyPaid || jobPaymentRecorded) void app.jobs.mail?.runOnce();
    return findOrder(db, { sessionId });
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
      return toOrderConfirmation(found.order, found.items, publicUrl);
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
        order = await findOrder(db, { orderId: order_id });
      } else if (sessionId) {
        order = await orderForSession(sessionId, request.log);
      }
      if (!order) throw notFound("Order not found");
      if (order.payment_status !== "paid")
        throw conflict("This order has not been paid yet, so there is no confirmation to send.");
      const queued = await queueOrderConfirmation(db, order.id, { publicUrl });
      if (queued) void app.jobs.mail?.runOnce();
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
      const tracked = await getTrackingResult(db, request.params.token);
      if (!tracked) throw notFound(trackingNotFoundMessage);
      return tracked;
    },
  );

  app.post(
    "/api/track/lookup",
    {
      schema: {
        tags: ["orders"],
        summary: "Find an order's tracking page by its order number and email (rate-limited)",
        body: orderLookupRequestSchema,
        response: {
          200: orderLookupResultSchema,
          404: errorResponseSchema,
          422: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const limit = await limitLookups(request);
      if (!limit.isAllowed && limit.isExceeded)
        return reply.status(429).send({
          detail: `Too many order lookups from your network. Please try again in ${orderLookupLimit.windowMinutes} minutes or call us at ${storeIdentity().phone}.`,
        });
      const { order_number, email } = request.body;
      const token = await lookUpTrackingToken(db, order_number, email);
      if (!token) throw notFound(orderLookupNotFoundMessage);
      return { tracking_path: `/track/${token}` };
    },
  );

  app.get(
    "/api/track/:token/returns",
    {
      schema: {
        tags: ["orders"],
        summary: "What of the order can be returned, until when, and the returns asked for",
        params: trackingParamsSchema,
        response: { 200: returnOptionsSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return returnOptions(db, request.params.token, await returnTerms());
    },
  );

  app.post(
    "/api/track/:token/returns",
    {
      schema: {
        tags: ["orders"],
        summary:
          "Ask to send back unopened boxes (within the return window; closeouts are final sale)",
        params: trackingParamsSchema,
        body: returnRequestSchema,
        response: {
          201: returnViewSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
          422: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
      config: { rateLimit: { max: 10, timeWindow: "1 hour" } },
    },
    async (request, reply) => {
      assertSameOrigin(
        request,
        publicUrl,
        "Returns can only be asked for from the order's own tracking page.",
      );
      const view = await requestReturn(db, request.params.token, request.body, await returnTerms());
      return reply.status(201).send(view);
    },
  );
};
