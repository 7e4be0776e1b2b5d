import type { Config } from "../../config.ts";
import type { OrderMetricsHook } from "../orders/orders.service.ts";

export { deleteExpiredIdempotencyKeys } from "./idempotency-keys.ts";
export { createStripePaymentReader } from "./stripe-provider.ts";

import type { PaymentProvider } from "./payment-provider.ts";
import { createStripeProvider } from "./stripe-provider.ts";
import { createTestProvider } from "./test-provider.ts";

/**
 * Stripe Checkout when STRIPE_SECRET_KEY is set, else the built-in test payment page; what goes
 * through it is counted in `metrics` (the app's own counters).
 */
export function createPaymentProvider(config: Config, metrics?: OrderMetricsHook): PaymentProvider {
  const provider = config.stripe ? createStripeProvider(config.stripe) : createTestProvider();
  return { ...provider, metrics };
}
