import { describe, expect, it } from "vitest";
import {
  addLine,
  cartLineFor,
  cartTotals,
  hasSample,
  linesInCartOrder,
  pricedForOtherAudience,
  readSavedCart,
  sampleLineCents,
  sampleLineFor,
  setLineQuantity,
} from "./cart-lines.ts";

const oak = {
  id: 1,
  name: "Oak",
  price_per_box: 99.8,
  sqft_per_carton: 19.96,
  thumbnail_image_url: null,
  main_image_url: "/m.webp",
  image_url: null,
};

describe("cart lines", () => {
  it("a new line defaults to quantity 1 with totals and the thumbnail fallback chain", () => {
    const line = cartLineFor(oak);
    expect(line).toMatchObject({
      product_id: 1,
      quantity: 1,
      unit_price: 99.8,
      total_price: 99.8,
      sqft_per_box: 19.96,
      total_sqft: 19.96,
      thumbnail_image_url: "/m.webp",
    });
    expect(cartLineFor({ ...oak, main_image_url: null }).thumbnail_image_url).toBe(
      "/img/default-flooring-thumb.webp",
    );
  });

  it("adding an existing product raises its quantity by the amount added and recomputes totals", () => {
    const items = addLine(addLine([], cartLineFor(oak, 2)), cartLineFor(oak, 3));
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ quantity: 5, total_price: 499, total_sqft: 99.8 });
  });

  it("a product without a per-box price gets unit price 0", () => {
    expect(cartLineFor({ ...oak, price_per_box: null, sqft_per_carton: null })).toMatchObject({
      unit_price: 0,
      sqft_per_box: 0,
    });
  });

  it("quantity 0 or below removes the line", () => {
    const items = [cartLineFor(oak, 2)];
    expect(setLineQuantity(items, 1, 0)).toEqual([]);
    expect(setLineQuantity(items, 1, -3)).toEqual([]);
    expect(setLineQuantity(items, 1, 4)[0]?.total_price).toBe(399.2);
  });

  it("totals sum money in cents, boxes and square feet", () => {
    const items = [
      cartLineFor(oak, 3),
      cartLineFor({ ...oak, id: 2, price_per_box: 0.1, sqft_per_carton: 0.2 }, 2),
    ];
    expect(cartTotals(items)).toEqual({
      subtotal: 299.6,
      boxCount: 5,
      sampleCount: 0,
      accessoryCount: 0,
      itemCount: 5,
      totalSqft: 60.28,
    });
  });

  it("an accessory line keeps its unit, adds no coverage, and counts as an accessory, not a box", () => {
    const roll = {
      id: 9,
      name: "Foam Underlayment",
      price_per_box: 29.99,
      sqft_per_carton: null,
      thumbnail_image_url: null,
      selling_unit: "roll" as const,
    };
    const items = addLine([cartLineFor(oak, 2)], cartLineFor(roll, 3));
    expect(items[1]).toMatchObject({ selling_unit: "roll", total_price: 89.97, total_sqft: 0 });
    expect(cartTotals(items)).toMatchObject({
      boxCount: 2,
      accessoryCount: 3,
      itemCount: 5,
      totalSqft: 39.92,
    });
  });

  it("a corrupt saved cart is ignored", () => {
    const storage = { getItem: () => "{not json" };
    const original = console.error;
    console.error = () => {};
    expect(readSavedCart(storage)).toEqual([]);
    console.error = original;
    expect(readSavedCart({ getItem: () => JSON.stringify({ a: 1 }) })).toEqual([]);
  });
});

