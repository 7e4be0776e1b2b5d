import type { Config } from "../../config.ts";

export { deleteExpiredIdempotencyKeys } from "./idempotency-keys.ts";
export { createStripePaymentReader } from "./stripe-provider.ts";

import type { PaymentProvider } from "./payment-provider.ts";
import { createStripeProvider } from "./stripe-provider.ts";
import { createTestProvider } from "./test-provider.ts";

/** Stripe Checkout when STRIPE_SECRET_KEY is set, else the built-in test payment page. */
export function createPaymentProvider(config: Config): PaymentProvider {
  return config.stripe ? createStripeProvider(config.stripe) : createTestProvider();
}
