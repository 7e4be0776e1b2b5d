import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dollarsText, toCents, toDollars } from "./money.ts";

describe("the one conversion between stored cents and the dollars the API shows", () => {
  it("answers the dollars a numeric(10,2) column read as, for every amount it could hold", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999 }), (cents) => {
        const text = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
        expect(dollarsText(cents)).toBe(text);
        expect(toDollars(cents)).toBe(Number(text));
        expect(toCents(text)).toBe(cents);
        expect(toCents(toDollars(cents))).toBe(cents);
      }),
    );
  });

  it("writes the odd amounts as the old columns printed them", () => {
    expect([1, 1999, 3333, 123456, 0, 145930].map(dollarsText)).toEqual([
      "0.01",
      "19.99",
      "33.33",
      "1234.56",
      "0.00",
      "1459.30",
    ]);
  });
});
