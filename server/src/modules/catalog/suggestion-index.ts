import type { SellingUnit } from "@mcf/contracts/accessories";
import type { SearchSuggestion } from "@mcf/contracts/product";
import { asksForAccessory, minFuzzyWordLength, parseSearch, trigramsOf } from "./search-words.ts";

/** At most this many suggestions under the search box. */
export const maxSuggestions = 8;

/** A product's stock and public prices: what changes without a change of its words. */
export interface StockAndPrices {
  id: number;
  stockQuantity: number;
  /** The public price per sq ft in dollars, or null (always null for an accessory). */
  pricePerSqft: number | null;
  /** An accessory's public price of one unit in dollars, or null (ignored for flooring). */
  unitPrice: number | null;
  /**
   * What everything the index reads of the product apart from stock and prices was (a hash of
   * its words, type, features, selling unit): an update with the same is applied in place.
   */
  fingerprint: string;
}

/** What the index needs of one product: floors and accessories. */
export interface SuggestableProduct extends StockAndPrices {
  name: string;
  brand: string | null;
  collection: string | null;
  type: string | null;
  features: Record<string, unknown>;
  /** The lowercased searchable words (the `search_text` column, migration 0008, and more). */
  searchText: string;
  /** A floor (sold by the box); false for an accessory. */
  flooring: boolean;
  /** How an accessory is sold ("box" for flooring). */
  sellingUnit: SellingUnit;
}

interface IndexedProduct {
  lowerName: string;
  brandCollection: string;
  searchText: string;
  flooring: boolean;
  sellingUnit: SellingUnit;
  fingerprint: string;
  inStock: boolean;
  suggestion: SearchSuggestion;
}

/**
 * The products of one catalogue version, ready for a search being typed. Products are numbered
 * by lower(name), then id, and every set of products is a sorted array of those numbers, so the
 * first found breaks a tie of rank and stock. Stock is kept out of the numbering: a stock or
 * price change replaces `products` and shares everything else (`withStockAndPrices`).
 */
export interface SuggestionIndex {
  products: IndexedProduct[];
  /** The distinct space-separated words of the products' search texts. */
  tokens: string[];
  /** For each token, the products whose search text has it. */
  tokenProducts: Int32Array[];
  /** Every piece of one, two or three characters of a token → the tokens that contain it. */
  tokenPieces: Map<string, Int32Array>;
  typeProducts: Map<string, Int32Array>;
  /** Products whose `features[name]` is true. */
  featureProducts: Map<string, Int32Array>;
  /** The catalogue's words a typo may be corrected to (letters and digits, 3+ long, a letter). */
  vocabulary: string[];
  vocabularyPieceCounts: Uint16Array;
  /** pg_trgm's pieces (`trigramsOf`) → the vocabulary words that have them. */
  vocabularyPieces: Map<string, Int32Array>;
  /** How alike a typo must be to a vocabulary word (pg_trgm's strict word similarity). */
  likeness: number;
}

const none = new Int32Array(0);

function push<K>(map: Map<K, number[]>, key: K, value: number) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function frozen<K>(map: Map<K, number[]>): Map<K, Int32Array> {
  return new Map([...map].map(([key, list]) => [key, Int32Array.from(list)]));
}

/** Lets other requests run between slices of a long build (a few milliseconds each). */
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));
const slice = 1000;

/** What a product answers as a suggestion: accessories with their unit price and unit. */
function suggestionOf(
  product: Pick<SuggestableProduct, "id" | "name" | "type" | "pricePerSqft" | "unitPrice">,
  flooring: boolean,
  sellingUnit: SellingUnit,
): SearchSuggestion {
  const suggestion: SearchSuggestion = {
    id: product.id,
    name: product.name,
    type: product.type,
    price_per_sqft: flooring ? product.pricePerSqft : null,
    // Accessories have their page at /products/{id} like any product (decision 083).
    url: `/products/${product.id}`,
  };
  if (!flooring) {
    suggestion.unit_price = product.unitPrice;
    suggestion.selling_unit = sellingUnit;
  }
  return suggestion;
}

/**
 * Builds the index of a catalogue (any order of products); `likeness` as the database sets it.
 * 20,000 products take about 0.2 s of CPU, given up every thousand items so that the process
 * keeps answering meanwhile.
 */
