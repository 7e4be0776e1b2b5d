import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { returnAmountsCents } from "./order-returns.ts";

describe("return refunds prorate the discount and the tax by one rule", () => {
  it("returning every box of an order, in any sequence of returns, gives back exactly its discount and tax, each return within two cents of its exact share", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            unitCents: fc.integer({ min: 1, max: 250_000 }),
            quantity: fc.integer({ min: 1, max: 12 }),
          }),
          { minLength: 1, maxLength: 5 },
        ),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 1_000 }),
        fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 30 }),
        (lines, discountPercent, taxPerMille, chunkSizes) => {
          const items = lines.map((line, index) => ({
            id: 100 + index,
            quantity: line.quantity,
            unit_price_cents: line.unitCents,
            total_price_cents: line.unitCents * line.quantity,
          }));
          const subtotal = lines.reduce((sum, l) => sum + l.unitCents * l.quantity, 0);
          const discountCents = Math.floor((subtotal * discountPercent) / 100);
          const taxCents = Math.floor(((subtotal - discountCents) * taxPerMille) / 10_000);
          const order = { discount_amount_cents: discountCents, tax_amount_cents: taxCents };
          // Every box comes back, in returns of a few boxes of one line at a time.
          const asked = new Map<number, number>();
          let chunk = 0;
          let discount = 0;
          let tax = 0;
          let merchandise = 0;
          for (const item of items) {
            while ((asked.get(item.id) ?? 0) < item.quantity) {
              const already = asked.get(item.id) ?? 0;
              const quantity = Math.min(
                item.quantity - already,
                chunkSizes[chunk++ % chunkSizes.length] ?? 1,
              );
              const amounts = returnAmountsCents(
                order,
                items,
                [{ order_item_id: item.id, quantity, alreadyAsked: already }],
                0,
              );
              const price = item.unit_price_cents * quantity;
              expect(amounts.merchandise).toBe(price);
              // Within a cent of the line's share, itself within a cent of its exact share.
              expect(
                Math.abs(amounts.discount - (discountCents * price) / subtotal),
              ).toBeLessThanOrEqual(2);
              expect(amounts.total).toBe(amounts.merchandise - amounts.discount + amounts.tax);
              asked.set(item.id, already + quantity);
              discount += amounts.discount;
              tax += amounts.tax;
              merchandise += amounts.merchandise;
            }
          }
          expect(merchandise).toBe(subtotal);
          expect(discount).toBe(discountCents);
          expect(tax).toBe(taxCents);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("a return of part of one line matches the rule worked by hand", () => {
    // $100.02 + $49.98 lines, $10.01 off, $13.99 tax: the discount splits 667/334 by price, the
    // tax 933/466 by price after discount; then over the first line's 3 boxes.
    const items = [
      { id: 1, quantity: 3, unit_price_cents: 3334, total_price_cents: 10002 },
      { id: 2, quantity: 1, unit_price_cents: 4998, total_price_cents: 4998 },
    ];
    const amounts = returnAmountsCents(
      { discount_amount_cents: 1001, tax_amount_cents: 1399 },
      items,
      [{ order_item_id: 1, quantity: 1, alreadyAsked: 0 }],
      15,
    );
    // Discount: 1001 × 10002/15000 = 667.47 → 667 (line 1), 334 (line 2); 667 over 3 boxes:
    // round(222.33) = 222, round(444.67) = 445, 667 → 222, 223, 222.
    // Tax over 9335 and 4664: 1399 × 9335/13999 = 932.9 → 933, 466; 933 over 3 boxes: 311 each.
    // Fee: 15% of 3334 − 222 = 3112 → 466.8 → 467.
    expect(amounts).toEqual({
      merchandise: 3334,
      discount: 222,
      tax: 311,
      fee: 467,
      total: 3334 - 222 + 311 - 467,
    });
  });

  it("a return received short refunds the boxes that came back: never more than the whole return, more boxes never less, the fee the told percent of the net to the cent", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 250_000 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 1_000 }),
        fc.integer({ min: 0, max: 100 }),
        fc.nat(),
        fc.nat(),
        (unitCents, quantity, discountPercent, taxPerMille, feePercent, askedSeed, earlierSeed) => {
          const items = [
            {
              id: 7,
              quantity,
              unit_price_cents: unitCents,
              total_price_cents: unitCents * quantity,
            },
          ];
          const subtotal = unitCents * quantity;
          const discountCents = Math.floor((subtotal * discountPercent) / 100);
          const taxCents = Math.floor(((subtotal - discountCents) * taxPerMille) / 10_000);
          const order = { discount_amount_cents: discountCents, tax_amount_cents: taxCents };
          const alreadyAsked = earlierSeed % quantity;
          const asked = 1 + (askedSeed % (quantity - alreadyAsked));
          let previous = -1;
          for (let received = 0; received <= asked; received += 1) {
            const amounts = returnAmountsCents(
              order,
              items,
              [{ order_item_id: 7, quantity: received, alreadyAsked }],
              feePercent,
            );
            const net = amounts.merchandise - amounts.discount;
            // The integer oracle: the percent of the net, half a cent up.
            expect(amounts.fee).toBe(Math.floor((2 * net * feePercent + 100) / 200));
            expect(amounts.merchandise).toBe(unitCents * received);
            expect(amounts.total).toBeGreaterThanOrEqual(0);
            expect(amounts.total).toBeGreaterThanOrEqual(previous);
            previous = amounts.total;
          }
          const whole = returnAmountsCents(
            order,
            items,
            [{ order_item_id: 7, quantity: asked, alreadyAsked }],
            feePercent,
          );
          expect(previous).toBe(whole.total);
        },
      ),
      { numRuns: 300 },
    );
  });
});
