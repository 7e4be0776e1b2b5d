import type { PaymentStatus } from "@mcf/contracts/orders";

/** Why an unpaid order stopped waiting for its payment, as counted. */
type FailedOutcome = Extract<PaymentStatus, "failed" | "expired" | "cancelled">;

/**
 * What the orders module tells whoever counts the store's business (the app's /metrics): each
 * call is one event that happened once, after the order's lock decided it was the first.
 */
export interface OrderMetricsHook {
  /** An order became paid (a free order too): the store has an order to fill. */
  orderPlaced(provider: string): void;
  /** A customer's payment of more than nothing was recorded. */
  paymentSucceeded(provider: string): void;
  /** An unpaid order stopped waiting for its payment: declined, expired or cancelled. */
  paymentFailed(provider: string, outcome: FailedOutcome): void;
  /** Money went back to a customer through the provider. */
  refundIssued(provider: string, amountCents: number): void;
}

const uncounted: OrderMetricsHook = {
  orderPlaced: () => {},
  paymentSucceeded: () => {},
  paymentFailed: () => {},
  refundIssued: () => {},
};

/**
 * The counters an event is told to: each app instance hands its own in (they ride with its payment
 * provider, which every flow that takes, ends or refunds a payment is given), so two apps in one
 * process never count each other's orders. None (scripts, tests of a service): not counted.
 */
export function orderMetrics(hook: OrderMetricsHook | undefined): OrderMetricsHook {
  return hook ?? uncounted;
}
