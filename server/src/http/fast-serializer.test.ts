import { type CartCalculationResult, cartCalculationResultSchema } from "@mcf/contracts/cart";
import { serializerCompiler } from "fastify-type-provider-zod";
import { describe, expect, it } from "vitest";
import { fastSerializerCompiler } from "./fast-serializer.ts";

const route = { schema: cartCalculationResultSchema, method: "POST", url: "/api/cart/calculate" };
const fast = fastSerializerCompiler()(route);
const checked = serializerCompiler(route as never) as (data: unknown) => string;

const result: CartCalculationResult = {
  items: [
    {
      product_id: 7,
      product_name: 'Oak "Harbor" 5\u2033 — hand scraped',
      quantity: 12,
      unit_price: 47.9,
      sqft_per_box: 19.5,
      total_sqft: 234,
      total_price: 574.8,
      price_source: "public",
      final_sale: false,
      kind: "box",
      free_quantity: 0,
      lot: { lot_id: 3, lot_code: null, boxes_left: 40, message: "From one dye lot" },
      selling_unit: "box",
    },
    {
      product_id: 9,
      product_name: "Slate Tile",
      quantity: 6,
      unit_price: 2,
      sqft_per_box: 0,
      total_sqft: 0,
      total_price: 2,
      price_source: "partner",
      final_sale: true,
      kind: "sample",
      free_quantity: 5,
      selling_unit: "box",
    },
  ],
  shipping: {
    total_cartons: 12,
    pallets_needed: 1,
    cartons_per_pallet: null,
    cost: 0,
    method: "pickup",
    label: "Pick up at our showroom",
    estimated_date: "2026-12-01",
  },
  delivery_options: [
    {
      method: "freight",
      label: "Freight",
      cost: 189.5,
      available: false,
      reason: "Enter a ZIP code",
      estimated_date: null,
      services: [{ id: "liftgate", label: "Liftgate", cost: 75, selected: true }],
    },
  ],
  subtotal: 576.8,
  coupon_code: null,
  discount: 0,
  coupon_message: null,
  tax_rate: 0.1,
  tax: 57.68,
  total: 634.48,
  total_sqft: 234,
};

describe("the cart total's fast serializer", () => {
  // Field order may differ (an optional field comes last); the values may not.
  const read = (json: string) => JSON.parse(json);

  it("writes the same answer as the zod check, quotes and all", () => {
    expect(read(fast(result))).toEqual(read(checked(result)));
    expect(read(fast(result))).toEqual(result);
  });

  it("writes only the fields the schema names, as the zod check does", () => {
    const leaky = {
      ...result,
      ace_price: 1.23,
      items: result.items.map((item) => ({ ...item, cost_cents: 99 })),
    };
    expect(read(fast(leaky))).toEqual(read(checked(leaky)));
    expect(read(fast(leaky))).toEqual(result);
    expect(fast(leaky)).not.toContain("ace_price");
    expect(fast(leaky)).not.toContain("cost_cents");
  });

  it("refuses an answer that lacks a required field", () => {
    const { total: _, ...incomplete } = result;
    expect(() => fast(incomplete)).toThrow(/total/);
  });
});
