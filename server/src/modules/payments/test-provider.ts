import { newTestSessionId } from "../orders/order-identifiers.ts";
import { type PaymentProvider, paymentSessionMinutes } from "./payment-provider.ts";

/**
 * The built-in test payment page at `/pay/{id}`. The page itself reports payment
 * through `POST /api/payments/test-sessions/{id}/pay`, so there is nothing to ask afterwards.
 */
export function createTestProvider(publicUrl: string): PaymentProvider {
  return {
    name: "test",
    async createSession() {
      const id = newTestSessionId();
      return {
        id,
        url: `${publicUrl}/pay/${id}`,
        expiresAt: new Date(Date.now() + paymentSessionMinutes * 60_000),
      };
    },
    async isSessionPaid() {
      return false;
    },
  };
}
