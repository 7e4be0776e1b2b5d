import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { type AdminMethod, callAdmin } from "../../../test/admin-requests.ts";
import { createOrder } from "../../../test/factories.ts";
import { useTestApp } from "../../../test/test-app.ts";
import { auditLog } from "../../db/schema/index.ts";

describe("admin coupons API", () => {
  const t = useTestApp();
  const call = (method: AdminMethod, url: string, payload?: unknown) =>
    callAdmin(t, method, url, payload);

  it("creates, edits and deactivates a coupon, with usage counts", async () => {
    const created = await call("POST", "/api/admin/coupons", {
      code: "spring15",
      kind: "percent",
      value: 15,
      min_subtotal: "",
      expires_at: "2027-06-30",
      usage_limit: "",
    });
    expect(created.statusCode).toBe(201);
    const coupon = created.json();
    expect(coupon).toMatchObject({
      code: "SPRING15",
      kind: "percent",
      value: 15,
      min_subtotal: 0,
      usage_limit: null,
      active: true,
      times_used: 0,
      orders_count: 0,
    });
    await createOrder(t.database.db, { coupon_code: "SPRING15" });
    const edited = await call("PATCH", `/api/admin/coupons/${coupon.id}`, {
      value: 20,
      usage_limit: 50,
    });
    expect(edited.json()).toMatchObject({ value: 20, usage_limit: 50, orders_count: 1 });
    const off = await call("PATCH", `/api/admin/coupons/${coupon.id}`, { active: false });
    expect(off.json().active).toBe(false);
    const list = (await call("GET", "/api/admin/coupons")).json().coupons;
    expect(list.find((c: { code: string }) => c.code === "SPRING15")).toMatchObject({
      active: false,
      orders_count: 1,
    });
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity_type, "coupon"));
    expect(audit.map((a) => a.action)).toEqual(["coupon.create", "coupon.update", "coupon.update"]);
  });

  it("refuses a duplicate code (409), a percent above 100 and bad fields (422)", async () => {
    await call("POST", "/api/admin/coupons", { code: "ONCE10", kind: "fixed", value: 10 });
    expect(
      (await call("POST", "/api/admin/coupons", { code: "once10", kind: "fixed", value: 5 }))
        .statusCode,
    ).toBe(409);
    for (const payload of [
      { code: "BIG", kind: "percent", value: 150 },
      { code: "x", kind: "fixed", value: 5 },
      { code: "OK1", kind: "bogus", value: 5 },
      { code: "OK2", kind: "fixed", value: 0 },
      { code: "OK3", kind: "fixed", value: 5, expires_at: "soon" },
    ]) {
      expect((await call("POST", "/api/admin/coupons", payload)).statusCode).toBe(422);
    }
    expect((await call("PATCH", "/api/admin/coupons/999999", { active: false })).statusCode).toBe(
      404,
    );
  });

  it("refuses a new coupon that has already expired, saying why, and creates nothing", async () => {
    const expired = await call("POST", "/api/admin/coupons", {
      code: "LASTYEAR",
      kind: "fixed",
      value: 5,
      expires_at: "2020-01-31",
    });
    expect(expired.statusCode).toBe(422);
    expect(expired.json().detail).toBe(
      "The expiry date has already passed: choose a later date or leave it empty.",
    );
    const list = await call("GET", "/api/admin/coupons");
    expect(JSON.stringify(list.json())).not.toContain("LASTYEAR");
    const later = await call("POST", "/api/admin/coupons", {
      code: "NEXTYEAR",
      kind: "fixed",
      value: 5,
      expires_at: "2099-01-31",
    });
    expect(later.statusCode).toBe(201);
  });
});
