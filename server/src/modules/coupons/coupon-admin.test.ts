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

  it("switches a coupon between percent and dollars off, keeping its number, and the cart follows", async () => {
    const created = await call("POST", "/api/admin/coupons", {
      code: "SWITCH",
      kind: "percent",
      value: 12.5,
      min_subtotal: 19.99,
    });
    expect(created.json()).toMatchObject({ kind: "percent", value: 12.5, min_subtotal: 19.99 });
    const id = created.json().id;
    const discountOn = async (amount: number) =>
      (await t.app.inject(`/api/coupons/SWITCH?amount=${amount}`)).json();
    expect(await discountOn(200)).toMatchObject({ is_valid: true, discount_amount: 25 });

    const fixed = await call("PATCH", `/api/admin/coupons/${id}`, { kind: "fixed" });
    expect(fixed.json()).toMatchObject({ kind: "fixed", value: 12.5 });
    expect(await discountOn(200)).toMatchObject({
      message: "Coupon applied: $12.50 off",
      discount_amount: 12.5,
    });
    const cent = await call("PATCH", `/api/admin/coupons/${id}`, { value: 0.01 });
    expect(cent.json()).toMatchObject({ kind: "fixed", value: 0.01 });
    expect((await discountOn(19.99)).discount_amount).toBe(0.01);
    expect(await discountOn(19.98)).toMatchObject({
      is_valid: false,
      message: "This coupon requires a minimum order of $19.99 (before shipping and tax)",
    });

    const big = await call("PATCH", `/api/admin/coupons/${id}`, { value: 150 });
    expect(big.json().value).toBe(150);
    // 150 dollars off cannot become 150 percent off.
    const refused = await call("PATCH", `/api/admin/coupons/${id}`, { kind: "percent" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe("A percent discount cannot exceed 100");
    expect((await call("GET", "/api/admin/coupons")).json().coupons).toContainEqual(
      expect.objectContaining({ code: "SWITCH", kind: "fixed", value: 150 }),
    );
    const percent = await call("PATCH", `/api/admin/coupons/${id}`, {
      kind: "percent",
      value: 33.33,
    });
    expect(percent.json()).toMatchObject({ kind: "percent", value: 33.33 });
    expect(await discountOn(100.03)).toMatchObject({
      message: "Coupon applied: 33.33% off",
      discount_amount: 33.34,
    });
  });
});