export async function buildSuggestionIndex(
  catalogue: SuggestableProduct[],
  likeness: number,
): Promise<SuggestionIndex> {
  const ordered = catalogue
    .map((product) => ({ product, lowerName: product.name.toLowerCase() }))
    .sort(
      (a, b) =>
        (a.lowerName < b.lowerName ? -1 : a.lowerName > b.lowerName ? 1 : 0) ||
        a.product.id - b.product.id,
    );
  const tokenIds = new Map<string, number>();
  const tokens: string[] = [];
  const tokenProducts: number[][] = [];
  const typeProducts = new Map<string, number[]>();
  const featureProducts = new Map<string, number[]>();
  const products: IndexedProduct[] = [];
  for (const [position, { product, lowerName }] of ordered.entries()) {
    if (position % slice === slice - 1) await breathe();
    for (const token of product.searchText.split(" ")) {
      if (!token) continue;
      let id = tokenIds.get(token);
      if (id === undefined) {
        id = tokens.length;
        tokenIds.set(token, id);
        tokens.push(token);
        tokenProducts.push([]);
      }
      const list = tokenProducts[id] as number[];
      // A word twice in one product's text is listed once.
      if (list[list.length - 1] !== position) list.push(position);
    }
    if (product.type !== null) push(typeProducts, product.type, position);
    // As SQL's `(features ->> name) = 'true'` reads it.
    for (const [feature, value] of Object.entries(product.features))
      if (value === true || value === "true") push(featureProducts, feature, position);
    products.push({
      lowerName,
      brandCollection: `${product.brand ?? ""} ${product.collection ?? ""}`.toLowerCase(),
      searchText: product.searchText,
      flooring: product.flooring,
      sellingUnit: product.sellingUnit,
      fingerprint: product.fingerprint,
      inStock: product.stockQuantity > 0,
      suggestion: suggestionOf(product, product.flooring, product.sellingUnit),
    });
  }
  const tokenPieces = new Map<string, number[]>();
  for (const [id, token] of tokens.entries()) {
    if (id % slice === slice - 1) await breathe();
    const pieces = new Set<string>();
    for (let length = 1; length <= 3; length++)
      for (let i = 0; i + length <= token.length; i++) pieces.add(token.slice(i, i + length));
    for (const piece of pieces) push(tokenPieces, piece, id);
  }
  // As migration 0020 made the vocabulary: words between non-alphanumerics, 3+ long, a letter in.
  // Spaces are among those, so the distinct tokens hold every such word.
  const words = new Set<string>();
  for (const [id, token] of tokens.entries()) {
    if (id % slice === slice - 1) await breathe();
    for (const word of token.split(/[^\p{L}\p{N}]+/u))
      if (word.length >= 3 && /\p{L}/u.test(word)) words.add(word);
  }
  const vocabulary = [...words];
  const vocabularyPieces = new Map<string, number[]>();
  const vocabularyPieceCounts = new Uint16Array(vocabulary.length);
  vocabulary.forEach((word, id) => {
    const pieces = trigramsOf(word);
    vocabularyPieceCounts[id] = pieces.size;
    for (const piece of pieces) push(vocabularyPieces, piece, id);
  });
  return {
    products,
    tokens,
    tokenProducts: tokenProducts.map((list) => Int32Array.from(list)),
    tokenPieces: frozen(tokenPieces),
    typeProducts: frozen(typeProducts),
    featureProducts: frozen(featureProducts),
    vocabulary,
    vocabularyPieceCounts,
    vocabularyPieces: frozen(vocabularyPieces),
    likeness,
  };
}

/**
 * The index with the stock and prices of `current` (every product of the catalogue, any order),
 * sharing its words, numbering and lists with `index`, which is left as it was; null when
 * `current` is not the same products with the same fingerprints, which takes a full build.
 */
export function withStockAndPrices(
  index: SuggestionIndex,
  current: StockAndPrices[],
): SuggestionIndex | null {
  if (current.length !== index.products.length) return null;
  const positions = new Map<number, number>();
  for (const [n, product] of index.products.entries()) positions.set(product.suggestion.id, n);
  const products = index.products.slice();
  for (const update of current) {
    const n = positions.get(update.id);
    const product = n === undefined ? undefined : index.products[n];
    if (n === undefined || !product || product.fingerprint !== update.fingerprint) return null;
    // One id twice can only mean a different catalogue.
    positions.delete(update.id);
    const suggestion = suggestionOf(
      { ...product.suggestion, pricePerSqft: update.pricePerSqft, unitPrice: update.unitPrice },
      product.flooring,
      product.sellingUnit,
    );
    const inStock = update.stockQuantity > 0;
    if (
      inStock !== product.inStock ||
      suggestion.price_per_sqft !== product.suggestion.price_per_sqft ||
      suggestion.unit_price !== product.suggestion.unit_price
    )
      products[n] = { ...product, inStock, suggestion };
  }
  return { ...index, products };
}

