import type { SellingUnit } from "@mcf/contracts/accessories";
import { toDollars } from "@mcf/contracts/money";
import type { SearchSuggestion } from "@mcf/contracts/product";
import { and, desc, ne, type SQL, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client.ts";
import { products } from "../../db/schema/catalog.ts";
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
  our_price_cents: products.our_price_cents,
  ace_shown_price_cents: products.ace_shown_price_cents,
  competitor_price_cents: products.competitor_price_cents,
  sqft_per_carton: products.sqft_per_carton,
  selling_unit: products.selling_unit,
};

/**
 * The best `maxSuggestions` products a search finds by the one rule (product-search.ts) among
 * `groups` (the first `rankedPerSearch` found of the group asked for, the first few of the
 * other): the group asked for first (floors, or accessories when the search names one), then the
 * highest rank, then in stock, then by name.
 */
function bestFound(
  db: DbOrTx,
  search: ReadSearch,
  typos: boolean,
  flooring: boolean,
  withOthers: boolean,
) {
  const match = searchMatch(search, typos) as SQL;
  const wanted = flooring ? flooringOnly : ne(products.selling_unit, "box");
  const others = flooring ? ne(products.selling_unit, "box") : flooringOnly;
  const firstFound = (group: SQL, count: number) =>
    sql`array(${db.select({ id: products.id }).from(products).where(and(group, match)).limit(count)})`;
  return (
    db
      .select({ ...suggestionColumns })
      .from(products)
      // As an array of ids, read through the primary key: `id in (...)` made PostgreSQL test
      // every product against the list.
      .where(
        sql`${products.id} = any(${firstFound(wanted, rankedPerSearch)}${withOthers ? sql` || ${firstFound(others, maxSuggestions)}` : sql``})`,
      )
      .orderBy(
        desc(wanted),
        desc(searchRank(search)),
        sql`(${products.stock_quantity} = 0)`,
        sql`lower(${products.name})`,
        products.id,
      )
      .limit(maxSuggestions)
  );
}

/**
 * Suggestions for a search box that is still being typed, with their public price. When the
 * letters as typed find fewer than `maxSuggestions` of the group asked for, the search is made
 * again with typos forgiven ("hikory"; likeness is the dearest part of the rule) and the other
 * group filling the list.
 */
export async function suggestProducts(db: Db, text: string): Promise<SearchSuggestion[]> {
  const search = readSearch(text);
  if (!searchMatch(search, false)) return [];
  const flooring = !asksForAccessory(search.words);
  let rows = await bestFound(db, search, false, flooring, false);
  if (rows.length < maxSuggestions) {
    const typos = search.words.some((word) => word.length >= minFuzzyWordLength);
    rows = await db.transaction(async (tx) => {
      // Few products have these words: read them through the trigram index. PostgreSQL's guess
      // for a rare or misspelt word is often far too many, and a scan of every product meant to
      // stop at the first few found then reads all of them (40-130 ms on 20,000 products).
      await tx.execute(sql`set local enable_seqscan = off`);
      return bestFound(tx, search, typos, flooring, true);
    });
  }
  return rows.map(suggestionOf);
}

function suggestionOf(row: {
  id: number;
  name: string;
  type: string | null;
  our_price_cents: number | null;
  ace_shown_price_cents: number | null;
  competitor_price_cents: number | null;
  sqft_per_carton: string | null;
  selling_unit: SellingUnit;
}): SearchSuggestion {
  const { perSqftCents, perBoxCents } = publicPriceOf(row);
  const flooring = row.selling_unit === "box";
  const suggestion: SearchSuggestion = {
    id: row.id,
    name: row.name,
    type: row.type,
    price_per_sqft: flooring && perSqftCents !== null ? toDollars(perSqftCents) : null,
    // Accessories have their page at /products/{id} like any product (decision 083).
    url: `/products/${row.id}`,
  };
  if (!flooring) {
    // An accessory's per-box price is the price of one unit (decision 083).
    suggestion.unit_price = perBoxCents === null ? null : toDollars(perBoxCents);
    suggestion.selling_unit = row.selling_unit;
  }
  return suggestion;
}
