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
  searchText: string;
  flooring: boolean;
  sellingUnit: SellingUnit;
  fingerprint: string;
  inStock: boolean;
  suggestion: SearchSuggestion;
}

/**
 * The space-separated words of one text per product, for finding the products whose text contains
 * a piece of a word: each distinct word (token) lists its products, and each piece of one, two or
 * three characters lists the tokens that contain it.
 */
interface WordIndex {
  tokens: string[];
  /**
   * For each token, the products whose text has it: token t's are
   * `tokenPostings[tokenStarts[t]..tokenStarts[t + 1]]` (`productsOfToken`). One array for all,
   * not one per token: a catalogue of 20,000 products has tens of thousands of tokens (a SKU,
   * a number in a name), and an array each took 9 MB of heap for their headers alone.
   */
  tokenStarts: Int32Array;
  tokenPostings: Int32Array;
  /** The views of `tokenPostings` handed out for tokens of `longTokenList` products or more. */
  tokenLists: Map<number, Int32Array>;
  /** Every piece of one, two or three characters of a token → the tokens that contain it. */
  tokenPieces: Map<string, Int32Array>;
  /**
   * Every piece of one or two characters → the products with a token that contains it, merged
   * once at build: a search of one or two letters would otherwise merge thousands of lists.
   */
  shortPieceProducts: Map<string, Int32Array>;
  /** Pieces up to `shortPrefixLength` characters → the products with a token that starts so. */
  shortPrefixProducts: Map<string, Int32Array>;
  shortPrefixLength: number;
  /**
   * Lists merged for a piece or a start of a word ("c oak", "s hard"), kept for later searches:
   * shoppers type the same beginnings of the same words, and merging a common piece's lists was
   * the largest part of a new search. Oldest first; `mergedInts` counts what they hold.
   */
  merged: Map<string, Int32Array>;
  mergedInts: number;
}

/**
 * How many product numbers each word index keeps in merged lists (4 bytes each): 4 MB, about
 * 200 of the longest lists on 20,000 products, thousands of the usual ones.
 */
const mergedIntsKept = 1_000_000;

/** The list merged for `key`, kept in the word index within its budget. */
function keptMerge(words: WordIndex, key: string, merge: () => Int32Array): Int32Array {
  const kept = words.merged.get(key);
  if (kept) return kept;
  const list = merge();
  if (list.length > mergedIntsKept / 4) return list;
  words.merged.set(key, list);
  words.mergedInts += list.length;
  for (const [oldest, dropped] of words.merged) {
    if (words.mergedInts <= mergedIntsKept) break;
    words.merged.delete(oldest);
    words.mergedInts -= dropped.length;
  }
  return list;
}

/**
 * The products of one catalogue version, ready for a search being typed. Products are numbered
 * by lower(name), then id, and every set of products is a sorted array of those numbers, so the
 * first found breaks a tie of rank and stock. Stock is kept out of the numbering: a stock or
 * price change replaces `products` and shares everything else (`withStockAndPrices`).
 */
