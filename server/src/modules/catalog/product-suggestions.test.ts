import type { SearchSuggestion, SearchSuggestResponse } from "@mcf/contracts/product";
import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { createAccessory, createProduct } from "../../../test/factories.ts";
import { useTestApp } from "../../../test/test-app.ts";
import { products } from "../../db/schema/index.ts";

const t = useTestApp();

const suggest = async (q: string): Promise<SearchSuggestion[]> => {
  const res = await t.app.inject({ url: `/api/search/suggest?q=${encodeURIComponent(q)}` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as SearchSuggestResponse).suggestions;
};
const names = async (q: string) => (await suggest(q)).map((s) => s.name);

/** A floor whose only searchable words are its name, brand and `color`. */
const floor = (
  name: string,
  color: string,
  brand: string | null = null,
  overrides: Parameters<typeof createProduct>[1] = {},
) =>
  createProduct(t.database.db, {
    name,
    brand,
    color,
    collection: null,
    style_color: null,
    construction: null,
    type: "hardwood",
    stock_quantity: 10,
    ...overrides,
  });

describe("ranking suggestions", () => {
  beforeEach(async () => {
    await t.database.db.delete(products);
    // Created so that the order of names is the reverse of the ranks for "oak".
    await floor("Birch Natural", "oak-look grain");
    await floor("Cloak Gray", "tan");
    await floor("Harbor Oak", "tan");
    await floor("Maple Classic", "tan", "Oakridge");
    await floor("Oak Harbor", "tan");
  });

  it("puts a name that starts with the search first, then a name word, a part of one, the brand, the words", async () => {
    expect(await names("oak")).toEqual([
      "Oak Harbor",
      "Harbor Oak",
      "Cloak Gray",
      "Maple Classic",
      "Birch Natural",
    ]);
    expect(await names("OAK ")).toEqual(await names("oak"));
  });

  it("ranks the whole of a search of several words in a name above its words apart", async () => {
    expect(await names("harbor oak")).toEqual(["Harbor Oak", "Oak Harbor"]);
    expect(await names("oak harbor")).toEqual(["Oak Harbor", "Harbor Oak"]);
    // "ha" is a name word's start in both, "harbor o" only in one name.
    expect(await names("harbor o")).toEqual(["Harbor Oak", "Oak Harbor"]);
  });

  it("keeps the order of names between equal ranks, and ignores words that say nothing", async () => {
    // "the" asks for nothing: the two names with "oak" at a word's start tie, as do the two
    // with it only in their words (the brand does not hold "the oak").
    expect(await names("the oak")).toEqual([
      "Harbor Oak",
      "Oak Harbor",
      "Cloak Gray",
      "Birch Natural",
      "Maple Classic",
    ]);
  });

  it("finds one or two letters anywhere in a word, best names first, at most eight", async () => {
    for (let i = 10; i < 22; i++) await floor(`Plank ${i}`, "wood");
    expect(await names("o")).toEqual([
      "Oak Harbor",
      "Harbor Oak",
      "Cloak Gray",
      "Maple Classic",
      // Only in their words ("oak-look", "wood"): in the order of names.
      "Birch Natural",
      "Plank 10",
      "Plank 11",
      "Plank 12",
    ]);
    expect(await names("ak")).toEqual([
      "Cloak Gray",
      "Harbor Oak",
      "Oak Harbor",
      // The brand "Oakridge" has it.
      "Maple Classic",
      "Birch Natural",
    ]);
  });

  it("finds the whole of a search that begins inside a word and ends at the start of one", async () => {
    await floor("Sand Harbor Oak", "tan");
    // Only "Sand Harbor Oak" holds "and harbor oa" ("and" alone asks for nothing).
    expect(await names("and harbor oa")).toEqual(["Sand Harbor Oak", "Harbor Oak", "Oak Harbor"]);
  });

  it("finds either spelling of a colour", async () => {
    await floor("Harbor Grey", "tan");
    expect(await names("grey")).toEqual(["Harbor Grey", "Cloak Gray"]);
    expect(await names("gray")).toEqual(["Cloak Gray", "Harbor Grey"]);
    expect(await names("grey harbor")).toEqual(["Harbor Grey"]);
    const list = await t.app.inject({ url: "/api/products?q=grey&per_page=-1" });
    expect((list.json() as Array<{ name: string }>).map((p) => p.name)).toEqual([
      "Cloak Gray",
      "Harbor Grey",
    ]);
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
});

describe("floors and accessories in the suggestions", () => {
  beforeEach(async () => {
    await t.database.db.delete(products);
  });

  it("puts floors first for a flooring search, and accessories first when the search names one", async () => {
    const nose = await createAccessory(t.database.db, {
      name: "Oak Stair Nose",
      accessory_kind: "stair_nose",
      selling_unit: "piece",
      our_price: 39.99,
    });
    const oak = await floor("Harbor White Oak", "tan", null, { our_price: 3.99 });
    const step = await floor("Stair Step Maple", "tan");
    // The accessory's name starts with "oak", the floor's does not: still the floor first.
    expect((await suggest("oak")).map((s) => s.id)).toEqual([oak.id, nose.id]);
    // The floor has "stair" in its name, but "stair" asks for an accessory.
    expect((await suggest("stair")).map((s) => s.id)).toEqual([nose.id, step.id]);
    expect(await suggest("stair nose")).toEqual([
      {
        id: nose.id,
        name: "Oak Stair Nose",
        type: "accessory",
        price_per_sqft: null,
        url: `/products/${nose.id}`,
        unit_price: 39.99,
        selling_unit: "piece",
      },
    ]);
    expect(await suggest("harbor")).toEqual([
      {
        id: oak.id,
        name: "Harbor White Oak",
        type: "hardwood",
        price_per_sqft: 3.99,
        url: `/products/${oak.id}`,
      },
    ]);
  });

  it("finds an accessory by its kind even when its name does not say it", async () => {
    const trim = await createAccessory(t.database.db, {
      name: "Trimline Natural Oak",
      accessory_kind: "transition",
    });
    expect((await suggest("transition")).map((s) => s.id)).toEqual([trim.id]);
  });

  it("follows a sell-out, a price change and a rename in the very next suggestion", async () => {
    const db = t.database.db;
    const early = await createProduct(db, { name: "Aardquist Hickory", stock_quantity: 2 });
    const late = await createProduct(db, { name: "Zeldquist Hickory", stock_quantity: 9 });
    const trim = await createAccessory(db, { name: "Quist Reducer", our_price: 19.99 });
    expect((await suggest("quist")).map((s) => s.id)).toEqual([early.id, late.id, trim.id]);

    // A checkout takes the last boxes: the sold-out floor goes after the one in stock.
    await db
      .update(products)
      .set({ stock_quantity: 0, on_hand: sql`0 + ${products.allocated} + ${products.reserved}` })
      .where(eq(products.id, early.id));
    await db.update(products).set({ our_price_cents: 525 }).where(eq(products.id, late.id));
    await db.update(products).set({ our_price_cents: 1750 }).where(eq(products.id, trim.id));
    const afterSale = await suggest("quist");
    expect(afterSale.map((s) => [s.id, s.price_per_sqft, s.unit_price])).toEqual([
      [late.id, 5.25, undefined],
      [early.id, 4.99, undefined],
      [trim.id, null, 17.5],
    ]);

    await db.update(products).set({ name: "Zeldquist Ash" }).where(eq(products.id, late.id));
    expect((await suggest("quist")).find((s) => s.id === late.id)?.name).toBe("Zeldquist Ash");
  });

  it("forgives a typo in a word of a product added or renamed a moment ago", async () => {
    const db = t.database.db;
    const added = await floor("Brazilian Tigerwood", "amber");
    expect(await names("tigerwod")).toContain("Brazilian Tigerwood");
    await db.update(products).set({ name: "Brazilian Zebrawood" }).where(eq(products.id, added.id));
    expect(await names("zebrawod")).toContain("Brazilian Zebrawood");
    // A half-typed typo like no word of the catalogue finds nothing.
    expect(await names("zqxv")).toEqual([]);
  });
});
