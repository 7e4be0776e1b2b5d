import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { allocateCents, unitsShareCents } from "./money.ts";

/**
 * An independent integer oracle of the running-total rule: for each prefix of the weights, the
 * whole number of cents nearest to total × prefix ÷ sum (a half going up), found by counting up
 * and comparing n × sum with total × prefix, never dividing; each part is the step between
 * consecutive prefixes.
 */
function oracle(total: number, weights: number[]): number[] {
  const sum = BigInt(weights.reduce((a, b) => a + b, 0));
  if (sum === 0n) return weights.map(() => 0);
  const nearest = (prefix: bigint) => {
    const target = BigInt(total) * prefix;
    let n = 0n;
    // The smallest n whose distance below the target is at most half a cent: 2(target − n·sum) ≤ sum.
    while (2n * (target - n * sum) > sum) n += 1n;
    // A tie (exactly half) goes up.
    if (2n * (target - n * sum) === sum) n += 1n;
    return n;
  };
  let prefix = 0n;
  let previous = 0n;
  return weights.map((w) => {
    prefix += BigInt(w);
    const upTo = nearest(prefix);
    const part = Number(upTo - previous);
    previous = upTo;
    return part;
  });
}

describe("allocateCents: the one rule for prorating money", () => {
  it("agrees with an independent integer oracle, adds up to the total and keeps every run of parts within a cent of its share", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5_000 }),
        fc.array(fc.integer({ min: 0, max: 250_000 }), { minLength: 1, maxLength: 6 }),
        (total, weights) => {
          const parts = allocateCents(total, weights);
          expect(parts).toEqual(oracle(total, weights));
          const sum = weights.reduce((a, b) => a + b, 0);
          if (sum === 0) return;
          expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
          for (let from = 0; from < parts.length; from++)
            for (let to = from + 1; to <= parts.length; to++) {
              const run = parts.slice(from, to).reduce((a, b) => a + b, 0);
              const runWeight = weights.slice(from, to).reduce((a, b) => a + b, 0);
              expect(Math.abs(run - (total * runWeight) / sum)).toBeLessThanOrEqual(1);
            }
        },
      ),
      { numRuns: 300 },
    );
  });

  it("stays exact past 2^53 (a large order's total × a large line)", () => {
    const parts = allocateCents(9_999_999_99, [9_007_199_254, 1, 3]);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(9_999_999_99);
    expect(parts[1]).toBe(0);
  });

  it("the boxes of a line share its cents evenly, the odd cents spread along the line", () => {
    // round(10/3) = 3, round(20/3) = 7, 10: 3, 4, 3.
    expect(allocateCents(10, [1, 1, 1])).toEqual([3, 4, 3]);
    expect(unitsShareCents(10, 3, 0, 1)).toBe(3);
    expect(unitsShareCents(10, 3, 1, 2)).toBe(7);
    expect(allocateCents(1, [1, 1])).toEqual([1, 0]);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 8 }),
        (cents, chunks) => {
          const quantity = chunks.reduce((a, b) => a + b, 0);
          let from = 0;
          let given = 0;
          for (const count of chunks) {
            given += unitsShareCents(cents, quantity, from, count);
            from += count;
          }
          expect(given).toBe(cents);
        },
      ),
    );
  });

  it("refuses what is not whole cents", () => {
    expect(() => allocateCents(1.5, [1])).toThrow(RangeError);
    expect(() => allocateCents(-1, [1])).toThrow(RangeError);
    expect(() => allocateCents(1, [0.5])).toThrow(RangeError);
  });
});
