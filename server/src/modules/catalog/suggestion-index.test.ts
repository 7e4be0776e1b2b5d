import { describe, expect, it } from "vitest";
import {
  buildSuggestionIndex,
  type SuggestableProduct,
  suggestFromIndex,
} from "./suggestion-index.ts";

let nextId = 1;
const floor = (name: string, words: string, brand: string | null = null): SuggestableProduct => ({
  id: nextId++,
  name,
  brand,
  collection: null,
  type: "hardwood",
  features: {},
  stockQuantity: 10,
  searchText: `${name.toLowerCase()} ${brand?.toLowerCase() ?? ""} ${words}`,
  flooring: true,
  sellingUnit: "box",
  pricePerSqft: 4.99,
  unitPrice: 99.8,
  fingerprint: name,
});

// Listed so that the order of names (the index's order) is the reverse of the ranks for "oak".
const oakFirst = floor("Oak Harbor", "hardwood");
const oakLater = floor("Harbor Oak", "hardwood");
const oakInside = floor("Cloak Gray", "hardwood");
const oakBrand = floor("Maple Classic", "hardwood", "Oakridge");
const oakInWords = floor("Birch Natural", "hardwood oak-look grain");

describe("ranking suggestions", () => {
  const names = (search: string, catalogue: SuggestableProduct[]) =>
    buildSuggestionIndex(catalogue, 0.5).then((index) =>
      suggestFromIndex(index, search).map((suggestion) => suggestion.name),
    );
  const catalogue = [oakInWords, oakInside, oakLater, oakBrand, oakFirst];

  it("puts a name that starts with the search first, then a name word, a part of one, the brand, the words", async () => {
    expect(await names("oak", catalogue)).toEqual([
      "Oak Harbor",
      "Harbor Oak",
      "Cloak Gray",
      "Maple Classic",
      "Birch Natural",
    ]);
    expect(await names("OAK ", catalogue)).toEqual(await names("oak", catalogue));
  });

  it("ranks the whole of a search of several words in a name above its words apart", async () => {
    expect(await names("harbor oak", catalogue)).toEqual(["Harbor Oak", "Oak Harbor"]);
    expect(await names("oak harbor", catalogue)).toEqual(["Oak Harbor", "Harbor Oak"]);
    // "ha" is a name word's start in both, "harbor o" only in one name.
    expect(await names("harbor o", catalogue)).toEqual(["Harbor Oak", "Oak Harbor"]);
  });

  it("finds the whole of a search that begins inside a word and ends at the start of one", async () => {
    // Only "Sand Harbor Oak" holds "and harbor oa" ("and" alone asks for nothing); without the
    // whole, "Harbor Oak" would come first by name.
    const pair = [floor("Harbor Oak", "hardwood"), floor("Sand Harbor Oak", "hardwood")];
    expect(await names("and harbor oa", pair)).toEqual(["Sand Harbor Oak", "Harbor Oak"]);
  });

  it("finds a phrase only where its first part ends a word, its middle is a whole word and its last starts one", async () => {
    // "spc" means vinyl and none of these is vinyl, so only the phrase as typed can find them
    // (SQL's `search_text like '%ra spc lo%'`).
    const spcLook = [
      floor("Terra SPC Look", "hardwood"),
      floor("Terra SPCX Look", "hardwood"),
      floor("Terra Spc Lo", "hardwood"),
      floor("SPC Terra Look", "hardwood"),
      floor("Terraa XSPC", "hardwood"),
    ];
    expect(await names("ra spc lo", spcLook)).toEqual(["Terra Spc Lo", "Terra SPC Look"]);
    expect(await names("a spc", spcLook)).toEqual([
      "Terra Spc Lo",
      "Terra SPC Look",
      "Terra SPCX Look",
    ]);
  });

  it("keeps the order of names between equal ranks, and ignores words that say nothing", async () => {
    // "the" asks for nothing: the two names with "oak" at a word's start tie, as do the two
    // with it only in their words (the brand does not hold "the oak").
    expect(await names("the oak", catalogue)).toEqual([
      "Harbor Oak",
      "Oak Harbor",
      "Cloak Gray",
      "Birch Natural",
      "Maple Classic",
    ]);
  });

  it("finds one or two letters anywhere in a word, best names first, at most eight", async () => {
    const many = Array.from({ length: 12 }, (_, i) => floor(`Plank ${i + 10}`, "wood"));
    const found = await names("o", [...many, ...catalogue]);
    expect(found).toEqual([
      "Oak Harbor",
      "Harbor Oak",
      "Cloak Gray",
      "Maple Classic",
      // Only in their words ("hardwood", "wood"): in the order of names.
      "Birch Natural",
      "Plank 10",
      "Plank 11",
      "Plank 12",
    ]);
    expect(await names("ak", catalogue)).toEqual([
      "Cloak Gray",
      "Harbor Oak",
      "Oak Harbor",
      // The brand "Oakridge" has it.
      "Maple Classic",
      "Birch Natural",
    ]);
  });

  it("answers a search the same after earlier searches kept the lists they merged", async () => {
    // "oak", "har" and "hard" are in several words each, so their lists are merged and kept.
    const words = ["hardwood", "hardy", "harbor", "soaked", "cloaked", "oakley"];
    const catalogue = Array.from({ length: 60 }, (_, i) =>
      floor(`${words[i % 6]} ${words[(i * 7) % 6]} ${i}`, `${words[(i * 5) % 6]} oak`),
    );
    const searches = ["oak", "har", "hard", "oake", "the hardw", "cloak oak", "harb", "oak"];
    const warm = await buildSuggestionIndex(catalogue, 0.5);
    for (const search of [...searches, ...searches]) {
      const fresh = await buildSuggestionIndex(catalogue, 0.5);
      expect(suggestFromIndex(warm, search)).toEqual(suggestFromIndex(fresh, search));
    }
    expect(suggestFromIndex(warm, "har").length).toBe(8);
  });

  it("crosses a short list with a long one the same whether or not the long one's bits are made", async () => {
    // "rare" is in 20 products spread over 3,000 (too sparse for bits), "half" in every other:
    // the first crossing gallops, the later ones read the bits that ranking "half" made.
    const catalogue = Array.from({ length: 3000 }, (_, i) =>
      floor(`Plank ${i}`, `oak ${i % 150 === 0 ? "rare" : ""} ${i % 2 === 0 ? "half" : ""}`),
    );
    const expected = catalogue
      .filter((_, i) => i % 150 === 0)
      .map((product) => product.name)
      .sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1))
      .slice(0, 8);
    const index = await buildSuggestionIndex(catalogue, 0.5);
    const names = (search: string) => suggestFromIndex(index, search).map((s) => s.name);
    expect(names("rare half")).toEqual(expected);
    expect(names("half").length).toBe(8);
    expect(names("half rare")).toEqual(expected);
    expect(names("rare half")).toEqual(expected);
  });

  it("counts a name's words as the product's words even when they were given without it", async () => {
    const unnamed = { ...floor("Harbor Point", "hardwood"), searchText: "hardwood" };
    expect(await names("point", [floor("Oak Pointe", "hardwood"), unnamed])).toEqual([
      "Harbor Point",
      "Oak Pointe",
    ]);
  });
});
