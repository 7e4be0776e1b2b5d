import type { AdminProduct } from "@mcf/contracts/product";
import { describe, expect, it } from "vitest";
import { sortProducts } from "./product-sort.ts";

let id = 0;
const product = (fields: Partial<AdminProduct>) =>
  ({ id: ++id, name: "x", ...fields }) as AdminProduct;

describe("sortProducts", () => {
  it("compares names as lowercase text and toggles direction", () => {
    const list = [
      product({ name: "birch" }),
      product({ name: "Ash" }),
      product({ name: "cherry" }),
    ];
    expect(sortProducts(list, "name", "asc").map((p) => p.name)).toEqual([
      "Ash",
      "birch",
      "cherry",
    ]);
    expect(sortProducts(list, "name", "desc").map((p) => p.name)).toEqual([
      "cherry",
      "birch",
      "Ash",
    ]);
  });
  it("compares prices and stock as numbers, not text", () => {
    const list = [
      product({ our_price: 10 }),
      product({ our_price: 9.5 }),
      product({ our_price: 100 }),
    ];
    expect(sortProducts(list, "our_price", "asc").map((p) => p.our_price)).toEqual([9.5, 10, 100]);
  });
  it("puts empty values last in both directions", () => {
    const list = [product({ brand: null }), product({ brand: "Zed" }), product({ brand: "Acme" })];
    expect(sortProducts(list, "brand", "asc").map((p) => p.brand)).toEqual(["Acme", "Zed", null]);
    expect(sortProducts(list, "brand", "desc").map((p) => p.brand)).toEqual(["Zed", "Acme", null]);
  });
  it("sorts closeouts as true after false ascending", () => {
    const list = [product({ is_closeout: true }), product({ is_closeout: false })];
    expect(sortProducts(list, "is_closeout", "asc").map((p) => p.is_closeout)).toEqual([
      false,
      true,
    ]);
  });
});