export interface SuggestionIndex {
  products: IndexedProduct[];
  /**
   * Per product number, `isFlooring` and `isInStock` bits: what picking the best of thousands of
   * found products reads of each, in one small array. Reading the product objects instead (one
   * cache miss each, spread over the heap) was most of a broad search's time once a request's
   * other work had left the processor's caches.
   */
  flags: Uint8Array;
  /** The products' search texts (the `search_text` column, migration 0008, and more). */
  text: WordIndex;
  /** The products' lowercased names, for ranking. */
  names: WordIndex;
  /** Each distinct lowercased "brand collection" of the products, with its products. */
  brandCollections: Array<{ text: string; products: Int32Array }>;
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

const isFlooring = 1;
const isInStock = 2;
const flagsOf = (product: Pick<IndexedProduct, "flooring" | "inStock">) =>
  (product.flooring ? isFlooring : 0) | (product.inStock ? isInStock : 0);

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
 * Indexes one text per product (product n's text is `texts[n]`), giving up the loop now and then.
 * Products with a token starting with each piece of up to `shortPrefixLength` characters are
 * listed too (a search being typed ends with a word of a letter or two).
 */
async function buildWordIndex(texts: string[], shortPrefixLength: number): Promise<WordIndex> {
  const tokenIds = new Map<string, number>();
  const tokens: string[] = [];
  const tokenProducts: number[][] = [];
  for (const [n, text] of texts.entries()) {
    if (n % slice === slice - 1) await breathe();
    for (const token of text.split(" ")) {
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
      if (list[list.length - 1] !== n) list.push(n);
    }
  }
  const tokenPieces = new Map<string, number[]>();
  for (const [id, token] of tokens.entries()) {
    if (id % slice === slice - 1) await breathe();
    const pieces = new Set<string>();
    for (let length = 1; length <= 3; length++)
      for (let i = 0; i + length <= token.length; i++) pieces.add(token.slice(i, i + length));
    for (const piece of pieces) push(tokenPieces, piece, id);
  }
  const tokenStarts = new Int32Array(tokens.length + 1);
  for (const [id, list] of tokenProducts.entries())
    tokenStarts[id + 1] = (tokenStarts[id] as number) + list.length;
  const tokenPostings = new Int32Array(tokenStarts[tokens.length] as number);
  for (const [id, list] of tokenProducts.entries())
    tokenPostings.set(list, tokenStarts[id] as number);
  const index: WordIndex = {
    tokens,
    tokenStarts,
    tokenPostings,
    tokenLists: new Map(),
    tokenPieces: frozen(tokenPieces),
    shortPieceProducts: new Map(),
    shortPrefixProducts: new Map(),
    shortPrefixLength,
    merged: new Map(),
    mergedInts: 0,
  };
  let mergedSinceBreath = 0;
  const prefixTokens = new Map<string, number[]>();
  for (const [id, token] of tokens.entries())
    for (let length = 1; length <= Math.min(shortPrefixLength, token.length); length++)
      push(prefixTokens, token.slice(0, length), id);
  for (const [lists, pieces] of [
    [index.shortPieceProducts, index.tokenPieces],
    [index.shortPrefixProducts, frozen(prefixTokens)],
  ] as const)
    for (const [piece, ids] of pieces) {
      if (piece.length > 2) continue;
      lists.set(piece, productsWithTokens(index, ids, texts.length));
      mergedSinceBreath += ids.length;
      if (mergedSinceBreath > 20 * slice) {
        mergedSinceBreath = 0;
        await breathe();
      }
    }
  return index;
}

/**
 * Builds the index of a catalogue (any order of products); `likeness` as the database sets it.
 * 20,000 products take about 0.3 s of CPU, given up every thousand items so that the process
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
  const typeProducts = new Map<string, number[]>();
  const featureProducts = new Map<string, number[]>();
  const brandCollections = new Map<string, number[]>();
  const products: IndexedProduct[] = [];
  for (const [position, { product, lowerName }] of ordered.entries()) {
    if (product.type !== null) push(typeProducts, product.type, position);
    // As SQL's `(features ->> name) = 'true'` reads it.
    for (const [feature, value] of Object.entries(product.features))
      if (value === true || value === "true") push(featureProducts, feature, position);
    const brandCollection = `${product.brand ?? ""} ${product.collection ?? ""}`.toLowerCase();
    push(brandCollections, brandCollection, position);
    products.push({
      lowerName,
      // The words hold the name (the column starts with it), so a product with a word in its
      // name has it in its words too: ranking counts on it.
      searchText: product.searchText.includes(lowerName)
        ? product.searchText
        : `${lowerName} ${product.searchText}`,
      flooring: product.flooring,
      sellingUnit: product.sellingUnit,
      fingerprint: product.fingerprint,
      inStock: product.stockQuantity > 0,
      suggestion: suggestionOf(product, product.flooring, product.sellingUnit),
    });
  }
  // Only names are searched for a word's start (ranking).
  const text = await buildWordIndex(
    products.map((product) => product.searchText),
    0,
  );
  const names = await buildWordIndex(
    products.map((product) => product.lowerName),
    2,
  );
  // As migration 0020 made the vocabulary: words between non-alphanumerics, 3+ long, a letter in.
  // Spaces are among those, so the distinct tokens hold every such word.
  const words = new Set<string>();
  for (const [id, token] of text.tokens.entries()) {
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
    flags: Uint8Array.from(products, flagsOf),
    text,
    names,
    brandCollections: [...brandCollections].map(([text, list]) => ({
      text,
      products: Int32Array.from(list),
    })),
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
  const flags = index.flags.slice();
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
    ) {
      const updated = { ...product, inStock, suggestion };
      products[n] = updated;
      flags[n] = flagsOf(updated);
    }
  }
  return { ...index, products, flags };
}

/** The tokens that contain `text` (which has no space). */
function tokensContaining(words: WordIndex, text: string): Int32Array {
  if (text.length <= 3) return words.tokenPieces.get(text) ?? none;
  let fewest: Int32Array | undefined;
  for (let i = 0; i + 3 <= text.length; i++) {
    const list = words.tokenPieces.get(text.slice(i, i + 3));
    if (!list) return none;
    if (!fewest || list.length < fewest.length) fewest = list;
  }
  return (fewest ?? none).filter((id) => words.tokens[id]?.includes(text));
}

/**
 * A marker per product, reused by every search (they run one at a time, synchronously): a product
 * is marked when its slot holds the current stamp, so nothing needs clearing between uses.
 */
let stamps = new Uint32Array(0);
let stamp = 0;
function nextStamp(size: number): number {
  if (stamps.length < size || stamp === 0xffffffff) {
    stamps = new Uint32Array(Math.max(size, stamps.length));
    stamp = 0;
  }
  return ++stamp;
}

/** The ranks of one search (`Search.ranks`), reused by the next: cleared, not allocated. */
let rankSlots = new Uint16Array(0);
function clearedRanks(size: number): Uint16Array {
  if (rankSlots.length < size) rankSlots = new Uint16Array(size);
  rankSlots.fill(0, 0, size);
  return rankSlots;
}

/**
 * Room for the lists one search makes and drops (what two lists have in common, what a phrase's
 * candidates hold, what several words find together): handed out from one block and taken back
 * whole when the next search begins (`suggestFromIndex`). Made one by one, each was a block of
 * its own outside the JavaScript heap (up to 80 KB), asked of the allocator and handed back
 * again for every search. A list that outlives its search (one kept by `keptMerge`) is never
 * made here.
 */
const scratch = new Int32Array(1 << 18);
let scratchUsed = 0;
type MakeList = (length: number) => Int32Array;
const ownList: MakeList = (length) => new Int32Array(length);
const scratchList: MakeList = (length) => {
  if (scratchUsed + length > scratch.length) return new Int32Array(length);
  const list = scratch.subarray(scratchUsed, scratchUsed + length);
  scratchUsed += length;
  return list;
};
/** Gives back the end of the last list taken (`scratchList`) that was not filled. */
function keepFirst(list: Int32Array, count: number): Int32Array {
  if (list.buffer === scratch.buffer && list.byteOffset / 4 + list.length === scratchUsed)
    scratchUsed -= list.length - count;
  return list.subarray(0, count);
}

// Lists of product numbers are walked by index, not with for...of: until a function is
// optimized, its iterator makes an object per element, and one search walks thousands (a
// profile found that half of what a new search allocated).

/**
 * Every number in any of the sorted lists, once, in order; a new list is made by `make` (one
 * from the search's scratch room must not outlive the search).
 */
function unionOf(lists: Int32Array[], size: number, make: MakeList = ownList): Int32Array {
  // The same list twice (a word that is also the whole search) is one list.
  const nonEmpty = [...new Set(lists.filter((list) => list.length > 0))];
  if (nonEmpty.length === 0) return none;
  if (nonEmpty.length === 1) return nonEmpty[0] as Int32Array;
  const mark = nextStamp(size);
  let count = 0;
  let least = size;
  let most = 0;
  for (const list of nonEmpty) {
    least = Math.min(least, list[0] as number);
    most = Math.max(most, list[list.length - 1] as number);
    for (let i = 0; i < list.length; i++) {
      const n = list[i] as number;
      if (stamps[n] !== mark) {
        stamps[n] = mark;
        count++;
      }
    }
  }
  const union = make(count);
  let k = 0;
  for (let n = least; n <= most && k < count; n++) if (stamps[n] === mark) union[k++] = n;
  return union;
}

/**
 * The bits of a sorted list of product numbers (bit n set for each n in it), kept with the list
 * while it lives. Whether a product is in a long list is then one read of a small array (2.5 KB
 * for 20,000 products) instead of a step along the list: crossing the products with a feature
 * ("waterproof") with those whose words hold a letter ("l") walked both lists of thousands,
 * and such searches were the slowest. Null for a list too sparse for its bits to take at most
 * twice its own memory (one bit per number up to its last, against 32 per number it holds).
 */
const listBits = new WeakMap<Int32Array, Uint32Array>();
function bitsOf(list: Int32Array): Uint32Array | null {
  const kept = listBits.get(list);
  if (kept) return kept;
  const last = list[list.length - 1];
  if (last === undefined || list.length * 64 < last) return null;
  const bits = new Uint32Array((last >>> 5) + 1);
  for (let i = 0; i < list.length; i++) {
    const n = list[i] as number;
    bits[n >>> 5] = (bits[n >>> 5] as number) | (1 << (n & 31));
  }
  listBits.set(list, bits);
  return bits;
}

/** Whether bit `n` is set in `bits` (`bitsOf`). */
const hasBit = (bits: Uint32Array, n: number) =>
  n >>> 5 < bits.length && ((bits[n >>> 5] as number) & (1 << (n & 31))) !== 0;

/** The numbers in both sorted lists, in order: a list of the search's scratch room. */
function intersectionOf(a: Int32Array, b: Int32Array): Int32Array {
  const [small, large] = a.length <= b.length ? [a, b] : [b, a];
  const both = scratchList(small.length);
  let count = 0;
  // A list far shorter than the other is galloped along it, unless the long one's bits are
  // already made: making them reads the whole long list.
  const bits = small.length * 4 < large.length && !listBits.has(large) ? null : bitsOf(large);
  if (bits) {
    for (let i = 0; i < small.length; i++) {
      const n = small[i] as number;
      if (hasBit(bits, n)) both[count++] = n;
    }
  } else if (small.length * 4 < large.length) {
    // Galloping: from where the last number was found, steps of 1, 2, 4… then a binary search
    // within the last step, so a number close to the last costs a few comparisons.
    let low = 0;
    for (let i = 0; i < small.length; i++) {
      const n = small[i] as number;
      let bound = 1;
      while (low + bound < large.length && (large[low + bound] as number) < n) bound *= 2;
      let high = Math.min(low + bound, large.length);
      low += bound >>> 1;
      while (low < high) {
        const mid = (low + high) >>> 1;
        if ((large[mid] as number) < n) low = mid + 1;
        else high = mid;
      }
      if (large[low] === n) both[count++] = n;
    }
  } else {
    let j = 0;
    for (let i = 0; i < small.length; i++) {
      const n = small[i] as number;
      while (j < large.length && (large[j] as number) < n) j++;
      if (large[j] === n) both[count++] = n;
    }
  }
  if (count === small.length) {
    keepFirst(both, 0);
    return small;
  }
  return keepFirst(both, count);
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

/** How many products a token's list must have for its view to be kept (`productsOfToken`). */
const longTokenList = 64;

/** The products whose text has token `id` (a view of the index's one array). */
function productsOfToken(words: WordIndex, id: number): Int32Array {
  const kept = words.tokenLists.get(id);
  if (kept) return kept;
  const list = words.tokenPostings.subarray(words.tokenStarts[id], words.tokenStarts[id + 1]);
  // A long list is the same object every time, so its bits (`bitsOf`) are made once.
  if (list.length >= longTokenList) words.tokenLists.set(id, list);
  return list;
}

/** The products that have one of these tokens. */
function productsWithTokens(words: WordIndex, ids: Int32Array, size: number): Int32Array {
  if (ids.length === 1) return productsOfToken(words, ids[0] as number);
  return unionOf(
    Array.from(ids, (id) => productsOfToken(words, id)),
    size,
  );
}

/** The products with a token that contains `part` (which has no space). */
function productsContaining(words: WordIndex, part: string, size: number): Int32Array {
  if (part.length <= 2) return words.shortPieceProducts.get(part) ?? none;
  return keptMerge(words, `c ${part}`, () =>
    productsWithTokens(words, tokensContaining(words, part), size),
  );
}

/** The products whose text has a token that starts with `word` (which has no space). */
function productsWithTokenStarting(words: WordIndex, word: string, size: number): Int32Array {
  if (word.length <= words.shortPrefixLength) return words.shortPrefixProducts.get(word) ?? none;
  return keptMerge(words, `s ${word}`, () => {
    const ids = tokensContaining(words, word).filter((id) => words.tokens[id]?.startsWith(word));
    return ids.length === 0 ? none : productsWithTokens(words, ids, size);
  });
}

/** The products whose text has a token that ends with `word` (which has no space). */
function productsWithTokenEnding(words: WordIndex, word: string, size: number): Int32Array {
  return keptMerge(words, `e ${word}`, () => {
    const ids = tokensContaining(words, word).filter((id) => words.tokens[id]?.endsWith(word));
    return ids.length === 0 ? none : productsWithTokens(words, ids, size);
  });
}

/** The products whose text has `word` as a whole token. */
function productsWithToken(words: WordIndex, word: string): Int32Array {
  const ids = tokensContaining(words, word);
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i] as number;
    if (words.tokens[id] === word) return productsOfToken(words, id);
  }
  return none;
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
    for (const piece of pieces) {
      const ids = index.vocabularyPieces.get(piece) ?? none;
      for (let i = 0; i < ids.length; i++) {
        const id = ids[i] as number;
        shared.set(id, (shared.get(id) ?? 0) + 1);
      }
    }
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
 * One search against one index: the products whose search text contains a word, merged once per
 * search however often the search asks (the whole text is often its one word).
 */
class Search {
  /**
   * The words every product of the last `matching` has in its search text (found through the
   * word itself, not a word it is like).
   */
  private readonly inEveryFound = new Set<string>();
  /** Lists already found in this search, by what and for which text. */
  private readonly lists = new Map<string, Int32Array>();
  readonly size: number;

  constructor(readonly index: SuggestionIndex) {
    this.size = index.products.length;
  }

  /** Products whose search text contains `text` (SQL's `search_text like '%text%'`). */
  withText(text: string): Int32Array {
    const { index } = this;
    return this.containing(
      "t",
      index.text,
      text,
      (n) => (index.products[n] as IndexedProduct).searchText,
    );
  }

  /** Products whose lowercased name contains `text`. */
  inName(text: string): Int32Array {
    const { index } = this;
    return this.containing(
      "n",
      index.names,
      text,
      (n) => (index.products[n] as IndexedProduct).lowerName,
    );
  }

  /**
   * The products whose text (`textOf`, indexed as `words`) contains `text`. Of one word: those
   * with a token that contains it. Across words: the text is looked for only in the products
   * that have every part where it can be: the first part at a token's end (a space follows it),
   * the last at a token's start (a space comes before it), any other as a whole token. Those
   * lists are kept across searches (`keptMerge`), so a phrase is checked against the few products
   * that may have it, not against every product that shares a letter or two with each part
   * ("a spc" against the products with a word ending in "a", not the 20,000 with an "a"; a
   * profile found those checks most of the slowest searches' time).
   */
  private containing(
    kind: string,
    words: WordIndex,
    text: string,
    textOf: (n: number) => string,
  ): Int32Array {
    return this.remembered(`${kind} ${text}`, () => {
      const parts = text.split(" ").filter(Boolean);
      if (parts.length === 1 && parts[0] === text)
        return productsContaining(words, text, this.size);
      const mayHave: Int32Array[] = [];
      const last = parts.length - 1;
      for (const [i, part] of parts.entries()) {
        // A text that starts or ends with a space ("oak ") leaves its part whole on that side.
        const atStart = i === 0 && !text.startsWith(" ");
        const atEnd = i === last && !text.endsWith(" ");
        const list =
          atStart && atEnd
            ? productsContaining(words, part, this.size)
            : atStart
              ? productsWithTokenEnding(words, part, this.size)
              : atEnd
                ? productsWithTokenStarting(words, part, this.size)
                : productsWithToken(words, part);
        if (list.length === 0) return none;
        mayHave.push(list);
      }
      const candidates = allOf(mayHave);
      const found = scratchList(candidates.length);
      let count = 0;
      for (let i = 0; i < candidates.length; i++) {
        const n = candidates[i] as number;
        if (textOf(n).includes(text)) found[count++] = n;
      }
      return keepFirst(found, count);
    });
  }

  /** Products with a word of their name that starts with `word` (which has no space). */
  atNameWordStart(word: string): Int32Array {
    return this.remembered(`s ${word}`, () =>
      productsWithTokenStarting(this.index.names, word, this.size),
    );
  }

  private remembered(key: string, find: () => Int32Array): Int32Array {
    let found = this.lists.get(key);
    if (!found) {
      found = find();
      this.lists.set(key, found);
    }
    return found;
  }

  /**
   * The products a suggestion may show: the whole text in their words, or everything the words
   * mean (type, features, and each word in their words, or a word it is like when `like` is
   * given).
   */
  matching(
    whole: string,
    parsed: ReturnType<typeof parseSearch>,
    like: Map<string, string[]> | null,
  ): Int32Array {
    this.inEveryFound.clear();
    if (parsed.words.length + parsed.types.length + parsed.features.length === 0)
      return whole ? this.withText(whole) : none;
    const { index, size } = this;
    const lists: Int32Array[] = [];
    if (parsed.types.length > 0)
      lists.push(
        unionOf(
          parsed.types.map((type) => index.typeProducts.get(type) ?? none),
          size,
          scratchList,
        ),
      );
    for (const feature of parsed.features) lists.push(index.featureProducts.get(feature) ?? none);
    for (const word of parsed.words) {
      const alternatives = [word, ...(like?.get(word) ?? [])].map((text) => this.withText(text));
      lists.push(
        alternatives.length === 1
          ? (alternatives[0] as Int32Array)
          : unionOf(alternatives, size, scratchList),
      );
    }
    // A list with nothing in it (a word no product has) leaves nothing to merge.
    const meaning = lists.some((list) => list.length === 0) ? none : allOf(lists);
    // A text that holds every word and means nothing more finds only products the words find.
    const wordsCoverWhole =
      parsed.types.length + parsed.features.length === 0 &&
      parsed.words.every((word) => whole.includes(word));
    if (wordsCoverWhole || !whole) {
      for (const word of parsed.words) if (!like?.has(word)) this.inEveryFound.add(word);
      return meaning;
    }
    return unionOf([this.withText(whole), meaning], size, scratchList);
  }

  /**
   * How well each product answers a search, by product number: the whole text in the name 7, the
   * name starting with it 2, at a word's start in the name 1, in the brand or collection 6; each
   * word at a word's start in the name 3, else in the name 2, else in the product's words 1.
   * Computed from the sets of products with each, not product by product, and only for the
   * products found (`found`), the only ones `best` reads.
   */
  ranks(whole: string, words: string[], found: Int32Array): Uint16Array {
    const { index, size } = this;
    // The words' lists first: the whole text's parts are looked for among them.
    for (const word of words) this.inName(word);
    const ranks = clearedRanks(size);
    // Only the found products' ranks are read: a list longer than what was found is read through
    // its bits, product by found product, or cut down to the found first.
    const add = (list: Int32Array, points: number) => {
      if (list.length > found.length) {
        const bits = bitsOf(list);
        if (bits) {
          for (let i = 0; i < found.length; i++) {
            const n = found[i] as number;
            if (hasBit(bits, n)) ranks[n] = (ranks[n] as number) + points;
          }
          return;
        }
        if (list.length > found.length * 4) list = intersectionOf(found, list);
      }
      for (let i = 0; i < list.length; i++) {
        const n = list[i] as number;
        ranks[n] = (ranks[n] as number) + points;
      }
    };
    if (whole && !whole.includes(" ")) {
      // 7 for the whole in the name, 1 more at a word's start, 2 more at the name's start.
      add(this.inName(whole), 7);
      add(this.atNameWordStart(whole), 1);
      const { products } = index;
      // Products are numbered by name: those whose name starts with the text are one run.
      let low = 0;
      let high = size;
      while (low < high) {
        const mid = (low + high) >>> 1;
        if ((products[mid] as IndexedProduct).lowerName < whole) low = mid + 1;
        else high = mid;
      }
      for (
        let n = low;
        n < size && (products[n] as IndexedProduct).lowerName.startsWith(whole);
        n++
      )
        ranks[n] = (ranks[n] as number) + 2;
    } else if (whole) {
      const inName = intersectionOf(found, this.inName(whole));
      for (let i = 0; i < inName.length; i++) {
        const n = inName[i] as number;
        const name = (index.products[n] as IndexedProduct).lowerName;
        let points = 7;
        if (name.startsWith(whole)) points += 3;
        else if (name.includes(` ${whole}`)) points += 1;
        ranks[n] = (ranks[n] as number) + points;
      }
    }
    if (whole)
      for (const { text, products } of index.brandCollections)
        if (text.includes(whole)) add(products, 6);
    for (const word of words) {
      // A product's words hold its name (`buildSuggestionIndex`), so one with the word in its name
      // has it in its words too: 1 for the words, 1 more for the name, 1 more at a name word's
      // start. When every product found has the word in its words, that point is the same for
      // all and changes no order: it is left out.
      if (!this.inEveryFound.has(word)) add(this.withText(word), 1);
      add(this.inName(word), 1);
      add(this.atNameWordStart(word), 1);
    }
    return ranks;
  }
}

/** Above any rank a search can reach (it is at most 200 characters). */
const groupWeight = 1_000_000;

/** Whether the found products hold enough floors (`flooring`) or accessories to fill the list. */
function fillsList(index: SuggestionIndex, found: Int32Array, flooring: boolean): boolean {
  const { flags } = index;
  const wanted = flooring ? isFlooring : 0;
  let count = 0;
  for (let i = 0; i < found.length; i++)
    if (
      ((flags[found[i] as number] as number) & isFlooring) === wanted &&
      ++count === maxSuggestions
    )
      return true;
  return false;
}

/**
 * The best `maxSuggestions` of the found products: the group the search asks for first (floors,
 * or accessories when `flooring` is false), then highest rank, then in stock, then in index order.
 */
function best(index: SuggestionIndex, found: Int32Array, ranks: Uint16Array, flooring: boolean) {
  const { flags } = index;
  const wanted = flooring ? isFlooring : 0;
  const top: Array<{ n: number; score: number }> = [];
  // The score a product must beat to be kept: the last kept once there are enough.
  let least = -1;
  for (let i = 0; i < found.length; i++) {
    const n = found[i] as number;
    const productFlags = flags[n] as number;
    const score =
      ((productFlags & isFlooring) === wanted ? groupWeight : 0) +
      (ranks[n] as number) * 2 +
      (productFlags & isInStock ? 1 : 0);
    if (score <= least) continue;
    // Found in index order: an equal score already kept stays ahead.
    let at = top.length;
    while (at > 0 && (top[at - 1]?.score ?? 0) < score) at--;
    top.splice(at, 0, { n, score });
    if (top.length > maxSuggestions) top.pop();
    if (top.length === maxSuggestions) least = (top[maxSuggestions - 1] as { score: number }).score;
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
  // Nothing made in the scratch room by the search before is used again.
  scratchUsed = 0;
  const search = new Search(index);
  let found = search.matching(whole, parsed, null);
  if (!fillsList(index, found, flooring)) {
    const like = wordsLike(index, parsed.words);
    if (like.size > 0) found = search.matching(whole, parsed, like);
  }
  if (found.length === 0) return [];
  return best(index, found, search.ranks(whole, parsed.words, found), flooring);
}
