import { randomBytes } from "node:crypto";
import { type PaymentProvider, paymentSessionMinutes } from "./payment-provider.ts";

/** A built-in test payment session id: 160 random bits, so it cannot be guessed either. */
function newTestSessionId(): string {
  return `test_${randomBytes(20).toString("base64url")}`;
}

/**
 * The built-in test payment page at `/pay/{id}`. The page itself reports payment
 * through `POST /api/payments/test-sessions/{id}/pay`, so there is nothing to ask afterwards.
 */
export function createTestProvider(): PaymentProvider {
  return {
    name: "test",
    async createSession(_order, _items, storeUrl) {
      const id = newTestSessionId();
      return {
        id,
        url: `${storeUrl}/pay/${id}`,
        expiresAt: new Date(Date.now() + paymentSessionMinutes * 60_000),
      };
    },
    async isSessionPaid() {
      return false;
    },
  };
}