/** The tokens that contain `text` (which has no space). */
function tokensContaining(index: SuggestionIndex, text: string): Int32Array {
  if (text.length <= 3) return index.tokenPieces.get(text) ?? none;
  let fewest: Int32Array | undefined;
  for (let i = 0; i + 3 <= text.length; i++) {
    const list = index.tokenPieces.get(text.slice(i, i + 3));
    if (!list) return none;
    if (!fewest || list.length < fewest.length) fewest = list;
  }
  return (fewest ?? none).filter((id) => index.tokens[id]?.includes(text));
}

/** Every number in any of the sorted lists, once, in order. */
function unionOf(lists: Int32Array[], size: number): Int32Array {
  const nonEmpty = lists.filter((list) => list.length > 0);
  if (nonEmpty.length === 0) return none;
  if (nonEmpty.length === 1) return nonEmpty[0] as Int32Array;
  const marks = new Uint8Array(size);
  let count = 0;
  for (const list of nonEmpty)
    for (const n of list)
      if (!marks[n]) {
        marks[n] = 1;
        count++;
      }
  const union = new Int32Array(count);
  let k = 0;
  for (let n = 0; k < count; n++) if (marks[n]) union[k++] = n;
  return union;
}

/** The numbers in both sorted lists, in order. */
function intersectionOf(a: Int32Array, b: Int32Array): Int32Array {
  const [small, large] = a.length <= b.length ? [a, b] : [b, a];
  const both: number[] = [];
  if (small.length * 16 < large.length) {
    let low = 0;
    for (const n of small) {
      let high = large.length;
      while (low < high) {
        const mid = (low + high) >>> 1;
        if ((large[mid] as number) < n) low = mid + 1;
        else high = mid;
      }
      if (large[low] === n) both.push(n);
    }
  } else {
    let j = 0;
    for (const n of small) {
      while (j < large.length && (large[j] as number) < n) j++;
      if (large[j] === n) both.push(n);
    }
  }
  return Int32Array.from(both);
}

function allOf(lists: Int32Array[]): Int32Array {
  const sorted = [...lists].sort((a, b) => a.length - b.length);
  let result = sorted[0] ?? none;
  for (const list of sorted.slice(1)) {
    if (result.length === 0) break;
    result = intersectionOf(result, list);
  }
  return result;
}

/** The products that have one of these tokens. */
function productsWithTokens(index: SuggestionIndex, ids: Int32Array): Int32Array {
  if (ids.length === 1) return index.tokenProducts[ids[0] as number] ?? none;
  return unionOf(
    Array.from(ids, (id) => index.tokenProducts[id] ?? none),
    index.products.length,
  );
}

/** Products whose search text contains `text` (SQL's `search_text like '%text%'`). */
function productsWithText(index: SuggestionIndex, text: string): Int32Array {
  const parts = text.split(" ").filter(Boolean);
  // A part no token has ends the search before any list is merged.
  const partTokens = parts.map((part) => tokensContaining(index, part));
  if (partTokens.some((ids) => ids.length === 0)) return none;
  const [only] = partTokens;
  if (only && parts.length === 1 && parts[0] === text) return productsWithTokens(index, only);
  // Across words: products with every part, then the whole checked.
  const candidates = allOf(partTokens.map((ids) => productsWithTokens(index, ids)));
  return candidates.filter((n) => index.products[n]?.searchText.includes(text) === true);
}

/**
 * The vocabulary words like each typed word of four letters or more, by pg_trgm's strict word
 * similarity against a single word (`typed <<% word`): "hardwod" → hardwood. Only words with a
 * like word are in the answer.
 */
function wordsLike(index: SuggestionIndex, words: string[]): Map<string, string[]> {
  const like = new Map<string, string[]>();
  const shared = new Map<number, number>();
  for (const word of new Set(words)) {
    if (word.length < minFuzzyWordLength) continue;
    const pieces = trigramsOf(word);
    shared.clear();
    for (const piece of pieces)
      for (const id of index.vocabularyPieces.get(piece) ?? none)
        shared.set(id, (shared.get(id) ?? 0) + 1);
    const found: string[] = [];
    for (const [id, count] of shared) {
      const all = pieces.size + (index.vocabularyPieceCounts[id] ?? 0) - count;
      if (count / all >= index.likeness) found.push(index.vocabulary[id] as string);
    }
    if (found.length > 0) like.set(word, found);
  }
  return like;
}

/**
 * The products a suggestion may show: the whole text in their words, or everything the words
 * mean (type, features, and each word in their words, or a word it is like when `like` is given).
 */
