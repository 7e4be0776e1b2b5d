import Stripe from "stripe";
import type { Config } from "../../config.ts";
import type { OrderItemRow, OrderRow } from "../orders/orders.service.ts";
import { orderDelivery } from "../orders/orders.service.ts";
import { type PaymentProvider, paymentExpiresAt } from "./payment-provider.ts";

type StripeConfig = NonNullable<Config["stripe"]>;

/** One Stripe client per configuration; the host/port/protocol override exists for tests only. */
function createStripeClient(config: StripeConfig): Stripe {
  return new Stripe(config.secretKey, {
    maxNetworkRetries: 2,
    timeout: 10_000,
    ...(config.apiHost ? { host: config.apiHost } : {}),
    ...(config.apiPort ? { port: config.apiPort } : {}),
    ...(config.apiProtocol ? { protocol: config.apiProtocol } : {}),
  });
}

/** Stripe Checkout: a hosted session per order; fulfilment arrives on the signed webhook. */
export function createStripeProvider(config: StripeConfig): PaymentProvider {
  const stripe = createStripeClient(config);
  return {
    name: "stripe",
    async createSession(
      order: OrderRow,
      items: OrderItemRow[],
      storeUrl: string,
      backPath = "/cart?step=checkout",
    ) {
      // Stripe wants at least 30 minutes; a minute more covers the time to reach it.
      const expiresAt = paymentExpiresAt(new Date(), 1);
      const discountCents = order.discount_amount_cents;
      const coupon =
        discountCents > 0
          ? await stripe.coupons.create(
              {
                amount_off: discountCents,
                currency: "usd",
                duration: "once",
                max_redemptions: 1,
                name: order.coupon_code ?? "Discount",
              },
              { idempotencyKey: `coupon:${order.id}` },
            )
          : null;
      const installation = order.purpose === "installation";
      // An installation's deposit or balance is paid as itself: its materials ride on the order at
      // $0 only to hold their boxes, and must not read on the card page as flooring being bought.
      const charged = installation ? items.filter((item) => item.total_price_cents > 0) : items;
      // A sample line is charged as one amount: its first samples may be free.
      const lineItems: Stripe.Checkout.SessionCreateParams.LineItem[] = charged.map((item) =>
        item.kind === "sample"
          ? {
              quantity: 1,
              price_data: {
                currency: "usd",
                unit_amount: item.total_price_cents,
                product_data: { name: `Samples: ${item.product_name} × ${item.quantity}` },
              },
            }
          : {
              quantity: item.quantity,
              price_data: {
                currency: "usd",
                unit_amount: item.unit_price_cents,
                product_data: { name: item.product_name },
              },
            },
      );
      const taxCents = order.tax_amount_cents;
      if (taxCents > 0)
        lineItems.push({
          quantity: 1,
          price_data: {
            currency: "usd",
            unit_amount: taxCents,
            product_data: { name: "Sales tax" },
          },
        });
      const session = await stripe.checkout.sessions.create(
        {
          mode: "payment",
          line_items: lineItems,
          customer_email: order.customer_email,
          client_reference_id: order.id,
          success_url: `${storeUrl}/success?session_id={CHECKOUT_SESSION_ID}`,
          // "Back" leads where the payment started: the checkout, or an installation job's page.
          cancel_url: `${storeUrl}${backPath}`,
          expires_at: Math.floor(expiresAt.getTime() / 1000),
          metadata: { order_id: order.id, friendly_order_id: order.friendly_order_id },
          payment_intent_data: {
            metadata: { order_id: order.id, friendly_order_id: order.friendly_order_id },
          },
          // Nothing ships with an installation payment: the crew brings the materials.
          ...(installation
            ? {}
            : {
                shipping_options: [
                  {
                    shipping_rate_data: {
                      type: "fixed_amount" as const,
                      display_name: orderDelivery(order).label,
                      fixed_amount: { amount: order.shipping_cost_cents, currency: "usd" },
                    },
                  },
                ],
              }),
          ...(coupon ? { discounts: [{ coupon: coupon.id }] } : {}),
        },
        { idempotencyKey: `checkout-session:${order.id}` },
      );
      if (!session.url) throw new Error("Stripe returned a session without a URL");
      return { id: session.id, url: session.url, expiresAt };
    },
    async isSessionPaid(sessionId: string) {
      const session = await stripe.checkout.sessions.retrieve(sessionId);
      return session.payment_status === "paid" || session.payment_status === "no_payment_required";
    },
    async refund(order: OrderRow, amountCents: number, idempotencyKey: string) {
      if (!order.payment_session_id) throw new Error("the order has no payment session to refund");
      const session = await stripe.checkout.sessions.retrieve(order.payment_session_id);
      const paymentIntent =
        typeof session.payment_intent === "string"
          ? session.payment_intent
          : session.payment_intent?.id;
      if (!paymentIntent) throw new Error("the Checkout Session has no payment to refund");
      const refund = await stripe.refunds.create(
        { payment_intent: paymentIntent, amount: amountCents, metadata: { order_id: order.id } },
        { idempotencyKey },
      );
      return { id: refund.id };
    },
  };
}

/** A refund as the provider reports it: its id and amount (failed or cancelled ones left out). */
export interface ProviderRefund {
  id: string;
  amountCents: number;
}

/** What Stripe says of a payment: the order it paid for, what it took and what went back. */
export interface StripePaymentReader {
  /** The order a payment intent paid for (Checkout copies the order id into its metadata). */
  orderIdOfPayment(paymentIntentId: string): Promise<string | null>;
  /** The refunds of a payment intent that succeeded or are on their way. */
  refundsOfPayment(paymentIntentId: string): Promise<ProviderRefund[]>;
  /** What a Checkout Session took and gave back, in cents; charged 0 while it is unpaid. */
  sessionMoney(sessionId: string): Promise<{ chargedCents: number; refundedCents: number }>;
}

export function createStripePaymentReader(config: StripeConfig): StripePaymentReader {
  const stripe = createStripeClient(config);
  const refundsOfPayment = async (paymentIntentId: string) => {
    const refunds: ProviderRefund[] = [];
    for await (const refund of stripe.refunds.list({ payment_intent: paymentIntentId, limit: 100 }))
      if (refund.status === "succeeded" || refund.status === "pending")
        refunds.push({ id: refund.id, amountCents: refund.amount });
    return refunds;
  };
  return {
    async orderIdOfPayment(paymentIntentId) {
      const intent = await stripe.paymentIntents.retrieve(paymentIntentId);
      return intent.metadata?.order_id ?? null;
    },
    refundsOfPayment,
    async sessionMoney(sessionId) {
      const session = await stripe.checkout.sessions.retrieve(sessionId);
      const paid = session.payment_status === "paid";
      const intent =
        typeof session.payment_intent === "string"
          ? session.payment_intent
          : session.payment_intent?.id;
      const refunds = intent ? await refundsOfPayment(intent) : [];
      return {
        chargedCents: paid ? (session.amount_total ?? 0) : 0,
        refundedCents: refunds.reduce((sum, refund) => sum + refund.amountCents, 0),
      };
    },
  };
}
