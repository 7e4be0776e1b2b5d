import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildPaymentRequest, createProduct } from "../../../test/factories.ts";
import { createTestApp, type TestApp, useStripeTestApp } from "../../../test/test-app.ts";

// PUBLIC_URL unset: the store answers on port 3000 on every address of this machine.
const withoutPublicUrl = {
  publicUrl: "http://localhost:3000",
  publicUrlIsSet: false,
  port: 3000,
  host: "0.0.0.0",
};

describe("where payment sends the shopper when PUBLIC_URL is unset", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: withoutPublicUrl });
  });
  afterAll(() => t.close());

  const startPayment = async (host: string) => {
    const product = await createProduct(t.database.db);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/payments/process",
      headers: { host },
      payload: buildPaymentRequest([{ product_id: product.id, quantity: 1 }]),
    });
    expect(res.statusCode).toBe(200);
    return res.json().url as string;
  };

  it("a shopper on 127.0.0.1 pays on 127.0.0.1, the origin that holds their cart", async () => {
    expect(await startPayment("127.0.0.1:3000")).toMatch(/^http:\/\/127\.0\.0\.1:3000\/pay\/test_/);
    expect(await startPayment("localhost:3000")).toMatch(/^http:\/\/localhost:3000\/pay\/test_/);
  });

  it("a Host this server does not answer on falls back to http://localhost:PORT", async () => {
    expect(await startPayment("evil.example:3000")).toMatch(/^http:\/\/localhost:3000\/pay\//);
    expect(await startPayment("evil.example")).toMatch(/^http:\/\/localhost:3000\/pay\//);
    expect(await startPayment("127.0.0.1:4000")).toMatch(/^http:\/\/localhost:3000\/pay\//);
  });
});

describe("with PUBLIC_URL set", () => {
  it("every payment goes to PUBLIC_URL whatever the Host", async () => {
    const t = await createTestApp();
    const product = await createProduct(t.database.db);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/payments/process",
      headers: { host: "127.0.0.1:3000" },
      payload: buildPaymentRequest([{ product_id: product.id, quantity: 1 }]),
    });
    expect(res.json().url).toMatch(/^http:\/\/store\.test\/pay\/test_/);
    await t.close();
  });
});

describe("Stripe's return addresses without PUBLIC_URL", () => {
  const { t, stripe } = useStripeTestApp(withoutPublicUrl);

  it("success and cancel return to the origin the shopper checked out on", async () => {
    const product = await createProduct(t.database.db);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/payments/process",
      headers: { host: "127.0.0.1:3000" },
      payload: buildPaymentRequest([{ product_id: product.id, quantity: 1 }]),
    });
    expect(res.statusCode).toBe(200);
    const create = stripe.requests.find((r) => r.path === "/v1/checkout/sessions");
    expect(create?.form).toMatchObject({
      success_url: "http://127.0.0.1:3000/success?session_id={CHECKOUT_SESSION_ID}",
      cancel_url: "http://127.0.0.1:3000/cart?step=checkout",
    });
  });
});