describe("repricing when a partner signs in or out", () => {
  it("sets the new per-box price and partner flag on the named lines only", async () => {
    const { repriceLines } = await import("./cart-lines.ts");
    const partnerLine = cartLineFor(oak, 2, { partnerPrice: true, unitPrice: 80 });
    const other = cartLineFor({ ...oak, id: 2 }, 1);
    const repriced = repriceLines(
      [partnerLine, other],
      new Map([[1, { unitPrice: 99.8, partner: false }]]),
    );
    expect(repriced[0]).toMatchObject({ unit_price: 99.8, total_price: 199.6 });
    expect(repriced[0]?.partner_price).toBeUndefined();
    expect(repriced[1]).toEqual(other);
    const back = repriceLines(repriced, new Map([[1, { unitPrice: 80, partner: true }]]));
    expect(back[0]).toMatchObject({ unit_price: 80, total_price: 160, partner_price: true });
  });
});

describe("sample lines", () => {
  it("a sample of a product is its own line beside the boxes, shows no price and counts apart", () => {
    const items = addLine(addLine([], cartLineFor(oak, 2)), sampleLineFor(oak));
    expect(items).toHaveLength(2);
    expect(items[1]).toMatchObject({ kind: "sample", quantity: 1, total_price: 0, total_sqft: 0 });
    expect(cartTotals(items)).toMatchObject({
      boxCount: 2,
      sampleCount: 1,
      itemCount: 3,
      subtotal: 199.6,
    });
    expect(hasSample(items, oak.id)).toBe(true);
  });

  it("removing the sample keeps the boxes of the same product", () => {
    const items = addLine(addLine([], cartLineFor(oak, 2)), sampleLineFor(oak));
    const left = setLineQuantity(items, oak.id, 0, "sample");
    expect(left).toEqual([items[0]]);
    expect(setLineQuantity(items, oak.id, 0)).toEqual([items[1]]);
  });

  it("a saved cart keeps its samples and drops lines of an unknown kind", () => {
    const saved = JSON.stringify([
      { ...sampleLineFor(oak) },
      { ...cartLineFor(oak), kind: "pallet" },
    ]);
    const restored = readSavedCart({ getItem: () => saved });
    expect(restored.map((item) => item.kind)).toEqual(["sample"]);
  });
});

describe("lines priced for the other audience", () => {
  it("are public box lines while a partner's token is held, and partner lines without one; never samples", () => {
    const publicLine = { kind: "box" as const };
    const partnerLine = { kind: "box" as const, partner_price: true };
    const sample = { kind: "sample" as const };
    expect(pricedForOtherAudience(publicLine, "token")).toBe(true);
    expect(pricedForOtherAudience(partnerLine, "token")).toBe(false);
    expect(pricedForOtherAudience(publicLine, null)).toBe(false);
    expect(pricedForOtherAudience(partnerLine, null)).toBe(true);
    expect(pricedForOtherAudience(sample, "token")).toBe(false);
    expect(pricedForOtherAudience({}, "token")).toBe(true);
  });
});

describe("samples past the free ones", () => {
  const sampleOf = (id: number, quantity = 1) => ({
    ...sampleLineFor({ ...oak, id }),
    quantity,
  });

  it("are priced in the cart as the checkout prices them: the first 5 free, each one after at the sample price", () => {
    // Ten samples of ten floors at $2.00 each past the fifth.
    const items = Array.from({ length: 10 }, (_, i) => sampleOf(100 + i));
    const cents = sampleLineCents(items, 200);
    expect([...(cents?.values() ?? [])]).toEqual([0, 0, 0, 0, 0, 200, 200, 200, 200, 200]);
    expect(cartTotals(items, 200).subtotal).toBe(10);
    // Without the sample price (settings unread), they are left to the checkout.
    expect(sampleLineCents(items, null)).toBeNull();
    expect(cartTotals(items, null).subtotal).toBe(0);
  });

  it("are listed after the floors, whatever order they were added in", () => {
    const items = [sampleOf(oak.id), cartLineFor(oak, 2)];
    expect(linesInCartOrder(items).map((item) => item.kind ?? "box")).toEqual(["box", "sample"]);
    expect(cartTotals(items, 200).subtotal).toBe(199.6);
  });
});
