import { toDollars } from "@mcf/contracts/money";
import type { SearchSuggestion } from "@mcf/contracts/product";
import { and, desc, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { products } from "../../db/schema/index.ts";
import { publicPriceOf } from "../pricing/pricing.service.ts";
import { containsPattern, escapeLike, flooringOnly } from "./product-lookup.ts";
import { minFuzzyWordLength, type ParsedSearch, parseSearch } from "./search-words.ts";

/**
 * The product's searchable words, lowercased: name, brand, collection, colour, style,
 * construction and type (a generated column with a trigram index, migration 0008).
 */
const searchText = sql`${products}.search_text`;

/** The catalogue's own columns a search has always matched (name, brand, collection, colour, type). */
function literalMatch(text: string): SQL | undefined {
  const pattern = containsPattern(text);
  return or(
    ilike(products.name, pattern),
    ilike(products.brand, pattern),
    ilike(products.collection, pattern),
    ilike(products.color, pattern),
    ilike(products.type, pattern),
  );
}

/**
 * One typed word: in the product's words, or like a whole one of them (for words of four letters
 * or more: "hardwod" finds hardwood; the likeness is set where the database is opened), or in the
 * description.
 */
function wordMatch(word: string, reach: SearchReach): SQL | undefined {
  const pattern = containsPattern(word);
  if (word.length < minFuzzyWordLength) return sql`${searchText} like ${pattern}`;
  return or(
    sql`${searchText} like ${pattern}`,
    reach.typos ? sql`${word} <<% ${searchText}` : undefined,
    reach.description ? ilike(products.description, pattern) : undefined,
  );
}

/** How far a search looks beyond the letters typed. */
interface SearchReach {
  typos: boolean;
  description: boolean;
}

function meaningMatch(parsed: ParsedSearch, reach: SearchReach): SQL | undefined {
  if (parsed.words.length + parsed.types.length + parsed.features.length === 0) return undefined;
  return and(
    parsed.types.length ? inArray(products.type, parsed.types) : undefined,
    ...parsed.features.map((feature) => sql`(${products.features} ->> ${feature}) = 'true'`),
    ...parsed.words.map((word) => wordMatch(word, reach)),
  );
}

/**
 * The products a search finds: every product whose name, brand, collection, colour or type
 * contains the text as typed, and every product that has what the shopper's words mean
 * (flooring words, features, typos forgiven; see search-words.ts).
 */
export function searchCondition(text: string): SQL | undefined {
  return or(
    literalMatch(text),
    meaningMatch(parseSearch(text), { typos: true, description: true }),
  );
}

/**
 * What the search box suggests from: the same meanings, read from the indexed product words only
 * (the whole text in them, or every word), so a keystroke never reads every description. Likeness
 * ("hikory") is the costly part on a large catalogue: it is asked for only when the letters as
 * typed find too few products.
 */
function suggestCondition(text: string, typos: boolean): SQL | undefined {
  const whole = text.trim().toLowerCase();
  return or(
    whole ? sql`${searchText} like ${containsPattern(whole)}` : undefined,
    meaningMatch(parseSearch(text), { typos, description: false }),
  );
}

/**
 * How well a product answers a search, highest first: the whole text in the name, then in the
 * brand or collection, then each word in the name, then anywhere in the product's words, then in
 * the description; closeness of the words breaks ties.
 */
function searchRank(text: string): SQL {
  const parsed = parseSearch(text);
  const whole = containsPattern(text.trim().toLowerCase());
  const parts: SQL[] = [
    sql`(case when lower(${products.name}) like ${whole} then 7 else 0 end)`,
    // At a word's start ("red oak" in "Saddle Red Oak", not in "Weathered Oak").
    sql`(case when ' ' || lower(${products.name}) like ${`% ${escapeLike(text.trim().toLowerCase())}%`} then 1 else 0 end)`,
    sql`(case when lower(${products.name}) like ${`${escapeLike(text.trim().toLowerCase())}%`} then 2 else 0 end)`,
    sql`(case when lower(coalesce(${products.brand}, '') || ' ' || coalesce(${products.collection}, '')) like ${whole} then 6 else 0 end)`,
  ];
  for (const word of parsed.words) {
    const pattern = containsPattern(word);
    parts.push(
      sql`(case when ' ' || lower(${products.name}) like ${`% ${escapeLike(word)}%`} then 3 when lower(${products.name}) like ${pattern} then 2 when ${searchText} like ${pattern} then 1 else 0 end)`,
    );
  }
  return sql.join(parts, sql` + `);
}

/** At most this many suggestions under the search box. */
export const maxSuggestions = 8;

/** The best few products for a search box that is still being typed, with their public price. */
export async function suggestProducts(db: Db, text: string): Promise<SearchSuggestion[]> {
  const find = (where: SQL) =>
    db
      .select({
        id: products.id,
        name: products.name,
        type: products.type,
        our_price: products.our_price,
        ace_shown_price: products.ace_shown_price,
        competitor_price: products.competitor_price,
        sqft_per_carton: products.sqft_per_carton,
        selling_unit: products.selling_unit,
      })
      .from(products)
      // Suggestions are floors with their price per sq ft; accessories have their own page.
      .where(and(flooringOnly, where))
      .orderBy(
        desc(searchRank(text)),
        sql`(${products.stock_quantity} = 0)`,
        sql`lower(${products.name})`,
        products.id,
      )
      .limit(maxSuggestions);
  const exact = suggestCondition(text, false);
  if (!exact) return [];
  let rows = await find(exact);
  if (rows.length < maxSuggestions) {
    const forgiving = suggestCondition(text, true);
    if (forgiving) rows = await find(forgiving);
  }
  return rows.map((row) => {
    const { perSqftCents } = publicPriceOf(row);
    return {
      id: row.id,
      name: row.name,
      type: row.type,
      price_per_sqft: perSqftCents === null ? null : toDollars(perSqftCents),
      url: `/products/${row.id}`,
    };
  });
}
