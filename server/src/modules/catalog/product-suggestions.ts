import type { SellingUnit } from "@mcf/contracts/accessories";
import { toDollars } from "@mcf/contracts/money";
import type { SearchSuggestion } from "@mcf/contracts/product";
import { ne, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { products, searchWords } from "../../db/schema/catalog.ts";
import { publicPriceOf } from "../pricing/pricing.service.ts";
import { flooringOnly } from "./product-lookup.ts";
import { type ReadSearch, readSearch, searchMatch, searchRank } from "./product-search.ts";
import { asksForAccessory, minFuzzyWordLength, spellingsOf } from "./search-words.ts";

/** At most this many suggestions under the search box. */
export const maxSuggestions = 8;

/**
 * How many found products of the group a search asks for are ranked. A search being typed that
 * finds more (one or two letters, "oak" on a catalogue of thousands) ranks the first this many
 * the database finds instead of every one: its cost is that of reading until this many are found
 * (on 20,000 products, a common word's first 50 are a few hundred rows in), and the shopper's
 * next letters narrow it. The sample catalogue never reaches it.
 */
const rankedPerSearch = 50;

type SuggestionRow = {
  id: number;
  name: string;
  type: string | null;
  our_price_cents: number | null;
  ace_shown_price_cents: number | null;
  competitor_price_cents: number | null;
  sqft_per_carton: string | null;
  selling_unit: SellingUnit;
};

/**
 * The first `count` products of `group` the match finds, each with what the suggestions are
 * ordered by, read in the one pass that finds them (no second read of the rows by id).
 */
function found(search: ReadSearch, group: SQL, match: SQL, asked: boolean, count: number) {
  return sql`select ${products.id} as id, ${products.name} as name, ${products.type} as type,
      ${products.our_price_cents} as our_price_cents,
      ${products.ace_shown_price_cents} as ace_shown_price_cents,
      ${products.competitor_price_cents} as competitor_price_cents,
      ${products.sqft_per_carton}::text as sqft_per_carton, ${products.selling_unit} as selling_unit,
      ${sql.raw(String(asked))} as asked, ${searchRank(search)} as rank, (${products.stock_quantity} = 0) as sold_out,
      lower(${products.name}) as lower_name
    from ${products} where ${group} and (${match}) limit ${count}`;
}

/**
 * The best `maxSuggestions` of the first `rankedPerSearch` products of `wanted` the match finds,
 * and, when `others` is given and fewer than `maxSuggestions` of `wanted` were found, of the first
 * few of `others` after them: the group asked for first, then the highest rank, then in stock,
 * then by name. The other group is read only when it is needed: a scan meant to stop at its first
 * few products reads every product when it has none (a floor's word in the accessories).
 */
async function bestFound(
  db: Db,
  search: ReadSearch,
  match: SQL,
  wanted: SQL,
  others?: SQL,
): Promise<SuggestionRow[]> {
  const filling = others
    ? sql`union all select * from (${found(search, others, match, false, maxSuggestions)}) f
        where (select count(*) < ${maxSuggestions} from wanted)`
    : sql``;
  const result = await db.execute<SuggestionRow>(sql`
    with wanted as materialized (${found(search, wanted, match, true, rankedPerSearch)})
    select id, name, type, our_price_cents, ace_shown_price_cents, competitor_price_cents,
      sqft_per_carton, selling_unit
    from (select * from wanted ${filling}) c
    order by asked desc, rank desc, sold_out, lower_name, id limit ${maxSuggestions}`);
  return result.rows;
}

/**
 * The catalogue words like each typed spelling of four letters or more (pg_trgm's strict word
 * likeness, set where the database is opened), leaving out words that contain the spelling: they
 * would find nothing it does not.
 */
async function wordsLike(db: Db, spellings: string[]): Promise<Map<string, string[]>> {
  const likes = new Map<string, string[]>();
  if (spellings.length === 0) return likes;
  const result = await db.execute<Record<string, string[]>>(
    sql`select ${sql.join(
      spellings.map(
        (spelling, i) =>
          sql`array(select ${searchWords.word} from ${searchWords} where ${spelling} <<% ${searchWords.word} and strpos(${searchWords.word}, ${spelling}) = 0) as ${sql.identifier(`like_${i}`)}`,
      ),
      sql`, `,
    )}`,
  );
  spellings.forEach((spelling, i) => {
    const words = result.rows[0]?.[`like_${i}`] ?? [];
    if (words.length) likes.set(spelling, words);
  });
  return likes;
}

/**
 * Suggestions for a search box that is still being typed, with their public price: the best
 * `maxSuggestions` products the one rule (product-search.ts) finds among the first
 * `rankedPerSearch` of the group asked for (floors, or accessories when the search names one).
 * When the letters as typed find fewer than `maxSuggestions` of it, the search is made again with
 * typos forgiven ("hikory") and the other group filling the list. The catalogue words like each
 * typed word are read first, so the database plans that product scan knowing them (through the
 * trigram index when they are rare) instead of guessing at a list it has not read yet.
 */
export async function suggestProducts(db: Db, text: string): Promise<SearchSuggestion[]> {
  const search = readSearch(text);
  const match = searchMatch(search, false);
  if (!match) return [];
  const flooring = !asksForAccessory(search.words);
  const wanted = flooring ? flooringOnly : ne(products.selling_unit, "box");
  const others = flooring ? ne(products.selling_unit, "box") : flooringOnly;
  let rows = await bestFound(db, search, match, wanted);
  if (rows.length < maxSuggestions) {
    const spellings = search.words
      .flatMap(spellingsOf)
      .filter((spelling) => spelling.length >= minFuzzyWordLength);
    const likes = await wordsLike(db, spellings);
    rows = await bestFound(
      db,
      search,
      likes.size ? (searchMatch(search, likes) as SQL) : match,
      wanted,
      others,
    );
  }
  return rows.map(suggestionOf);
}

function suggestionOf(row: SuggestionRow): SearchSuggestion {
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
