import type { SearchSuggestResponse } from "@mcf/contracts/product";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createProduct } from "../../../test/factories.ts";
import shopperQueries from "../../../test/search-queries.json" with { type: "json" };
import { useTestApp } from "../../../test/test-app.ts";
import { products } from "../../db/schema/index.ts";
import { seedIfEmpty } from "../../db/seed/seed.ts";
import { parseSearch, trigramSimilarity } from "./search-words.ts";

describe("reading a search", () => {
  it("reads flooring words, typos of them and features", () => {
    expect(parseSearch("LVP oak")).toEqual({
      words: ["oak"],
      types: ["vinyl"],
      features: [],
      readAs: [],
    });
    expect(parseSearch("luxury vinyl plank")).toEqual({
      words: [],
      types: ["vinyl"],
      features: [],
      readAs: [],
    });
    expect(parseSearch("hardwod")).toMatchObject({
      types: ["hardwood"],
      readAs: [{ typed: "hardwod", phrase: "hardwood" }],
    });
    expect(parseSearch("Waterprof, pet-friendly!")).toMatchObject({
      features: ["pet_friendly", "waterproof"],
    });
    expect(parseSearch("wood look tile")).toEqual({
      words: ["wood"],
      types: ["tile"],
      features: [],
      readAs: [],
    });
    expect(parseSearch("!!! ???")).toEqual({ words: [], types: [], features: [], readAs: [] });
  });

  it("reads phrases the same however the words are spaced or punctuated", () => {
    expect(parseSearch("  Wood\tLOOK   tile, Café ")).toEqual({
      words: ["café", "wood"],
      types: ["tile"],
      features: [],
      readAs: [],
    });
    // Phrases sharing a first word: the longest one present is read.
    expect(parseSearch("luxury vinyl tile and luxury vinyl")).toEqual({
      words: [],
      types: ["vinyl"],
      features: [],
      readAs: [],
    });
    expect(parseSearch("vinyl planks hand scraped")).toEqual({
      words: [],
      types: ["vinyl"],
      features: ["hand_scraped"],
      readAs: [],
    });
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

  it("offers the accessory a shopper names, at its unit price and on its own page", async () => {
    for (const [q, unit] of [
      ["underlayment", "roll"],
      ["quarter round", "piece"],
      ["stair nose", "piece"],
      ["adhesive", "pail"],
      ["reducer", "piece"],
    ] as const) {
      const [first] = await suggest(q);
      expect(first, q).toMatchObject({
        type: "accessory",
        price_per_sqft: null,
        selling_unit: unit,
        url: `/products/${first?.id}`,
      });
      expect(first?.name.toLowerCase(), q).toContain(q);
      expect(first?.unit_price, q).toBeGreaterThan(0);
      const page = await t.app.inject({ url: `/api/products/${first?.id}` });
      expect(page.json(), q).toMatchObject({ name: first?.name, selling_unit: unit });
    }
  });

  it("keeps floors ahead of accessories whose names share a flooring search's words", async () => {
    for (const q of ["oak", "lvp", "waterproof", "gray"]) {
      const found = await suggest(q);
      expect(found.length, q).toBe(8);
      expect(found.filter((s) => s.type === "accessory").length, q).toBe(0);
    }
    // Fewer than eight floors have both words: the accessories follow them.
    const natural = (await suggest("natural oak")).map((s) => s.type === "accessory");
    expect(natural).toContain(true);
    expect(natural).toEqual([...natural].sort());
  });

  it("answers nonsense and symbols with nothing, and a huge search with a clear message", async () => {
    expect(await suggest("")).toEqual([]);
    expect(await suggest("%%%_\\'\";--")).toEqual([]);
    expect(await suggest("zzzzqqqq")).toEqual([]);
    const huge = await t.app.inject({ url: `/api/search/suggest?q=${"a".repeat(10_000)}` });
    expect(huge.statusCode).toBe(422);
    expect(huge.body).toContain("Search must be at most 200 characters");
  });

  it("lists on Enter everything the box suggested for the same words, accessories included", async () => {
    for (const q of ["underlayment", "stair nose", "lvp", "hikory", "grey", "oak", "waterprof"]) {
      const suggested = (await suggest(q)).map((s) => s.id);
      expect(suggested.length, q).toBeGreaterThan(0);
      const res = await t.app.inject({
        url: `/api/products?q=${encodeURIComponent(q)}&per_page=-1`,
      });
      const listed = (res.json() as Array<{ id: number }>).map((p) => p.id);
      expect(listed, q).toEqual(expect.arrayContaining(suggested));
    }
    const rolls = await t.app.inject({ url: "/api/products?q=underlayment&per_page=-1" });
    const units = (rolls.json() as Array<{ selling_unit: string }>).map((p) => p.selling_unit);
    expect(units.filter((unit) => unit === "roll").length).toBeGreaterThanOrEqual(3);
  });

  it("finds typos on the product list too, and still everything a plain search finds", async () => {
    const res = await t.app.inject({ url: "/api/products?q=hikory&per_page=-1" });
    const names = (res.json() as Array<{ name: string }>).map((p) => p.name);
    expect(names).toContain("Heritage Plank Hand-scraped Hickory");
    const plain = await t.app.inject({ url: "/api/products?q=Oak&per_page=-1" });
    const oak = (plain.json() as Array<{ name: string; brand: string | null }>).map((p) => p.name);
    expect(oak).toContain("Riverbend Core Weathered Oak");
  });

  it("says what a search with a typo showed, and nothing when every word was found as typed", async () => {
    const showing = async (q: string) => {
      const res = await t.app.inject({ url: `/api/products?q=${encodeURIComponent(q)}` });
      expect(res.statusCode, res.body).toBe(200);
      const header = res.headers["x-search-showing"];
      return typeof header === "string" ? decodeURIComponent(header) : null;
    };
    expect(await showing("hardwod")).toBe("hardwood");
    expect(await showing("hikory plank")).toBe("hickory plank");
    expect(await showing("waterprof oak")).toBe("waterproof oak");
    for (const q of ["hickory", "grey oak", "gray oak", "lvp", "zzzzqqqq"])
      expect(await showing(q), q).toBeNull();
  });

  it("orders a search best match first when asked, and by name by default", async () => {
    const names = async (query: string) => {
      const res = await t.app.inject({ url: `/api/products?${query}&per_page=-1` });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as Array<{ name: string; stock_quantity: number }>)
        .filter((p) => p.stock_quantity > 0)
        .map((p) => p.name);
    };
    const byName = await names("q=oak");
    expect(byName).toEqual(
      [...byName].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())),
    );
    const best = await names("q=oak&sort=relevance");
    expect(new Set(best)).toEqual(new Set(byName));
    // A product with "oak" as a word of its name comes before one that only has it elsewhere.
    const firstWithoutOak = best.findIndex((name) => !/\boak\b/i.test(name));
    const lastWithOak = best.findLastIndex((name) => /\boak\b/i.test(name));
    expect(firstWithoutOak === -1 || lastWithOak < firstWithoutOak).toBe(true);
    // Without a search, best match is the name order.
    expect(await names("sort=relevance")).toEqual(await names("sort=name_asc"));
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

  it("shows a price edit and a new product in the very next suggestion", async () => {
    const product = await createProduct(t.database.db, {
      name: "Quillfeather Oak",
      our_price: 3.49,
      stock_quantity: 10,
    });
    expect(await suggest("quillfeather")).toEqual([
      expect.objectContaining({ id: product.id, price_per_sqft: 3.49 }),
    ]);

    await t.database.db
      .update(products)
      .set({ our_price_cents: 299 })
      .where(eq(products.id, product.id));
    expect((await suggest("quillfeather"))[0]?.price_per_sqft).toBe(2.99);

    const maple = await createProduct(t.database.db, { name: "Quillfeather Maple" });
    expect((await suggest("quillfeather")).map((s) => s.id)).toEqual([maple.id, product.id]);
  });

  it("ranks an out-of-stock product after an in-stock one of equal rank", async () => {
    const soldOut = await createProduct(t.database.db, {
      name: "Aardwick Birch",
      stock_quantity: 0,
    });
    const inStock = await createProduct(t.database.db, {
      name: "Zeltwick Birch",
      stock_quantity: 3,
    });
    // "wick" is in both names at the same depth: only stock tells them apart.
    expect((await suggest("wick birch")).map((s) => s.id)).toEqual([inStock.id, soldOut.id]);
  });

  it("measures a typo's likeness to a word exactly as the database's strict word similarity", async () => {
    const pairs = [
      ["hikory", "hickory"],
      ["hardwod", "hardwood"],
      ["wire-brushd", "wirebrushed"],
      ["zanzibr", "zanzibar"],
      ["oak", "cloak"],
      ["12345", "birch"],
      ["élan", "elan"],
    ];
    for (const [typed = "", word = ""] of pairs) {
      const result = await t.database.db.execute<{ likeness: number }>(
        sql`select strict_word_similarity(${typed}, ${word})::float8 as likeness`,
      );
      expect(trigramSimilarity(typed, word), `${typed} ~ ${word}`).toBeCloseTo(
        Number(result.rows[0]?.likeness),
        5,
      );
    }
  });
});
