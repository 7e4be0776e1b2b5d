import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrder, createPartnerWithSession } from "../../test/factories.ts";
import { registerViaApi } from "../../test/partner-factories.ts";
import { createTestApp, type TestApp, testAdminPassword } from "../../test/test-app.ts";

describe("JSON request bodies", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const json = { "content-type": "application/json" };
  const admin = { ...json, "admin-password": testAdminPassword };

  it("a call the spec makes without a body succeeds with an empty JSON body", async () => {
    const order = await createOrder(t.database.db);
    const resend = await t.app.inject({
      method: "POST",
      url: `/api/admin/orders/${order.id}/resend-confirmation`,
      headers: admin,
      payload: "",
    });
    expect(resend.statusCode).toBe(200);
    expect(resend.json().email_queued).toBe(true);

    const { user } = await registerViaApi(t.app);
    const approve = await t.app.inject({
      method: "POST",
      url: `/api/admin/partners/${user.id}/approve`,
      headers: admin,
      payload: "",
    });
    expect(approve.statusCode).toBe(200);
    expect(approve.json().status).toBe("approved");

    const { token } = await createPartnerWithSession(t.database.db);
    const logout = await t.app.inject({
      method: "POST",
      url: "/api/ace/auth/logout",
      headers: { ...json, authorization: `Bearer ${token}` },
      payload: "",
    });
    expect(logout.statusCode).toBeLessThan(300);
  });

  it("a route that needs a body answers 422 for an empty one, and 400 for broken or poisoned JSON", async () => {
    const empty = await t.app.inject({
      method: "POST",
      url: "/api/cart/calculate",
      headers: json,
      payload: "",
    });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().detail).toBeDefined();

    for (const payload of ['{"cart_items": [', '{"__proto__": {"polluted": true}}']) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/cart/calculate",
        headers: json,
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail: "Malformed request" });
    }
  });
});
