import { and, inArray, or, type SQL, sql } from "drizzle-orm";
import { products, searchWords } from "../../db/schema/catalog.ts";
import { containsPattern, escapeLike } from "./product-lookup.ts";
import { minFuzzyWordLength, type ParsedSearch, parseSearch, spellingsOf } from "./search-words.ts";

/**
 * The product's searchable words, lowercased: name, brand, collection, colour, style,
 * construction, type and an accessory's kind (a generated column with a trigram index,
 * migration 0024).
 */
export const searchText = sql`${products}.search_text`;

/** A search as the matching and the ranking read it: the whole text and its meanings. */
export interface ReadSearch extends ParsedSearch {
  /** The text as typed, trimmed and lowercased. */
  whole: string;
}

export function readSearch(text: string): ReadSearch {
  return { whole: text.trim().toLowerCase(), ...parseSearch(text) };
}

/**
 * How a search forgives typos: not at all (false); by the catalogue words like each typed word,
 * looked up in the same statement (true); or by the catalogue words given for each spelling (the
 * header's suggestions look them up first, so the database plans the product scan knowing them).
 */
export type Typos = boolean | ReadonlyMap<string, readonly string[]>;

/**
 * One typed word: it or another spelling of it ("grey", "gray") in the product's words, or, when
 * typos are forgiven and the word has four letters or more, a catalogue word like it ("hardwod"
 * finds hardwood; the likeness is set where the database is opened). The likeness is read on the
 * catalogue's short words (`search_words`), then the products with those words through the
 * trigram index: a typo that is like no word costs one look at the words, not a recheck of every
 * product text sharing a few letters with it.
 */
function wordMatch(word: string, typos: Typos): SQL | undefined {
  return or(
    ...spellingsOf(word).flatMap((spelling) => {
      const typed = sql`${searchText} like ${containsPattern(spelling)}`;
      if (typeof typos !== "boolean")
        return [
          typed,
          ...(typos.get(spelling) ?? []).map((like) => sql`${searchText} like ${`%${like}%`}`),
        ];
      return [
        typed,
        typos && spelling.length >= minFuzzyWordLength
          ? sql`${searchText} like any(array(select '%' || ${searchWords.word} || '%' from ${searchWords} where ${spelling} <<% ${searchWords.word}))`
          : undefined,
      ];
    }),
  );
}

/**
 * The one rule of what a search finds, for the product list and the header's suggestions alike:
 * every product whose words contain the text as typed, and every product that has all the
 * shopper's words mean (flooring words, features, each remaining word or another spelling of it;
 * see search-words.ts), typos forgiven as `typos` says. Undefined for a search of nothing.
 */
export function searchMatch(search: ReadSearch, typos: Typos): SQL | undefined {
  const { whole, words, types, features } = search;
  const meaning =
    words.length + types.length + features.length === 0
      ? undefined
      : and(
          types.length ? inArray(products.type, types) : undefined,
          ...features.map((feature) => sql`(${products.features} ->> ${feature}) = 'true'`),
          ...words.map((word) => wordMatch(word, typos)),
        );
  // A text that holds the whole search holds each of its words: when the words are all it means,
  // the whole adds nothing to what they find (one test of every product's text less).
  const wholeFindsMore =
    whole &&
    (!meaning ||
      types.length + features.length > 0 ||
      !words.every((word) => whole.includes(word)));
  return or(
    wholeFindsMore ? sql`${searchText} like ${containsPattern(whole)}` : undefined,
    meaning,
  );
}

/** The product list's search: the one rule, typos always forgiven. */
export function searchCondition(text: string): SQL | undefined {
  return searchMatch(readSearch(text), true);
}

/**
 * How well a product answers a search, highest first: the whole text in the name 7, at a word's
 * start there 1 more, at the name's start 2 more; in the brand or collection 6; each word (or
 * another spelling of it) at a word's start in the name 3, else in the name 2, else in the
 * product's words 1.
 */
export function searchRank({ whole, words }: ReadSearch): SQL {
  const name = sql`lower(${products.name})`;
  const spaced = sql`(' ' || ${name})`;
  const inName = (text: string) => sql`${name} like ${containsPattern(text)}`;
  const atNameWord = (text: string) => sql`${spaced} like ${`% ${escapeLike(text)}%`}`;
  const anyOf = (texts: string[], test: (text: string) => SQL) =>
    sql`(${sql.join(texts.map(test), sql` or `)})`;
  const parts: SQL[] = [];
  if (whole)
    parts.push(
      sql`(case when ${inName(whole)} then 7 else 0 end)`,
      sql`(case when ${atNameWord(whole)} then 1 else 0 end)`,
      sql`(case when ${name} like ${`${escapeLike(whole)}%`} then 2 else 0 end)`,
      sql`(case when lower(coalesce(${products.brand}, '') || ' ' || coalesce(${products.collection}, '')) like ${containsPattern(whole)} then 6 else 0 end)`,
    );
  for (const word of words) {
    const spellings = spellingsOf(word);
    parts.push(
      sql`(case when ${anyOf(spellings, atNameWord)} then 3 when ${anyOf(spellings, inName)} then 2 when ${anyOf(spellings, (s) => sql`${searchText} like ${containsPattern(s)}`)} then 1 else 0 end)`,
    );
  }
  return parts.length ? sql.join(parts, sql` + `) : sql`0`;
}
