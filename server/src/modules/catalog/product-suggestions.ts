import { toDollars } from "@mcf/contracts/money";
import type { SearchSuggestion } from "@mcf/contracts/product";
import { and, desc, inArray, ne, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { products } from "../../db/schema/index.ts";
import { publicPriceOf } from "../pricing/pricing.service.ts";
import { flooringOnly } from "./product-lookup.ts";
import { type ReadSearch, readSearch, searchMatch, searchRank } from "./product-search.ts";
import { asksForAccessory, minFuzzyWordLength } from "./search-words.ts";

/** At most this many suggestions under the search box. */
export const maxSuggestions = 8;

/**
 * How many found products of the group a search asks for are ranked. A search being typed that
 * finds more (one or two letters, "oak" on a catalogue of thousands) ranks the first this many
 * the database finds instead of every one: its cost stays that of a few hundred products, and the
 * shopper's next letters narrow it. The sample catalogue never reaches it.
 */
export const rankedPerSearch = 200;

const suggestionColumns = {
  id: products.id,
  name: products.name,
  type: products.type,
  our_price: products.our_price,
  ace_shown_price: products.ace_shown_price,
  competitor_price: products.competitor_price,
  sqft_per_carton: products.sqft_per_carton,
  selling_unit: products.selling_unit,
};

/**
 * The best `maxSuggestions` products a search finds by the one rule (product-search.ts): the
 * group it asks for first (floors, or accessories when it names one: "underlayment", "stair
 * nose"), then the highest rank, then in stock, then by name.
 */
function bestFound(db: Db, search: ReadSearch, typos: boolean, flooring: boolean) {
  const match = searchMatch(search, typos) as SQL;
  const wanted = flooring ? flooringOnly : ne(products.selling_unit, "box");
  const others = flooring ? ne(products.selling_unit, "box") : flooringOnly;
  const firstFound = (group: SQL, count: number) =>
    db.select({ id: products.id }).from(products).where(and(group, match)).limit(count);
  return db
    .select({ ...suggestionColumns })
    .from(products)
    .where(
      or(
        inArray(products.id, firstFound(wanted, rankedPerSearch)),
        // The other group only fills the list when the wanted one is short of it.
        inArray(products.id, firstFound(others, maxSuggestions)),
      ),
    )
    .orderBy(
      desc(wanted),
      desc(searchRank(search)),
      sql`(${products.stock_quantity} = 0)`,
      sql`lower(${products.name})`,
      products.id,
    )
    .limit(maxSuggestions);
}

/**
 * Suggestions for a search box that is still being typed, with their public price. Typos
 * ("hikory") are forgiven only when the letters as typed find too few of the group asked for:
 * likeness is the dearest part of the rule.
 */
export async function suggestProducts(db: Db, text: string): Promise<SearchSuggestion[]> {
  const search = readSearch(text);
  if (!searchMatch(search, false)) return [];
  const flooring = !asksForAccessory(search.words);
  const isWanted = (row: { selling_unit: string }) => (row.selling_unit === "box") === flooring;
  let rows = await bestFound(db, search, false, flooring);
  if (
    rows.filter(isWanted).length < maxSuggestions &&
    search.words.some((word) => word.length >= minFuzzyWordLength)
  )
    rows = await bestFound(db, search, true, flooring);
  return rows.map((row) => {
    const { perSqftCents, perBoxCents } = publicPriceOf(row);
    const suggestion: SearchSuggestion = {
      id: row.id,
      name: row.name,
      type: row.type,
      price_per_sqft: row.selling_unit === "box" && perSqftCents !== null ? toDollars(perSqftCents) : null,
      // Accessories have their page at /products/{id} like any product (decision 083).
      url: `/products/${row.id}`,
    };
    if (row.selling_unit !== "box") {
      // An accessory's per-box price is the price of one unit (decision 083).
      suggestion.unit_price = perBoxCents === null ? null : toDollars(perBoxCents);
      suggestion.selling_unit = row.selling_unit;
    }
    return suggestion;
  });
}