function matching(
  index: SuggestionIndex,
  withWhole: Int32Array,
  parsed: ReturnType<typeof parseSearch>,
  like: Map<string, string[]> | null,
): Int32Array {
  const size = index.products.length;
  if (parsed.words.length + parsed.types.length + parsed.features.length === 0) return withWhole;
  const lists: Int32Array[] = [];
  if (parsed.types.length > 0)
    lists.push(
      unionOf(
        parsed.types.map((type) => index.typeProducts.get(type) ?? none),
        size,
      ),
    );
  for (const feature of parsed.features) lists.push(index.featureProducts.get(feature) ?? none);
  // Cheapest first: a word no product has ends the search before any list is merged.
  const wordTokens = parsed.words.map((word) => [
    tokensContaining(index, word),
    ...(like?.get(word) ?? []).map((known) => tokensContaining(index, known)),
  ]);
  const meaning =
    lists.some((list) => list.length === 0) ||
    wordTokens.some((alternatives) => alternatives.every((ids) => ids.length === 0))
      ? none
      : allOf([
          ...lists,
          ...wordTokens.map((alternatives) =>
            alternatives.length === 1
              ? productsWithTokens(index, alternatives[0] as Int32Array)
              : unionOf(
                  alternatives.map((ids) => productsWithTokens(index, ids)),
                  size,
                ),
          ),
        ]);
  return unionOf([withWhole, meaning], size);
}

/** SQL's `' ' || name like '% text%'`: at the name's start or after a space in it. */
const atWordStart = (name: string, text: string) =>
  name.startsWith(text) || name.includes(` ${text}`);

/**
 * How well a product answers a search: the whole text in the name 7, the name starting with it
 * 2, at a word's start in the name 1, in the brand or collection 6; each word at a word's start in
 * the name 3, else in the name 2, else in the product's words 1.
 */
function rankOf(product: IndexedProduct, whole: string, words: string[]): number {
  let rank = 0;
  if (product.lowerName.includes(whole)) {
    rank += 7;
    if (atWordStart(product.lowerName, whole)) rank += 1;
    if (product.lowerName.startsWith(whole)) rank += 2;
  }
  if (product.brandCollection.includes(whole)) rank += 6;
  for (const word of words) {
    if (atWordStart(product.lowerName, word)) rank += 3;
    else if (product.lowerName.includes(word)) rank += 2;
    else if (product.searchText.includes(word)) rank += 1;
  }
  return rank;
}

/** Above any rank a search can reach (it is at most 200 characters). */
const groupWeight = 1_000_000;

/** How many of the found products are floors (`flooring`) or accessories. */
function countOf(index: SuggestionIndex, found: Int32Array, flooring: boolean): number {
  let count = 0;
  for (const n of found) if (index.products[n]?.flooring === flooring) count++;
  return count;
}

/**
 * The best `maxSuggestions` of the found products: the group the search asks for first (floors,
 * or accessories when `flooring` is false), then highest rank, then in stock, then in index order.
 */
function best(
  index: SuggestionIndex,
  found: Int32Array,
  whole: string,
  words: string[],
  flooring: boolean,
) {
  const top: Array<{ n: number; score: number }> = [];
  for (const n of found) {
    const product = index.products[n] as IndexedProduct;
    const score =
      (product.flooring === flooring ? groupWeight : 0) +
      rankOf(product, whole, words) * 2 +
      (product.inStock ? 1 : 0);
    if (top.length === maxSuggestions && score <= (top.at(-1)?.score ?? 0)) continue;
    // Found in index order: an equal score already kept stays ahead.
    let at = top.length;
    while (at > 0 && (top[at - 1]?.score ?? 0) < score) at--;
    top.splice(at, 0, { n, score });
    if (top.length > maxSuggestions) top.pop();
  }
  return top.map(({ n }) => (index.products[n] as IndexedProduct).suggestion);
}

/**
 * The best few products for a search box that is still being typed: those with the whole text in
 * their words, or with everything the shopper's words mean (parseSearch). Floors come first, and
 * accessories after them, unless the search names an accessory ("underlayment", "stair nose"):
 * then accessories come first. Typos ("hikory") are forgiven only when the letters as typed find
 * too few of the group asked for, through the catalogue's words like each typed word.
 */
export function suggestFromIndex(index: SuggestionIndex, text: string): SearchSuggestion[] {
  const whole = text.trim().toLowerCase();
  const parsed = parseSearch(text);
  const flooring = !asksForAccessory(parsed.words);
  const withWhole = whole ? productsWithText(index, whole) : none;
  let found = matching(index, withWhole, parsed, null);
  if (countOf(index, found, flooring) < maxSuggestions) {
    const like = wordsLike(index, parsed.words);
    if (like.size > 0) found = matching(index, withWhole, parsed, like);
  }
  return best(index, found, whole, parsed.words, flooring);
}
