import { describe, expect, it } from "vitest";
import { isoToShopInput, shopInputToIso } from "./birmingham-time.ts";

describe("Birmingham time for the shipping form", () => {
  it("stores a winter time entered in Birmingham as UTC (CST, UTC-6)", () => {
    expect(shopInputToIso("2026-01-15T09:30")).toBe("2026-01-15T15:30:00.000Z");
  });
  it("stores a summer time as UTC (CDT, UTC-5)", () => {
    expect(shopInputToIso("2026-07-04T18:05")).toBe("2026-07-04T23:05:00.000Z");
  });
  it("shows a stored UTC time in Birmingham", () => {
    expect(isoToShopInput("2026-07-04T23:05:00.000Z")).toBe("2026-07-04T18:05");
    expect(isoToShopInput("2026-01-01T03:00:00.000Z")).toBe("2025-12-31T21:00");
    expect(isoToShopInput(null)).toBe("");
  });
  it("treats empty or malformed input as no time", () => {
    expect(shopInputToIso("")).toBeNull();
    expect(shopInputToIso("tomorrow")).toBeNull();
  });
});
