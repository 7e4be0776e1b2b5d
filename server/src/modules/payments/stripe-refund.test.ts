import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeStripe, fakeStripeSecrets, startFakeStripe } from "../../../test/fake-stripe.ts";
import { createStripeProvider } from "./stripe-provider.ts";

describe("returns with Stripe: the refund goes to the Checkout Session's payment", () => {
  let stripe: FakeStripe;
  beforeAll(async () => {
    stripe = await startFakeStripe();
  });
  afterAll(() => stripe.close());

  it("refunds the amount on the session's payment intent, with the return's idempotency key", async () => {
    const provider = createStripeProvider({
      ...fakeStripeSecrets,
      apiHost: "127.0.0.1",
      apiPort: stripe.port,
      apiProtocol: "http",
    });
    stripe.sessions.set("cs_test_refund", {
      id: "cs_test_refund",
      object: "checkout.session",
      payment_status: "paid",
      payment_intent: "pi_test_123",
    });
    const order = {
      id: "00000000-0000-4000-8000-000000000001",
      payment_session_id: "cs_test_refund",
    };
    const refund = await provider.refund(order as never, 4321, "return-refund:7");
    expect(refund.id).toMatch(/^re_/);
    const call = stripe.requests.find((r) => r.path === "/v1/refunds");
    expect(call).toMatchObject({
      form: { payment_intent: "pi_test_123", amount: "4321" },
      idempotencyKey: "return-refund:7",
    });
  });
});
