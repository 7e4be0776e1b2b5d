import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { couponCreateSchema, productPatchSchema } from "./admin.ts";
import { dollarsText, toCents, toDollars } from "./money.ts";

/** Every whole number of cents an integer `*_cents` column can hold. */
const storableCents = fc.integer({ min: 0, max: 2_147_483_647 });

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

  it("keeps a product price the editor or the CSV sends in dollars, to the cent, both ways", () => {
    fc.assert(
      fc.property(storableCents, fc.boolean(), (cents, asText) => {
        // A JSON number (4.99) or a form / CSV cell ("4.99"), as the old numeric column printed it.
        const text = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
        const sent = asText ? text : Number(text);
        const parsed = productPatchSchema.parse({ our_price: sent, pallet_shipping_cost: sent });
        expect(parsed.our_price).toBe(Number(text));
        // Stored as cents, answered as the same dollars.
        expect(toCents(parsed.our_price as number)).toBe(cents);
        expect(toDollars(toCents(parsed.our_price as number))).toBe(Number(text));
        expect(toCents(parsed.pallet_shipping_cost as number)).toBe(cents);
      }),
    );
  });

  // A fixed coupon's value is at most $100,000 and a minimum at most $10,000,000.
  it("keeps a fixed coupon's dollars off and its minimum to the cent", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 0, max: 1_000_000_000 }),
        (off, minimum) => {
          const coupon = couponCreateSchema.parse({
            code: "EDGE5",
            kind: "fixed",
            value: toDollars(off),
            min_subtotal: dollarsText(minimum),
          });
          expect(toCents(coupon.value)).toBe(off);
          expect(toDollars(toCents(coupon.value))).toBe(toDollars(off));
          expect(toCents(coupon.min_subtotal ?? 0)).toBe(minimum);
        },
      ),
    );
  });

  it("refuses a product price too large for a cents column instead of failing to store it", () => {
    expect(productPatchSchema.safeParse({ our_price: 21_474_836.47 }).success).toBe(true);
    const refused = productPatchSchema.safeParse({ our_price: 21_474_836.48 });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe("Too large");
  });
});
