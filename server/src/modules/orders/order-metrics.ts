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

const ignore: OrderMetricsHook = {
  orderPlaced: () => {},
  paymentSucceeded: () => {},
  paymentFailed: () => {},
  refundIssued: () => {},
};

let hook: OrderMetricsHook = ignore;

/**
 * The app hands its counters in once at start; until then (scripts, most tests) events are not
 * counted. One hook per process, like the counters it feeds.
 */
export function setOrderMetrics(next: OrderMetricsHook | null): void {
  hook = next ?? ignore;
}

/** The hook events are told to. */
export function orderMetrics(): OrderMetricsHook {
  return hook;
}
