import { describe, expect, it } from "vitest";
import type { Db } from "../../db/client.ts";
import { createProductSuggester } from "./product-suggestions.ts";
import { buildSuggestionIndex, type SuggestableProduct } from "./suggestion-index.ts";

const oak = (price: number): SuggestableProduct => ({
  id: 1,
  name: "Harbor White Oak",
  brand: "Test Floors",
  collection: null,
  type: "hardwood",
  features: {},
  stockQuantity: 4,
  searchText: "harbor white oak test floors  hardwood",
  flooring: true,
  pricePerSqft: price,
});

describe("suggestions per catalogue version", () => {
  it("builds one index for requests that arrive together, and one more when the version moves", async () => {
    let builds = 0;
    let price = 3.99;
    const suggest = createProductSuggester({} as Db, async () => {
      builds += 1;
      return buildSuggestionIndex([oak(price)], 0.5);
    });
    const together = await Promise.all(["oak", "white", "harbor"].map((q) => suggest("1", q)));
    expect(builds).toBe(1);
    expect(together.map((answer) => answer[0]?.price_per_sqft)).toEqual([3.99, 3.99, 3.99]);

    price = 2.49;
    expect((await suggest("2", "oak"))[0]?.price_per_sqft).toBe(2.49);
    expect(builds).toBe(2);
    expect(await suggest("2", "walnut")).toEqual([]);
    expect(builds).toBe(2);
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
