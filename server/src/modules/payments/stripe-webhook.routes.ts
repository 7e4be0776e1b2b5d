import { eq } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import Stripe from "stripe";
import { paymentEvents } from "../../db/schema/payments.ts";
import { badRequest, notFound } from "../../errors.ts";
import { recordJobPayment } from "../installs/installs.service.ts";
import {
  cancelUnpaid,
  markPaid,
  type RefundIssuer,
  recordProviderRefunds,
} from "../orders/orders.service.ts";
import { createStripePaymentReader } from "./stripe-provider.ts";

/**
 * `POST /api/payments/webhook`: Stripe's signed events. Registered in its own scope whose only
 * body parser keeps the raw bytes, because the signature is computed over them.
 * Idempotent per event (payment_events) and per session (markPaid locks the order). `refunds` is
 * the store's payment provider, which gives back an installation payment that came too late.
 */
export const stripeWebhookRoutes: FastifyPluginAsync<{ refunds: RefundIssuer }> = async (
  app,
  { refunds },
) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => done(null, body));

  const stripeConfig = app.config.stripe;
  const db = app.database.db;
  const publicUrl = app.config.publicUrl;
  const reader = stripeConfig ? createStripePaymentReader(stripeConfig) : null;

  async function handle(event: Stripe.Event): Promise<void> {
    switch (event.type) {
      case "checkout.session.completed":
      case "checkout.session.async_payment_succeeded": {
        const session = event.data.object;
        if (session.payment_status === "unpaid") return; // a delayed method: wait for its outcome
        const result = await markPaid(db, session.id, { publicUrl, metrics: refunds.metrics });
        if (!result) app.log.warn({ eventId: event.id }, "paid Stripe session matches no order");
        else {
          // A paid installation deposit or balance also records on its job (once, however often reported).
          const jobPaymentRecorded = await recordJobPayment(db, result.orderId, {
            publicUrl,
            refunds,
          });
          if (result.newlyPaid || jobPaymentRecorded) void app.jobs.mail?.runOnce();
        }
        return;
      }
      case "checkout.session.expired":
        await cancelUnpaid(db, { sessionId: event.data.object.id }, "expired", refunds.metrics);
        return;
      case "checkout.session.async_payment_failed":
        await cancelUnpaid(db, { sessionId: event.data.object.id }, "failed", refunds.metrics);
        return;
      case "charge.refunded": {
        // A refund made in Stripe's dashboard reaches the ledger here; one made by this server is
        // already in it (same refund id), so nothing is recorded or emailed twice.
        const charge = event.data.object;
        const intent =
          typeof charge.payment_intent === "string"
            ? charge.payment_intent
            : charge.payment_intent?.id;
        if (!intent || !reader) return;
        const orderId = charge.metadata?.order_id ?? (await reader.orderIdOfPayment(intent));
        if (!orderId) {
          app.log.warn({ eventId: event.id }, "refunded Stripe charge matches no order");
          return;
        }
        const recorded = await recordProviderRefunds(
          db,
          orderId,
          await reader.refundsOfPayment(intent),
          { publicUrl },
        );
        if (recorded > 0) void app.jobs.mail?.runOnce();
        return;
      }
      default:
        return;
    }
  }

  app.post(
    "/api/payments/webhook",
    { schema: { tags: ["payments"], summary: "Stripe webhook (signed)" } },
    async (request) => {
      if (!stripeConfig) throw notFound("Stripe is not configured");
      const signature = request.headers["stripe-signature"];
      const body = request.body;
      if (typeof signature !== "string" || !Buffer.isBuffer(body))
        throw badRequest("Missing Stripe signature");
      let event: Stripe.Event;
      try {
        // Checking the signature is local work: it needs the signing secret, not an API client.
        event = Stripe.webhooks.constructEvent(body, signature, stripeConfig.webhookSecret);
      } catch {
        throw badRequest("Invalid Stripe signature");
      }
      const [seen] = await db
        .select({ id: paymentEvents.id })
        .from(paymentEvents)
        .where(eq(paymentEvents.id, event.id));
      if (seen) return { received: true, duplicate: true };
      // Handling is idempotent per session, so a duplicate racing past the check above is harmless;
      // the event is recorded only after it was handled, so a failure is retried by Stripe.
      await handle(event);
      await db
        .insert(paymentEvents)
        .values({ id: event.id, type: event.type })
        .onConflictDoNothing();
      return { received: true, duplicate: false };
    },
  );
};
