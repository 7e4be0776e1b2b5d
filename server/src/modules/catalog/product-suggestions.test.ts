import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createAccessory, createProduct } from "../../../test/factories.ts";
import { useTestApp } from "../../../test/test-app.ts";
import type { Db } from "../../db/client.ts";
import { products } from "../../db/schema/index.ts";
import {
  createProductSuggester,
  loadSuggestionIndex,
  refreshSuggestionIndex,
} from "./product-suggestions.ts";
import {
  buildSuggestionIndex,
  type SuggestableProduct,
  suggestFromIndex,
  withStockAndPrices,
} from "./suggestion-index.ts";

const product = (overrides: Partial<SuggestableProduct>): SuggestableProduct => ({
  id: 1,
  name: "Harbor White Oak",
  brand: "Test Floors",
  collection: null,
  type: "hardwood",
  features: {},
  stockQuantity: 4,
  searchText: "harbor white oak test floors  hardwood",
  flooring: true,
  sellingUnit: "box",
  pricePerSqft: 3.99,
  unitPrice: 79.8,
  fingerprint: "oak",
  ...overrides,
});
const oak = (price: number) => product({ pricePerSqft: price });
const birch = product({
  id: 2,
  name: "Alder Birch",
  searchText: "alder birch test floors  hardwood",
  fingerprint: "birch",
});
const nose = product({
  id: 3,
  name: "Oak Stair Nose",
  type: "accessory",
  searchText: "oak stair nose test trim  accessory stair nose",
  flooring: false,
  sellingUnit: "piece",
  pricePerSqft: null,
  unitPrice: 39.99,
  fingerprint: "nose",
});
const step = product({
  id: 4,
  name: "Stair Step Maple",
  brand: "Stair Mills",
  searchText: "stair step maple stair mills  hardwood",
  fingerprint: "step",
});

describe("suggestions per catalogue version", () => {
  it("builds one index for requests that arrive together, and again when the words changed", async () => {
    let builds = 0;
    let price = 3.99;
    const suggest = createProductSuggester(
      {} as Db,
      async () => {
        builds += 1;
        return buildSuggestionIndex([oak(price)], 0.5);
      },
      // A refresh that finds the words changed.
      async () => null,
    );
    const together = await Promise.all(["oak", "white", "harbor"].map((q) => suggest("1", q)));
    expect(builds).toBe(1);
    expect(together.map((answer) => answer[0]?.price_per_sqft)).toEqual([3.99, 3.99, 3.99]);

    price = 2.49;
    expect((await suggest("2", "oak"))[0]?.price_per_sqft).toBe(2.49);
    expect(builds).toBe(2);
    expect(await suggest("2", "walnut")).toEqual([]);
    expect(builds).toBe(2);
  });

  it("refreshes the last index when the version moves and the words did not change", async () => {
    let builds = 0;
    let refreshes = 0;
    let stock = 4;
    const suggest = createProductSuggester(
      {} as Db,
      async () => {
        builds += 1;
        return buildSuggestionIndex([oak(3.99), birch], 0.5);
      },
      async (_db, index) => {
        refreshes += 1;
        return withStockAndPrices(index, [oak(2.99), { ...birch, stockQuantity: stock }]);
      },
    );
    // Equal rank: the name breaks the tie while both are in stock.
    expect((await suggest("1", "test")).map((s) => s.id)).toEqual([2, 1]);
    stock = 0;
    const [first, second] = await Promise.all([suggest("2", "test"), suggest("2", "oak")]);
    expect(first.map((s) => [s.id, s.price_per_sqft])).toEqual([
      [1, 2.99],
      [2, 3.99],
    ]);
    expect(second.map((s) => s.id)).toEqual([1]);
    expect([builds, refreshes]).toEqual([1, 1]);
  });

  it("tries a failed build again on the next request", async () => {
    let attempts = 0;
    const suggest = createProductSuggester({} as Db, async () => {
      attempts += 1;
      if (attempts === 1) throw new Error("database unavailable");
      return buildSuggestionIndex([oak(3.99)], 0.5);
    });
    await expect(suggest("1", "oak")).rejects.toThrow("database unavailable");
    expect((await suggest("1", "oak")).map((s) => s.name)).toEqual(["Harbor White Oak"]);
  });
});

