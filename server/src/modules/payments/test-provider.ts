import { createHash, randomBytes } from "node:crypto";
import { type PaymentProvider, paymentExpiresAt } from "./payment-provider.ts";

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
        expiresAt: paymentExpiresAt(),
      };
    },
    async isSessionPaid() {
      return false;
    },
    /**
     * Nothing to call: the refund is recorded where the caller keeps it (the return's
     * refund_id and the audit log), under an id the same key always gives.
     */
    async refund(_order, _amountCents, idempotencyKey) {
      const digest = createHash("sha256").update(idempotencyKey).digest("base64url");
      return { id: `test_re_${digest.slice(0, 24)}` };
    },
  };
}
