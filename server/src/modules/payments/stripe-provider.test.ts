import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeStripe, fakeStripeSecrets, startFakeStripe } from "../../../test/fake-stripe.ts";
import type { OrderItemRow, OrderRow } from "../orders/orders.service.ts";
import { createStripeProvider } from "./stripe-provider.ts";

/** The fields of an order the Checkout Session is built from; the rest does not matter here. */
function orderOf(overrides: Partial<OrderRow>): OrderRow {
  return {
    id: "00000000-0000-4000-8000-0000000000a1",
    friendly_order_id: "MCF-TEST-1",
    purpose: "goods",
    customer_email: "checkout.lines@example.com",
    discount_amount_cents: 0,
    coupon_code: null,
    tax_amount_cents: 0,
    shipping_cost_cents: 0,
    delivery_method: "freight",
    pallets_needed: 1,
    ...overrides,
  } as OrderRow;
}

function lineOf(overrides: Partial<OrderItemRow>): OrderItemRow {
  return { kind: "product", quantity: 1, ...overrides } as OrderItemRow;
}

describe("Stripe Checkout Sessions: what the customer reads on Stripe's page", () => {
  let stripe: FakeStripe;
  beforeAll(async () => {
    stripe = await startFakeStripe();
  });
  afterAll(() => stripe.close());

  const provider = () =>
    createStripeProvider({
      ...fakeStripeSecrets,
      apiHost: "127.0.0.1",
      apiPort: stripe.port,
      apiProtocol: "http",
    });
  const sessionFormOf = (orderId: string) =>
    stripe.requests.find(
      (r) => r.path === "/v1/checkout/sessions" && r.form["metadata[order_id]"] === orderId,
    )?.form ?? {};

  it("charges an installation deposit as the job's deposit, with no shipping rate and no flooring line", async () => {
    const order = orderOf({
      id: "00000000-0000-4000-8000-0000000000b2",
      purpose: "installation",
      subtotal_cents: 51_000,
      total_amount_cents: 51_000,
    });
    await provider().createSession(
      order,
      [
        lineOf({
          product_id: null,
          product_name: "Installation deposit - job #12 (30% of estimate version 1)",
          unit_price_cents: 51_000,
          total_price_cents: 51_000,
        }),
        // The materials ride on the deposit order at $0 to hold their boxes.
        lineOf({
          product_id: 7,
          product_name: "Oak Natural (for your installation)",
          quantity: 10,
          unit_price_cents: 0,
          total_price_cents: 0,
        }),
      ],
      "http://store.test",
    );
    const form = sessionFormOf(order.id);
    expect(form).toMatchObject({
      "line_items[0][quantity]": "1",
      "line_items[0][price_data][unit_amount]": "51000",
      "line_items[0][price_data][product_data][name]":
        "Installation deposit - job #12 (30% of estimate version 1)",
    });
    expect(Object.keys(form).filter((key) => key.startsWith("line_items[1]"))).toEqual([]);
    expect(Object.keys(form).filter((key) => key.startsWith("shipping_options"))).toEqual([]);
  });

  it("charges a flooring order's boxes with its delivery as the shipping rate", async () => {
    const order = orderOf({
      id: "00000000-0000-4000-8000-0000000000c3",
      subtotal_cents: 20_000,
      shipping_cost_cents: 7_500,
      total_amount_cents: 27_500,
    });
    await provider().createSession(
      order,
      [
        lineOf({
          product_id: 7,
          product_name: "Oak Natural",
          quantity: 4,
          unit_price_cents: 5_000,
          total_price_cents: 20_000,
        }),
      ],
      "http://store.test",
    );
    const form = sessionFormOf(order.id);
    expect(form).toMatchObject({
      "line_items[0][quantity]": "4",
      "line_items[0][price_data][product_data][name]": "Oak Natural",
      "shipping_options[0][shipping_rate_data][fixed_amount][amount]": "7500",
    });
    expect(form["shipping_options[0][shipping_rate_data][display_name]"]).toBeTruthy();
  });

  it("sends the back button of an installation payment to the job's page, and of a purchase to the checkout", async () => {
    const deposit = orderOf({
      id: "00000000-0000-4000-8000-0000000000d4",
      purpose: "installation",
      subtotal_cents: 51_000,
      total_amount_cents: 51_000,
    });
    const line = lineOf({
      product_id: null,
      product_name: "Installation deposit - job #12 (30% of estimate version 1)",
      unit_price_cents: 51_000,
      total_price_cents: 51_000,
    });
    await provider().createSession(
      deposit,
      [line],
      "http://store.test",
      "/installation/jobs/tok_abc123",
    );
    expect(sessionFormOf(deposit.id)).toMatchObject({
      cancel_url: "http://store.test/installation/jobs/tok_abc123",
      success_url: "http://store.test/success?session_id={CHECKOUT_SESSION_ID}",
    });

    const purchase = orderOf({
      id: "00000000-0000-4000-8000-0000000000e5",
      subtotal_cents: 5_000,
      total_amount_cents: 5_000,
    });
    await provider().createSession(
      purchase,
      [
        lineOf({
          product_id: 7,
          product_name: "Oak Natural",
          unit_price_cents: 5_000,
          total_price_cents: 5_000,
        }),
      ],
      "http://store.test",
    );
    expect(sessionFormOf(purchase.id).cancel_url).toBe("http://store.test/cart?step=checkout");
  });
});
