import { errorResponseSchema } from "@mcf/contracts/errors";
import {
  paymentRedirectSchema,
  paymentRequestSchema,
  paymentSessionSchema,
  testCardPaymentSchema,
  testPaymentSessionSchema,
  testSessionParamsSchema,
} from "@mcf/contracts/orders";
import {
  paymentStartHeadersSchema,
  stockConflictResponseSchema,
} from "@mcf/contracts/payment-start";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { conflict, invalid } from "../../errors.ts";
import { optionalPartnerSecurity } from "../../http/openapi-document.ts";
import { assertSameOrigin } from "../../http/same-origin.ts";
import { storeUrlFor } from "../../http/store-url.ts";
import { storeRatesFrom } from "../cart/cart.service.ts";
import { recordJobPayment } from "../installs/installs.service.ts";
import { cancelUnpaid, markPaid } from "../orders/orders.service.ts";
import { approvedPartnerFromRequest } from "../partners/partners.service.ts";
import { startCheckout } from "./checkout.service.ts";
import type { PaymentProvider } from "./payment-provider.ts";
import {
  describeTestSession,
  findTestSessionOrder,
  paymentBackPath,
  testCards,
  testSessionStatus,
} from "./test-sessions.ts";

const crossSitePayment = "This payment page only accepts requests from the store itself.";

/** Checkout and the built-in test payment page, with the one payment provider the app built. */
export const paymentRoutes: FastifyPluginAsyncZod<{ provider: PaymentProvider }> = async (
  app,
  { provider },
) => {
  const db = app.database.db;
  const publicUrl = app.config.publicUrl;

  app.post(
    "/api/payments/process",
    {
      schema: {
        tags: ["payments"],
        security: optionalPartnerSecurity,
        summary: "Reserve stock, create the pending order and open a payment session",
        body: paymentRequestSchema,
        headers: paymentStartHeadersSchema,
        response: {
          200: paymentSessionSchema,
          409: z.union([stockConflictResponseSchema, errorResponseSchema]),
        },
      },
      config: { rateLimit: { max: 30, timeWindow: "1 minute" } },
    },
    async (request) => {
      const partner = await approvedPartnerFromRequest(db, request);
      return startCheckout(
        db,
        request.body,
        partner,
        storeRatesFrom(await app.settings.read()),
        provider,
        request.log,
        storeUrlFor(request, app.config),
        request.headers["idempotency-key"],
        app.config.publicUrl,
      );
    },
  );

  app.get(
    "/api/payments/test-sessions/:id",
    {
      schema: {
        tags: ["payments"],
        summary: "The built-in test payment page's session",
        params: testSessionParamsSchema,
        response: { 200: testPaymentSessionSchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const order = await findTestSessionOrder(db, request.params.id, Boolean(app.config.stripe));
      return describeTestSession(db, order);
    },
  );

  app.post(
    "/api/payments/test-sessions/:id/pay",
    {
      schema: {
        tags: ["payments"],
        summary: "Pay a test session: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined",
        params: testSessionParamsSchema,
        body: testCardPaymentSchema,
        response: { 200: paymentRedirectSchema, 402: errorResponseSchema },
      },
    },
    async (request, reply) => {
      assertSameOrigin(request, publicUrl, crossSitePayment);
      const sessionId = request.params.id;
      const order = await findTestSessionOrder(db, sessionId, Boolean(app.config.stripe));
      const success = { redirect_url: `/success?session_id=${encodeURIComponent(sessionId)}` };
      const status = testSessionStatus(order);
      if (status === "paid") return success;
      if (status === "expired") {
        await cancelUnpaid(db, { sessionId }, "expired", provider.metrics);
        throw conflict(
          "This payment session has expired. Please return to your cart and try again.",
        );
      }
      if (status !== "open")
        throw conflict("This payment session is closed. Please return to your cart and try again.");

      const card = request.body.card_number.replace(/\s+/g, "");
      if (card === testCards.pays) {
        const result = await markPaid(db, sessionId, { publicUrl, metrics: provider.metrics });
        // A paid installation deposit or balance also records on its job (once, however often reported).
        const jobPaymentRecorded = result
          ? await recordJobPayment(db, result.orderId, { publicUrl, refunds: provider })
          : false;
        if (result?.newlyPaid || jobPaymentRecorded) void app.jobs.mail?.runOnce();
        return success;
      }
      // Like a hosted card page, a decline leaves the session open (and the stock reserved) so the
      // shopper can try another card until the session expires or they cancel it.
      if (card === testCards.declined)
        return reply
          .status(402)
          .send({ detail: "Your card was declined. Please try another card." });
      throw invalid("Use test card 4242 4242 4242 4242");
    },
  );

  app.post(
    "/api/payments/test-sessions/:id/cancel",
    {
      schema: {
        tags: ["payments"],
        summary: "Cancel a test session: the order is cancelled and its stock returned",
        params: testSessionParamsSchema,
        response: { 200: paymentRedirectSchema },
      },
    },
    async (request) => {
      assertSameOrigin(request, publicUrl, crossSitePayment);
      const order = await findTestSessionOrder(db, request.params.id, Boolean(app.config.stripe));
      if (order.payment_status === "paid") throw conflict("This order is already paid.");
      await cancelUnpaid(db, { sessionId: request.params.id }, "cancelled", provider.metrics);
      return { redirect_url: await paymentBackPath(db, order) };
    },
  );
};
