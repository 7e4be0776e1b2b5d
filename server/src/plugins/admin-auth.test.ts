import { describe, expect, it } from "vitest";
import { testAdminPassword, useTestApp } from "../../test/test-app.ts";

describe("admin password", () => {
  const t = useTestApp();

  it("GET /api/admin/ping answers ok with the right password", async () => {
    const res = await t.app.inject({
      url: "/api/admin/ping",
      headers: { "admin-password": testAdminPassword },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
  });

  it("every admin route answers 401 Invalid password without the header or with a wrong one", async () => {
    for (const url of [
      "/api/admin/ping",
      "/api/admin/orders",
      "/api/admin/products",
      "/api/admin/coupons",
      "/api/admin/outbox",
      "/api/admin/inquiries",
      "/api/admin/audit",
    ]) {
      const missing = await t.app.inject({ url, remoteAddress: "10.0.0.1" });
      expect(missing.statusCode).toBe(401);
      expect(missing.json()).toEqual({ detail: "Invalid password" });
    }
    const wrong = await t.app.inject({
      method: "POST",
      url: "/api/admin/products",
      headers: { "admin-password": "nope" },
      payload: { name: "X" },
      remoteAddress: "10.0.0.2",
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ detail: "Invalid password" });
  });

  it("locks an address out with 429 after ten wrong passwords, even for the right one, and not others", async () => {
    for (let i = 0; i < 10; i++) {
      const res = await t.app.inject({
        url: "/api/admin/ping",
        headers: { "admin-password": `wrong-${i}` },
        remoteAddress: "10.9.9.9",
      });
      expect(res.statusCode).toBe(401);
    }
    const locked = await t.app.inject({
      url: "/api/admin/ping",
      headers: { "admin-password": testAdminPassword },
      remoteAddress: "10.9.9.9",
    });
    expect(locked.statusCode).toBe(429);
    expect(locked.headers["retry-after"]).toBeDefined();
    const other = await t.app.inject({
      url: "/api/admin/ping",
      headers: { "admin-password": testAdminPassword },
      remoteAddress: "10.9.9.10",
    });
    expect(other.statusCode).toBe(200);
  });

  it("a locked-out client cannot pick a new address with X-Forwarded-For (only loopback proxies are trusted)", async () => {
    for (let i = 0; i < 10; i++) {
      await t.app.inject({
        url: "/api/admin/ping",
        headers: { "admin-password": `wrong-${i}`, "x-forwarded-for": `203.0.113.${i}` },
        remoteAddress: "198.51.100.7",
      });
    }
    const spoofed = await t.app.inject({
      url: "/api/admin/ping",
      headers: { "admin-password": testAdminPassword, "x-forwarded-for": "203.0.113.99" },
      remoteAddress: "198.51.100.7",
    });
    expect(spoofed.statusCode).toBe(429);
    // A proxy on this machine (loopback) still passes the real client's address on.
    const viaLocalProxy = await t.app.inject({
      url: "/api/admin/ping",
      headers: { "admin-password": testAdminPassword, "x-forwarded-for": "203.0.113.99" },
      remoteAddress: "127.0.0.1",
    });
    expect(viaLocalProxy.statusCode).toBe(200);
  });
});
