import type { SearchSuggestResponse } from "@mcf/contracts/product";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createProduct } from "../../../test/factories.ts";
import shopperQueries from "../../../test/search-queries.json" with { type: "json" };
import { useTestApp } from "../../../test/test-app.ts";
import { products } from "../../db/schema/index.ts";
import { seedIfEmpty } from "../../db/seed/seed.ts";
import { parseSearch } from "./search-words.ts";

describe("reading a search", () => {
  it("reads flooring words, typos of them and features", () => {
    expect(parseSearch("LVP oak")).toEqual({ words: ["oak"], types: ["vinyl"], features: [] });
    expect(parseSearch("luxury vinyl plank")).toEqual({
      words: [],
      types: ["vinyl"],
      features: [],
    });
    expect(parseSearch("hardwod")).toMatchObject({ types: ["hardwood"] });
    expect(parseSearch("Waterprof, pet-friendly!")).toMatchObject({
      features: ["pet_friendly", "waterproof"],
    });
    expect(parseSearch("wood look tile")).toEqual({
      words: ["wood"],
      types: ["tile"],
      features: [],
    });
    expect(parseSearch("!!! ???")).toEqual({ words: [], types: [], features: [] });
  });
});

describe("GET /api/search/suggest on the sample catalogue", () => {
  const t = useTestApp();
  beforeAll(async () => {
    await seedIfEmpty(t.database.db);
  });
  const suggest = async (q: string) => {
    const res = await t.app.inject({ url: `/api/search/suggest?q=${encodeURIComponent(q)}` });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as SearchSuggestResponse).suggestions;
  };

  it("puts an expected product in the first three for every shopper query on file", async () => {
    const misses: string[] = [];
    for (const { q, expect: wanted } of shopperQueries.queries) {
      const top3 = (await suggest(q)).slice(0, 3).map((s) => s.name);
      if (!top3.some((name) => wanted.includes(name))) misses.push(`${q} → ${top3.join(" | ")}`);
    }
    expect(misses).toEqual([]);
  });

  it("understands typos, flooring words and features", async () => {
    expect((await suggest("hardwod")).every((s) => s.type === "hardwood")).toBe(true);
    expect((await suggest("hardwod")).length).toBeGreaterThan(0);
    const vinyl = await suggest("lvp");
    expect(vinyl.length).toBe(8);
    expect(vinyl.every((s) => s.type === "vinyl")).toBe(true);
    const waterproof = await suggest("waterproof");
    expect(waterproof.length).toBeGreaterThan(0);
    const rows = await t.database.db.query.products.findMany({
      where: (p, { inArray }) =>
        inArray(
          p.id,
          waterproof.map((s) => s.id),
        ),
    });
    expect(rows.every((row) => row.features.waterproof === true)).toBe(true);
  });

  it("answers each suggestion with its public price and page", async () => {
    const [first] = await suggest("red oak");
    expect(first).toMatchObject({
      name: "Heritage Plank Saddle Red Oak",
      type: "hardwood",
      url: `/products/${first?.id}`,
    });
    expect(first?.price_per_sqft).toBeGreaterThan(0);
  });

  it("answers nonsense and symbols with nothing, and a huge search with a clear message", async () => {
    expect(await suggest("")).toEqual([]);
    expect(await suggest("%%%_\\'\";--")).toEqual([]);
    expect(await suggest("zzzzqqqq")).toEqual([]);
    const huge = await t.app.inject({ url: `/api/search/suggest?q=${"a".repeat(10_000)}` });
    expect(huge.statusCode).toBe(422);
    expect(huge.body).toContain("Search must be at most 200 characters");
  });

  it("finds typos on the product list too, and still everything a plain search finds", async () => {
    const res = await t.app.inject({ url: "/api/products?q=hikory&per_page=-1" });
    const names = (res.json() as Array<{ name: string }>).map((p) => p.name);
    expect(names).toContain("Heritage Plank Hand-scraped Hickory");
    const plain = await t.app.inject({ url: "/api/products?q=Oak&per_page=-1" });
    const oak = (plain.json() as Array<{ name: string; brand: string | null }>).map((p) => p.name);
    expect(oak).toContain("Riverbend Core Weathered Oak");
  });

  it("forgives a typo in the words of a product added or renamed since, and not in its old name", async () => {
    const product = await createProduct(t.database.db, {
      name: "Zanzibar Coast Teak",
      stock_quantity: 4,
    });
    expect((await suggest("zanzibr")).map((s) => s.id)).toContain(product.id);

    await t.database.db
      .update(products)
      .set({ name: "Marrakesh Coast Teak" })
      .where(eq(products.id, product.id));
    expect((await suggest("marrakech")).map((s) => s.id)).toContain(product.id);
    expect((await suggest("zanzibr")).map((s) => s.id)).not.toContain(product.id);
  });
});
