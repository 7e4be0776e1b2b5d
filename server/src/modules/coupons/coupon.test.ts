import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCoupon } from "../../../test/factories.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import { seedIfEmpty } from "../../db/seed/seed.ts";
import { couponHasExpired } from "./coupons.service.ts";

describe("GET /api/coupons/{code}", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedIfEmpty(t.database.db);
    const db = t.database.db;
    await createCoupon(db, { code: "FIVEOFF", kind: "fixed", value: "5", min_subtotal: "20" });
    await createCoupon(db, { code: "OLD", expires_at: "2020-01-31" });
    await createCoupon(db, { code: "PAUSED", active: false });
    await createCoupon(db, { code: "ONCE", usage_limit: 1, times_used: 1 });
    await createCoupon(db, { code: "BIGFIXED", kind: "fixed", value: "500" });
  });
  afterAll(() => t.close());

  const check = (code: string, amount: string | number) =>
    t.app.inject(`/api/coupons/${code}?amount=${amount}`);

  it("applies the seeded WELCOME10 to an order of $100 or more, case-insensitively", async () => {
    const res = await check("welcome10", 250.55);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      is_valid: true,
      message: "Coupon applied: 10% off",
      discount_amount: 25.06,
    });
  });

  it("answers 200 with is_valid false and the reason for codes that do not apply", async () => {
    const cases: Array<[string, number, string]> = [
      [
        "WELCOME10",
        99.99,
        "This coupon requires a minimum order of $100.00 (before shipping and tax)",
      ],
      ["UNKNOWN", 100, "Invalid coupon code"],
      ["OLD", 100, "This coupon has expired"],
      ["PAUSED", 100, "This coupon is no longer active"],
      ["ONCE", 100, "This coupon has reached its usage limit"],
    ];
    for (const [code, amount, message] of cases) {
      const res = await check(code, amount);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ is_valid: false, message, discount_amount: 0 });
    }
  });

  it("takes a fixed amount off, never more than the subtotal", async () => {
    expect((await check("FIVEOFF", 40)).json()).toMatchObject({
      is_valid: true,
      discount_amount: 5,
      message: "Coupon applied: $5.00 off",
    });
    expect((await check("BIGFIXED", 120.5)).json()).toMatchObject({
      is_valid: true,
      discount_amount: 120.5,
    });
  });

  it("answers 422 only for malformed input", async () => {
    expect((await check("bad%20code", 10)).statusCode).toBe(422);
    expect((await check("WELCOME10", "lots")).statusCode).toBe(422);
    expect((await check("WELCOME10", -1)).statusCode).toBe(422);
    expect((await t.app.inject("/api/coupons/WELCOME10")).statusCode).toBe(422);
  });

  it("treats a date-only expiry as good through that day in Birmingham", () => {
    // 2030-06-01 03:00 UTC is still May 31 in Birmingham.
    expect(couponHasExpired("2030-05-31", new Date("2030-06-01T03:00:00Z"))).toBe(false);
    expect(couponHasExpired("2030-05-31", new Date("2030-06-01T06:00:00Z"))).toBe(true);
    expect(couponHasExpired("2030-05-31T12:00:00Z", new Date("2030-05-31T12:00:01Z"))).toBe(true);
    expect(couponHasExpired(null, new Date())).toBe(false);
  });
});