describe("floors and accessories in one index", () => {
  it("puts floors first for a flooring search, and accessories first when the search names one", async () => {
    const index = await buildSuggestionIndex([nose, oak(3.99), birch, step], 0.5);
    // The accessory's name starts with "oak", the floor's does not: still the floor first.
    expect(suggestFromIndex(index, "oak").map((s) => s.id)).toEqual([1, 3]);
    // The floor has "stair" in its name and brand, but "stair" asks for an accessory.
    expect(suggestFromIndex(index, "stair").map((s) => s.id)).toEqual([3, 4]);
    expect(suggestFromIndex(index, "stair nose")).toEqual([
      {
        id: 3,
        name: "Oak Stair Nose",
        type: "accessory",
        price_per_sqft: null,
        url: "/products/3",
        unit_price: 39.99,
        selling_unit: "piece",
      },
    ]);
    expect(suggestFromIndex(index, "harbor")).toEqual([
      {
        id: 1,
        name: "Harbor White Oak",
        type: "hardwood",
        price_per_sqft: 3.99,
        url: "/products/1",
      },
    ]);
  });

  it("applies new stock and prices without touching the index it came from, and declines other changes", async () => {
    const index = await buildSuggestionIndex([oak(3.99), birch, nose], 0.5);
    const sold = withStockAndPrices(index, [
      { ...birch, stockQuantity: 0 },
      oak(4.49),
      { ...nose, unitPrice: 41.5 },
    ]);
    expect(sold?.text).toBe(index.text);
    expect(
      suggestFromIndex(sold ?? index, "hardwood").map((s) => [s.id, s.price_per_sqft]),
    ).toEqual([
      [1, 4.49],
      [2, 3.99],
    ]);
    expect(suggestFromIndex(sold ?? index, "stair")[0]?.unit_price).toBe(41.5);
    // The index before answers as it did.
    expect(suggestFromIndex(index, "hardwood").map((s) => [s.id, s.price_per_sqft])).toEqual([
      [2, 3.99],
      [1, 3.99],
    ]);

    expect(withStockAndPrices(index, [oak(3.99), birch])).toBeNull();
    expect(withStockAndPrices(index, [oak(3.99), birch, nose, { ...birch, id: 9 }])).toBeNull();
    expect(withStockAndPrices(index, [oak(3.99), birch, { ...nose, id: 9 }])).toBeNull();
    expect(withStockAndPrices(index, [oak(3.99), birch, birch])).toBeNull();
    expect(withStockAndPrices(index, [oak(3.99), birch, { ...nose, fingerprint: "x" }])).toBeNull();
  });
});

describe("a suggester on the database after stock, price and name changes", () => {
  const t = useTestApp();

  it("reads the catalogue in parts and misses no product, the first or the last", async () => {
    const db = t.database.db;
    await createProduct(db, { name: "Partwise Oak" });
    const whole = await loadSuggestionIndex(db);
    // Three products a read: the sample catalogue and the new floor take many reads.
    const inParts = await loadSuggestionIndex(db, 3);
    const ids = (index: typeof whole) => index.products.map((p) => p.suggestion.id);
    expect(ids(inParts)).toEqual(ids(whole));
    expect(new Set(ids(inParts)).size).toBe(ids(whole).length);
    expect(suggestFromIndex(inParts, "partwise").map((s) => s.name)).toEqual(["Partwise Oak"]);
    // The refresh reads in parts too, and finds the same products.
    expect(await refreshSuggestionIndex(db, inParts, 3)).not.toBeNull();
  });

  it("follows a sell-out and a price change without a new build, and a rename with one", async () => {
    const db = t.database.db;
    const early = await createProduct(db, { name: "Aardquist Hickory", stock_quantity: 2 });
    const late = await createProduct(db, { name: "Zeldquist Hickory", stock_quantity: 9 });
    const trim = await createAccessory(db, { name: "Quist Reducer", our_price: 19.99 });
    let loads = 0;
    const suggest = createProductSuggester(db, async (database) => {
      loads += 1;
      return loadSuggestionIndex(database);
    });
    expect((await suggest("1", "quist")).map((s) => s.id)).toEqual([early.id, late.id, trim.id]);

    // A checkout takes the last boxes: the sold-out floor goes after the one in stock.
    await db
      .update(products)
      .set({ stock_quantity: 0, on_hand: sql`0 + ${products.allocated} + ${products.reserved}` })
      .where(eq(products.id, early.id));
    await db.update(products).set({ our_price: "5.25" }).where(eq(products.id, late.id));
    await db.update(products).set({ our_price: "17.5" }).where(eq(products.id, trim.id));
    const afterSale = await suggest("2", "quist");
    expect(afterSale.map((s) => [s.id, s.price_per_sqft, s.unit_price])).toEqual([
      [late.id, 5.25, undefined],
      [early.id, 4.99, undefined],
      [trim.id, null, 17.5],
    ]);
    expect(loads).toBe(1);

    await db.update(products).set({ name: "Zeldquist Ash" }).where(eq(products.id, late.id));
    const renamed = await suggest("3", "quist");
    expect(renamed.find((s) => s.id === late.id)?.name).toBe("Zeldquist Ash");
    expect(loads).toBe(2);

    // Back in stock: the order by name returns, still without a build.
    await db
      .update(products)
      .set({ stock_quantity: 5, on_hand: sql`5 + ${products.allocated} + ${products.reserved}` })
      .where(eq(products.id, early.id));
    expect((await suggest("4", "quist")).map((s) => s.id)).toEqual([early.id, late.id, trim.id]);
    expect(loads).toBe(2);

    const added = await createProduct(db, { name: "Midquist Maple" });
    expect((await suggest("5", "quist")).map((s) => s.id)).toContain(added.id);
    expect(loads).toBe(3);
  });
});
