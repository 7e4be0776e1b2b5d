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
  /** Part shipments already made: an order still processing may have sent some of its boxes. */
  shipments?: readonly { lines: readonly { boxes: number }[] }[];
}

/**
 * What a status change will do to the order's money, said before staff confirm it, or null when
 * it moves none: cancelling refunds what the customer paid and emails them (boxes that already
 * left included); shipping, delivering or reopening an unpaid order leaves its balance due.
 */
export function statusConsequence(order: MoneyOfOrder, next: string): string | null {
  if (next === order.status) return null;
  const refundable = order.refundable ?? 0;
  const balance = order.balance ?? 0;
  const shipped = order.status === "shipped" || order.status === "delivered";
  const shippedBoxes = (order.shipments ?? [])
    .flatMap((shipment) => shipment.lines)
    .reduce((sum, line) => sum + line.boxes, 0);
  if (next === "cancelled" && refundable > 0) {
    const before = shipped
      ? `This order was already ${order.status}. `
      : shippedBoxes > 0
        ? `${shippedBoxes} ${shippedBoxes === 1 ? "box" : "boxes"} of this order already shipped, and the refund covers ${shippedBoxes === 1 ? "it" : "them"} too. `
        : "";
    return `${before}This cancels the order, refunds ${formatUsd(refundable)} to ${refundDestination(order.payment_provider)} and emails the customer.`;
  }
  if ((next === "shipped" || next === "delivered") && balance > 0)
    return `This order is not paid: marking it ${next} leaves ${formatUsd(balance)} due from the customer.`;
  if (order.status === "cancelled" && balance > 0)
    return `Nothing is paid on this order: reopening it holds its boxes again and leaves ${formatUsd(balance)} due from the customer.`;
  return null;
}
