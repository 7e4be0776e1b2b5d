import { or, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { products, searchWords } from "../../db/schema/catalog.ts";
import { containsPattern } from "./product-lookup.ts";
import { readSearch, searchText } from "./product-search.ts";
import { minFuzzyWordLength, spellingsOf } from "./search-words.ts";

/**
 * How alike a typed word and a catalogue word must be (pg_trgm's `similarity`) for the list to say
 * it showed that word: "hardwod" and "hardwood" are 0.7 alike, "maple" and "marble" 0.25.
 */
const showingLikeness = 0.45;

/**
 * The catalogue word most like `word`, when no product has the word (or another spelling of it)
 * and one is alike enough; else null.
 */
async function catalogueWordLike(db: DbOrTx, word: string): Promise<string | null> {
  const spelled = or(
    ...spellingsOf(word).map((s) => sql`${searchText} like ${containsPattern(s)}`),
  );
  const result = await db.execute<{ found: boolean; nearest: string | null }>(sql`
    select exists (select 1 from ${products} where ${spelled}) as found,
      (select ${searchWords.word} from ${searchWords}
       where length(${searchWords.word}) >= ${minFuzzyWordLength}
         and similarity(${searchWords.word}, ${word}) >= ${showingLikeness}
         and exists (select 1 from ${products} where ${searchText} like '%' || ${searchWords.word} || '%')
       order by similarity(${searchWords.word}, ${word}) desc, ${searchWords.word}
       limit 1) as nearest`);
  const row = result.rows[0];
  return row && !row.found ? row.nearest : null;
}

/**
 * What the product list shows for a search with typos, as the shopper would type it: each typed
 * word read as a flooring phrase it is a letter or two off, or replaced by the catalogue word most
 * like it when no product has it ("hardwod floors" → "hardwood floors"). Null when every word was
 * found as typed.
 */
export async function searchShowing(db: DbOrTx, text: string): Promise<string | null> {
  const search = readSearch(text);
  const replaced = new Map(search.readAs.map(({ typed, phrase }) => [typed, phrase]));
  for (const word of search.words) {
    if (word.length < minFuzzyWordLength) continue;
    const like = await catalogueWordLike(db, word);
    if (like) replaced.set(word, like);
  }
  if (replaced.size === 0) return null;
  return search.whole
    .split(/\s+/)
    .map((typed) => replaced.get(typed.replace(/[^\p{L}\p{N}&-]+/gu, "")) ?? typed)
    .join(" ");
}
