import { and, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import { products } from "../../db/schema/index.ts";
import { containsPattern } from "./product-lookup.ts";
import { minFuzzyWordLength, parseSearch } from "./search-words.ts";

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
 * description. Suggestions apply the same likeness in memory (suggestion-index.ts).
 */
function wordMatch(word: string): SQL | undefined {
  const pattern = containsPattern(word);
  if (word.length < minFuzzyWordLength) return sql`${searchText} like ${pattern}`;
  return or(
    sql`${searchText} like ${pattern}`,
    sql`${word} <<% ${searchText}`,
    ilike(products.description, pattern),
  );
}

/**
 * The products a search finds: every product whose name, brand, collection, colour or type
 * contains the text as typed, and every product that has what the shopper's words mean
 * (flooring words, features, typos forgiven; see search-words.ts).
 */
export function searchCondition(text: string): SQL | undefined {
  const parsed = parseSearch(text);
  const meaning =
    parsed.words.length + parsed.types.length + parsed.features.length === 0
      ? undefined
      : and(
          parsed.types.length ? inArray(products.type, parsed.types) : undefined,
          ...parsed.features.map((feature) => sql`(${products.features} ->> ${feature}) = 'true'`),
          ...parsed.words.map(wordMatch),
        );
  return or(literalMatch(text), meaning);
}
