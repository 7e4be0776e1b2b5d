import { describe, expect, it } from "vitest";
import {
  changeListParams,
  defaultListParams,
  listHref,
  pageCount,
  pageWindow,
  parseListParams,
  refinementCount,
} from "./list-params.ts";
import {
  coverageEstimate,
  normalizeQuantity,
  stockState,
  theirBoxPrice,
} from "./product-pricing.ts";

describe("product list URL state", () => {
  it("reads filters from the URL and falls back to defaults for nonsense", () => {
    const params = parseListParams(
      new URLSearchParams(
        "type=Hardwood&brand=Oakridge&sort=bogus&per_page=33&page=-2&min_price=abc&max_price=5000",
      ),
    );
    expect(params).toEqual({
      ...defaultListParams,
      type: "hardwood",
      brand: "Oakridge",
    });
  });

  it("drops control characters from a filter, so a link holding a NUL still lists products", () => {
    const params = parseListParams(
      new URLSearchParams("brand=Oak%00ridge&q=%00&construction=%01x"),
    );
    expect(params).toMatchObject({ brand: "Oakridge", q: "", construction: "x" });
  });

  it("reads features from a link and from the filter form, each once, dropping malformed ones", () => {
    const params = parseListParams(
      new URLSearchParams(
        "features=waterproof,Pet_Friendly,bad key&feature=water_resistant&feature=waterproof",
      ),
    );
    expect(params.features).toEqual(["waterproof", "pet_friendly", "water_resistant"]);
    expect(listHref({ ...defaultListParams, features: ["waterproof", "pet_friendly"] })).toBe(
      "?features=waterproof%2Cpet_friendly",
    );
    expect(
      refinementCount({ ...defaultListParams, features: ["waterproof", "pet_friendly"] }),
    ).toBe(2);
  });

  it("counts the settings the phone's filter toggle reports as active, search aside", () => {
    expect(refinementCount(defaultListParams)).toBe(0);
    expect(refinementCount({ ...defaultListParams, q: "oak", page: 3 })).toBe(0);
    expect(
      refinementCount({
        ...defaultListParams,
        type: "tile",
        brand: "Oakridge",
        min_price: 2,
        max_price: 5,
        sort: "price_desc",
        per_page: 25,
      }),
    ).toBe(5);
  });

  it("writes only non-default values, and a filter change goes back to page 1", () => {
    const onPage3 = { ...defaultListParams, page: 3, per_page: 25 };
    expect(listHref(onPage3)).toBe("?per_page=25&page=3");
    const next = changeListParams(onPage3, { type: "tile" });
    expect(listHref(next)).toBe("?type=tile&per_page=25");
    expect(listHref(changeListParams(next, { page: 2 }))).toBe("?type=tile&per_page=25&page=2");
    expect(listHref(defaultListParams)).toBe("?");
  });

  it("keeps a page window of at most 5 inside the page range", () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(6, 10)).toEqual([4, 5, 6, 7, 8]);
    expect(pageWindow(10, 10)).toEqual([6, 7, 8, 9, 10]);
    expect(pageCount(0, 25)).toBe(1);
    expect(pageCount(51, 25)).toBe(3);
    expect(pageCount(500, -1)).toBe(1);
  });
});

describe("product pricing and quantities", () => {
  it("crosses out the server's their price only when it is a saving over our box price", () => {
    expect(theirBoxPrice(179.8, 129.8)).toBe(179.8);
    expect(theirBoxPrice(129.8, 129.8)).toBeNull();
    expect(theirBoxPrice(99, 129.8)).toBeNull();
    expect(theirBoxPrice(null, 129.8)).toBeNull();
    expect(theirBoxPrice(undefined, 129.8)).toBeNull();
    expect(theirBoxPrice(179.8, null)).toBeNull();
  });

  it("treats quantity input as a whole number of at least 1, capped at the stock", () => {
    expect(normalizeQuantity("abc")).toBe(1);
    expect(normalizeQuantity("0")).toBe(1);
    expect(normalizeQuantity("3.7")).toBe(3);
    expect(normalizeQuantity("12", 5)).toBe(5);
    expect(normalizeQuantity(4, 10)).toBe(4);
  });

  it("reports stock as out, low (5 or fewer) or in", () => {
    expect(stockState(0)).toEqual({ kind: "out" });
    expect(stockState(5)).toEqual({ kind: "low", left: 5 });
    expect(stockState(6)).toEqual({ kind: "in", count: 6 });
  });

  it("estimates whole boxes for a room with a waste allowance", () => {
    expect(coverageEstimate(200, 10, 20)).toEqual({ areaWithWaste: 220, boxes: 11, coverage: 220 });
    expect(coverageEstimate(150, 10, 23.5)).toEqual({
      areaWithWaste: 165,
      boxes: 8,
      coverage: 188,
    });
    expect(coverageEstimate(100, 0, 20)).toEqual({ areaWithWaste: 100, boxes: 5, coverage: 100 });
    expect(coverageEstimate(0, 10, 20)).toBeNull();
    expect(coverageEstimate(100, 10, 0)).toBeNull();
  });
});
