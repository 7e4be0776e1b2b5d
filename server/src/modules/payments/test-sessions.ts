import { toDollars } from "@mcf/contracts/money";
import type { TestPaymentSession } from "@mcf/contracts/orders";
import type { Db } from "../../db/client.ts";
import { notFound } from "../../errors.ts";
import { jobPagePath } from "../installs/installs.service.ts";
import type { OrderRow } from "../orders/orders.service.ts";
import {
  findOrderBySessionId,
  getOrderWithItems,
  orderDelivery,
  orderPayments,
} from "../orders/orders.service.ts";

export const testCards = {
  pays: "4242424242424242",
  declined: "4000000000000002",
} as const;

/** What the test page shows of its session, from the order. */
export function testSessionStatus(order: OrderRow, now = new Date()): TestPaymentSession["status"] {
  if (order.payment_status === "paid") return "paid";
  if (order.payment_status === "failed") return "failed";
  if (order.payment_status === "cancelled") return "cancelled";
  if (order.payment_status === "expired" || order.payment_expires_at <= now) return "expired";
  return "open";
}

/**
 * The order behind a built-in test payment session. 404 for unknown ids and whenever Stripe is
 * configured: the test page must never mark an order paid in live mode.
 */
export async function findTestSessionOrder(
  db: Db,
  sessionId: string,
  stripeConfigured: boolean,
): Promise<OrderRow> {
  const order = stripeConfigured ? null : await findOrderBySessionId(db, sessionId);
  if (order?.payment_provider !== "test") throw notFound("Payment session not found");
  return order;
}

/**
 * Where leaving the payment page leads: a purchase back to its checkout, an installation payment
 * to its job's page.
 */
export async function paymentBackPath(db: Db, order: OrderRow): Promise<string> {
  const jobPage =
    order.purpose === "installation" ? await jobPagePath(db, order.install_job_id) : null;
  return jobPage ?? "/cart?step=checkout";
}

/** The session as the test page shows it: the lines and every amount that makes up the charge. */
export async function describeTestSession(db: Db, order: OrderRow): Promise<TestPaymentSession> {
  const found = await getOrderWithItems(db, order.id);
  return {
    id: order.payment_session_id ?? "",
    friendly_order_id: order.friendly_order_id,
    amount: toDollars(order.total_amount_cents),
    currency: "usd",
    status: testSessionStatus(order),
    expires_at: order.payment_expires_at.toISOString(),
    customer_email: order.customer_email,
    purpose: order.purpose,
    back_url: await paymentBackPath(db, order),
    items: (found?.items ?? []).map((item) => ({
      product_name: item.product_name,
      quantity: item.quantity,
      total_price: toDollars(item.total_price_cents),
      kind: item.kind,
      selling_unit: item.selling_unit,
    })),
    subtotal: toDollars(order.subtotal_cents),
    coupon_code: order.coupon_code,
    discount: toDollars(order.discount_amount_cents),
    shipping: toDollars(order.shipping_cost_cents),
    shipping_label: orderDelivery(order).label,
    tax: toDollars(order.tax_amount_cents),
    refunds: (await orderPayments(db, order.id))
      .filter((payment) => payment.kind === "refund")
      .map((payment) => ({
        amount: payment.amount,
        refund_id: payment.provider_id,
        created_at: payment.created_at,
      })),
  };
}
