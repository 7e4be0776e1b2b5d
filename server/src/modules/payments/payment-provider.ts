import type { OrderItemRow, OrderMetricsHook, OrderRow } from "../orders/orders.service.ts";

export { paymentExpiresAt } from "../orders/orders.service.ts";

export interface CreatedPaymentSession {
  /** Stored as the order's payment_session_id. */
  id: string;
  /** Where the browser goes to pay. */
  url: string;
  expiresAt: Date;
}

/** What every payment provider does; both complete through the orders module's `markPaid`. */
export interface PaymentProvider {
  readonly name: "test" | "stripe";
  /**
   * The counters of the app this provider belongs to: payments, failures and refunds through it
   * are counted there (none: not counted).
   */
  readonly metrics?: OrderMetricsHook;
  /**
   * Opens a hosted payment session for a pending order; `storeUrl` is the absolute base the
   * shopper returns to (success, back to checkout). `backPath` is the store page the page's
   * "back" leads to: the cart's checkout step unless given (an installation job's page).
   */
  createSession(
    order: OrderRow,
    items: OrderItemRow[],
    storeUrl: string,
    backPath?: string,
  ): Promise<CreatedPaymentSession>;
  /** Asks the provider whether a session not yet fulfilled here has been paid. */
  isSessionPaid(sessionId: string): Promise<boolean>;
  /**
   * Refunds `amountCents` of a paid order's payment; the same idempotency key never refunds
   * twice. Returns the provider's refund id.
   */
  refund(order: OrderRow, amountCents: number, idempotencyKey: string): Promise<{ id: string }>;
}
