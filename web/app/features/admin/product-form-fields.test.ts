import { productCreateSchema } from "@mcf/contracts/admin";
import type { AdminProduct } from "@mcf/contracts/product";
import { describe, expect, it } from "vitest";
import { productFormValues, productRequestBody } from "./product-form-fields.ts";

const save = (values: Record<string, string>) =>
  productRequestBody({ values, closeout: false, samplesAvailable: true, features: [], specs: [] });

describe("the product editor's accessory fields", () => {
  it("shows an accessory's unit, kind, coverage and suited types, and saves them back as they were", () => {
    const roll = {
      id: 7,
      name: "QuietStep Underlayment",
      selling_unit: "roll",
      accessory_kind: "underlayment",
      unit_coverage_sqft: 100,
      fits_types: ["laminate", "vinyl"],
      stock_quantity: 12,
    } as AdminProduct;
    const values = productFormValues(roll);
    expect(values).toMatchObject({
      selling_unit: "roll",
      accessory_kind: "underlayment",
      unit_coverage_sqft: "100",
      fits_types: "laminate, vinyl",
    });
    expect(save(values)).toMatchObject({
      selling_unit: "roll",
      accessory_kind: "underlayment",
      unit_coverage_sqft: 100,
      fits_types: ["laminate", "vinyl"],
    });
  });

  it("makes a new product flooring sold by the box, which the server's schema accepts", () => {
    const values = { ...productFormValues(null), name: "Harbor Oak" };
    const body = save(values);
    expect(body).toMatchObject({ selling_unit: "box", accessory_kind: null, fits_types: null });
    expect(productCreateSchema.safeParse(body).success).toBe(true);
  });

  it("reads a typed list of types loosely: spaces, capitals and empty items do not count", () => {
    const values = { ...productFormValues(null), name: "Reducer", fits_types: " Tile, ,HARDWOOD " };
    expect(save(values).fits_types).toEqual(["tile", "hardwood"]);
  });
});
