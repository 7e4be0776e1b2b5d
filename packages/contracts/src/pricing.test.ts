import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { multiplyCents } from "./money.ts";
import {
  boxPriceCents,
  closeoutDiscountPercent,
  type ProductPriceInputs,
  productPrice,
  theirBoxPriceCents,
} from "./pricing.ts";

/** Half up of cents × (hundredths / 100), in exact integer arithmetic. */
const exactBoxCents = (cents: number, sqftHundredths: number) =>
  Math.floor((cents * sqftHundredths + 50) / 100);

const product = (overrides: Partial<ProductPriceInputs> = {}): ProductPriceInputs => ({
  ourPriceCents: 500,
  partnerPriceCents: null,
  competitorPriceCents: null,
  sqftPerBox: 10,
  ...overrides,
});

describe("multiplyCents", () => {
  it("rounds the exact decimal product half up once: $1.05 × 16.9 is $17.75, not $17.74", () => {
    expect(multiplyCents(105, 16.9)).toBe(1775);
    expect(multiplyCents(225, 15.5)).toBe(3488);
    expect(multiplyCents(333, 23.37)).toBe(7782);
    expect(multiplyCents(1, 0.5)).toBe(1);
    expect(multiplyCents(1, 0.49)).toBe(0);
    expect(multiplyCents(-105, 16.9)).toBe(-1775);
    expect(multiplyCents(12_345, 3)).toBe(37_035);
    expect(multiplyCents(3, 1.5e-7)).toBe(0);
  });

  it("is exact for every two-decimal factor, even where binary floating point is not", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 99_999_999 }),
        fc.integer({ min: 0, max: 9_999_999 }),
        (cents, hundredths) => {
          const expected = (BigInt(cents) * BigInt(hundredths) + 50n) / 100n;
          expect(multiplyCents(cents, hundredths / 100)).toBe(Number(expected));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("refuses fractional cents and factors that are not finite numbers", () => {
    expect(() => multiplyCents(10.5, 2)).toThrow(RangeError);
    expect(() => multiplyCents(10, Number.NaN)).toThrow(RangeError);
    expect(() => multiplyCents(10, Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe("the price rules", () => {
  it("prices a box as per-sq-ft × sq ft per box, and nothing without a positive price and box size", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 99_999 }),
        fc.integer({ min: 1, max: 9_999 }),
        (cents, hundredths) => {
          expect(boxPriceCents(cents, hundredths / 100)).toBe(exactBoxCents(cents, hundredths));
        },
      ),
    );
    expect(boxPriceCents(null, 10)).toBeNull();
    expect(boxPriceCents(500, null)).toBeNull();
    expect(boxPriceCents(0, 10)).toBeNull();
    expect(boxPriceCents(500, 0)).toBeNull();
  });

  it("gives an approved partner the partner price where there is one, else the public price labelled public", () => {
    const both = product({ ourPriceCents: 500, partnerPriceCents: 400 });
    expect(productPrice(both, "partner")).toEqual({
      perSqftCents: 400,
      perBoxCents: 4000,
      source: "partner",
    });
    expect(productPrice(both, "public")).toEqual({
      perSqftCents: 500,
      perBoxCents: 5000,
      source: "public",
    });
    for (const partnerPriceCents of [null, 0]) {
      expect(productPrice(product({ partnerPriceCents }), "partner")).toEqual({
        perSqftCents: 500,
        perBoxCents: 5000,
        source: "public",
      });
    }
    expect(productPrice(product({ ourPriceCents: null }), "public")).toEqual({
      perSqftCents: null,
      perBoxCents: null,
      source: "public",
    });
    expect(productPrice(product({ sqftPerBox: null }), "partner").perBoxCents).toBeNull();
  });

  it("takes their price from the competitor's price the staff entered, else our box price / 0.75", () => {
    expect(theirBoxPriceCents(product({ competitorPriceCents: 649, sqftPerBox: 20 }))).toBe(12_980);
    expect(theirBoxPriceCents(product({ competitorPriceCents: 105, sqftPerBox: 16.9 }))).toBe(1775);
    expect(theirBoxPriceCents(product({ ourPriceCents: 649, sqftPerBox: 20 }))).toBe(17_307);
    expect(theirBoxPriceCents(product({ ourPriceCents: 375, sqftPerBox: 20 }))).toBe(10_000);
    expect(theirBoxPriceCents(product({ competitorPriceCents: 0, sqftPerBox: 20 }))).toBe(13_333);
    expect(theirBoxPriceCents(product({ ourPriceCents: null }))).toBeNull();
    expect(theirBoxPriceCents(product({ competitorPriceCents: 649, sqftPerBox: null }))).toBeNull();
  });

  it("rounds the closeout discount against the msrp to a whole percent", () => {
    expect(closeoutDiscountPercent(1.2, 2.4)).toBe(50);
    expect(closeoutDiscountPercent(2.99, 4.49)).toBe(33);
    expect(closeoutDiscountPercent(null, 4)).toBeNull();
    expect(closeoutDiscountPercent(3, 0)).toBeNull();
  });
});
