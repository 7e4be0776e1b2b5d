import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProduct } from "../../../test/factories.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";

describe("feature filters on GET /api/products", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    await createProduct(db, {
      name: "Harbor Vinyl",
      features: { waterproof: true, pet_friendly: true, installation: "Click-lock" },
    });
    await createProduct(db, {
      name: "Meadow Laminate",
      features: { waterproof: false, water_resistant: true, pet_friendly: true },
    });
    await createProduct(db, {
      name: "Summit Oak",
      features: { waterproof: false, refinishable: true },
    });
  });
  afterAll(() => t.close());

  const names = async (url: string) =>
    (await t.app.inject({ method: "GET", url })).json().map((p: { name: string }) => p.name);

  it("lists only products with every chosen feature", async () => {
    expect(await names("/api/products?features=waterproof")).toEqual(["Harbor Vinyl"]);
    expect(await names("/api/products?features=pet_friendly")).toEqual([
      "Harbor Vinyl",
      "Meadow Laminate",
    ]);
    expect(await names("/api/products?features=pet_friendly,water_resistant")).toEqual([
      "Meadow Laminate",
    ]);
    // A feature no product has finds nothing rather than failing.
    expect(await names("/api/products?features=heated_by_magic")).toEqual([]);
    // An empty value is no filter.
    expect(await names("/api/products?features=")).toHaveLength(3);
  });

  it("the facets offer the yes/no features some product has, the most asked for first", async () => {
    const facets = (await t.app.inject({ method: "GET", url: "/api/products/facets" })).json();
    expect(facets.features).toEqual([
      "waterproof",
      "pet_friendly",
      "water_resistant",
      "refinishable",
    ]);
  });

  it("refuses a malformed feature list with a clear message and answers no products", async () => {
    for (const bad of [
      "water proof",
      "<script>",
      Array.from({ length: 13 }, (_, i) => `f${i}`).join(","),
    ]) {
      const res = await t.app.inject({
        method: "GET",
        url: `/api/products?features=${encodeURIComponent(bad)}`,
      });
      expect(res.statusCode).toBe(422);
      expect(JSON.stringify(res.json().detail)).toContain(
        "Features must be up to 12 names like waterproof or pet_friendly, separated by commas",
      );
    }
  });
});
