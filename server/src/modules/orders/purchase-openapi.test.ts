import { expect, it } from "vitest";
import { createTestApp } from "../../../test/test-app.ts";

it("the OpenAPI document lists the purchase endpoints", async () => {
  const t = await createTestApp();
  const res = await t.app.inject("/api/openapi.json");
  expect(res.statusCode).toBe(200);
  const paths = Object.keys(res.json().paths);
  expect(paths).toEqual(
    expect.arrayContaining([
      "/api/cart/calculate",
      "/api/coupons/{code}",
      "/api/payments/process",
      "/api/payments/test-sessions/{id}",
      "/api/payments/test-sessions/{id}/pay",
      "/api/payments/test-sessions/{id}/cancel",
      "/api/payments/webhook",
      "/api/orders/by-session/{session_id}",
      "/api/send-order-email",
      "/api/track/{token}",
    ]),
  );
  await t.close();
});
