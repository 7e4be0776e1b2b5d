// What staff and customers read about a refund, without zod, for browser code too.

import { formatUsd } from "./money.ts";

/** Where a refund goes, from the provider that took the payment ("test" or "stripe"). */
export function refundDestination(provider: string): string {
  return provider === "test"
    ? "the test card used at checkout (test mode: no real money moves)"
    : "the card the order was paid with";
}

/** The order facts the back office reads before a status change (dollars). */
export interface MoneyOfOrder {
  status: string;
  payment_provider: string;
  balance?: number;
  refundable?: number;
}

/**
 * What a status change will do to the order's money, said before staff confirm it, or null when
 * it moves none: cancelling refunds what the customer paid and emails them; shipping or
 * delivering an unpaid order leaves its balance due.
 */
export function statusConsequence(order: MoneyOfOrder, next: string): string | null {
  if (next === order.status) return null;
  const refundable = order.refundable ?? 0;
  const balance = order.balance ?? 0;
  const shipped = order.status === "shipped" || order.status === "delivered";
  if (next === "cancelled" && refundable > 0)
    return `${shipped ? `This order was already ${order.status}. ` : ""}This cancels the order, refunds ${formatUsd(refundable)} to ${refundDestination(order.payment_provider)} and emails the customer.`;
  if ((next === "shipped" || next === "delivered") && balance > 0)
    return `This order is not paid: marking it ${next} leaves ${formatUsd(balance)} due from the customer.`;
  return null;
}
