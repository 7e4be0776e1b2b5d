import { type AccessoryKind, accessoryKindLabels } from "@mcf/contracts/accessories";
import { toDollars } from "@mcf/contracts/money";
import type { SearchSuggestion } from "@mcf/contracts/product";
import { sql } from "drizzle-orm";
import { type Db, searchWordLikeness } from "../../db/client.ts";
import { products } from "../../db/schema/index.ts";
import { type PricedProductRow, publicPriceOf } from "../pricing/pricing.service.ts";
import {
  buildSuggestionIndex,
  type StockAndPrices,
  type SuggestableProduct,
  type SuggestionIndex,
  suggestFromIndex,
  withStockAndPrices,
} from "./suggestion-index.ts";

/**
 * A hash of everything the index reads of a product apart from stock and prices: when no
 * product's changes, a new catalogue version only needs new stock and prices.
 */
const fingerprint = sql`md5(json_build_array(${products.name}, ${products.brand},
  ${products.collection}, ${products.type}, ${products.features}, ${products}.search_text,
  ${products.selling_unit}, ${products.accessory_kind})::text)`;

/** What both reads take of a product's price, in this order. */
type PriceColumns = [
  ourPrice: string | null,
  aceShownPrice: string | null,
  competitorPrice: string | null,
  sqftPerCarton: string | null,
  sellingUnit: PricedProductRow["selling_unit"],
];
const priceColumns = sql`${products.our_price}::text, ${products.ace_shown_price}::text,
  ${products.competitor_price}::text, ${products.sqft_per_carton}::text, ${products.selling_unit}`;

/** What `readStockAndPrices` reads of a product, in this order. */
type StockTuple = [id: number, stockQuantity: number, ...PriceColumns, fingerprint: string];

/** What `loadSuggestionIndex` reads of a product, in this order: its stock and prices first. */
type ProductTuple = [
  stock: StockTuple,
  name: string,
  brand: string | null,
  collection: string | null,
  type: string | null,
  features: Record<string, unknown>,
  searchText: string,
  accessoryKind: AccessoryKind | null,
  sellingUnit: PricedProductRow["selling_unit"],
];

/** How many products one read takes (see `readTuples`). */
export const productsPerRead = 2000;

/**
 * Reads every product as tuples, in order of id: each read of up to `productsPerRead` products
 * is one JSON array, on the embedded database far faster than as many rows. Reading all of them
 * as one array held the whole text in the database's memory and in the process's at once: on
 * 20,000 products the process grew by about 140 MB and kept it. `columns` starts with the id.
 */
async function readTuples<T extends unknown[]>(
  db: Db,
  columns: ReturnType<typeof sql>,
  idOf: (tuple: T) => number,
  perRead: number,
): Promise<T[]> {
  const tuples: T[] = [];
  for (let after = 0; ; ) {
    const result = await db.execute<{ products: string }>(
      sql`select coalesce(json_agg(json_build_array(${columns}) order by ${products.id})::text, '[]')
        as products
      from (select * from ${products} where ${products.id} > ${after}
        order by ${products.id} limit ${perRead}) as ${products}`,
    );
    const page = JSON.parse(result.rows[0]?.products ?? "[]") as T[];
    for (const tuple of page) tuples.push(tuple);
    const last = page.at(-1);
    if (!last || page.length < perRead) return tuples;
    after = idOf(last);
  }
}

const stockColumns = sql`${products.id}, ${products.stock_quantity}, ${priceColumns}, ${fingerprint}`;

function stockAndPricesOf([id, stockQuantity, ...rest]: StockTuple): StockAndPrices {
  const [our_price, ace_shown_price, competitor_price, sqft_per_carton, selling_unit, hash] = rest;
  const { perSqftCents, perBoxCents } = publicPriceOf({
    our_price,
    ace_shown_price,
    competitor_price,
    sqft_per_carton,
    selling_unit,
  });
  return {
    id,
    stockQuantity,
    pricePerSqft: perSqftCents === null ? null : toDollars(perSqftCents),
    // An accessory's per-box price is the price of one unit (decision 083).
    unitPrice: perBoxCents === null ? null : toDollars(perBoxCents),
    fingerprint: hash,
  };
}

/**
 * Reads every product once and indexes it for suggestions. The rows come as JSON arrays of
 * `perRead` products (`readTuples`): on 20,000 products the embedded database hands over one
 * text in about 0.2 s where 20,000 rows of 13 columns took 0.5-0.8 s.
 */
export async function loadSuggestionIndex(
  db: Db,
  perRead = productsPerRead,
): Promise<SuggestionIndex> {
  const tuples = await readTuples<ProductTuple>(
    db,
    sql`json_build_array(${stockColumns}), ${products.name}, ${products.brand},
      ${products.collection}, ${products.type}, ${products.features}, ${products}.search_text,
      ${products.accessory_kind}, ${products.selling_unit}`,
    ([[id]]) => id,
    perRead,
  );
  const catalogue = tuples.map(
    ([
      stock,
      name,
      brand,
      collection,
      type,
      features,
      searchText,
      accessoryKind,
      sellingUnit,
    ]): SuggestableProduct => ({
      ...stockAndPricesOf(stock),
      name,
      brand,
      collection,
      type,
      features,
      // An accessory is also found by its kind ("transition" finds the T-moldings).
      searchText:
        accessoryKind === null
          ? searchText
          : `${searchText} ${accessoryKindLabels[accessoryKind].toLowerCase()}`,
      flooring: sellingUnit === "box",
      sellingUnit,
    }),
  );
  return buildSuggestionIndex(catalogue, searchWordLikeness);
}

/**
 * The index with the catalogue's current stock and prices, or null when a product was added,
 * deleted, or changed anything else (its words, type, features, selling unit): then only a full
 * load will do. Reads ids, stock, prices and a hash per product, not the words.
 */
export async function refreshSuggestionIndex(
  db: Db,
  index: SuggestionIndex,
  perRead = productsPerRead,
): Promise<SuggestionIndex | null> {
  const tuples = await readTuples<StockTuple>(db, stockColumns, ([id]) => id, perRead);
  return withStockAndPrices(index, tuples.map(stockAndPricesOf));
}

/** Suggestions for a search under the catalogue version the caller has just read. */
export type ProductSuggester = (version: string, text: string) => Promise<SearchSuggestion[]>;

/**
 * Search suggestions from an in-memory index of the catalogue (decision 085), built on first use.
 * When the catalogue version moves, the last index is refreshed with the new stock and prices if
 * no product's words changed, and built again otherwise (decision 088). Requests that need the
 * same version wait for one build; the index of the version before is kept until the new one is
 * ready, for requests that read the version just before it moved.
 */
export function createProductSuggester(
  db: Db,
  load: (db: Db) => Promise<SuggestionIndex> = loadSuggestionIndex,
  refresh: (
    db: Db,
    index: SuggestionIndex,
  ) => Promise<SuggestionIndex | null> = refreshSuggestionIndex,
): ProductSuggester {
  type Build = { version: string; index: Promise<SuggestionIndex> };
  let latest: Build | null = null;
  let previous: Build | null = null;
  const rebuild = async (before: Build | null) => {
    const prior = before ? await before.index.catch(() => null) : null;
    // Read after this request learned its version, so the refresh is at least as new.
    return (prior && (await refresh(db, prior))) || load(db);
  };
  const indexAt = (version: string) => {
    if (latest?.version === version) return latest.index;
    if (previous?.version === version) return previous.index;
    const building = { version, index: rebuild(latest) };
    previous = latest;
    latest = building;
    building.index.then(
      () => {
        if (latest === building) previous = null;
      },
      () => {
        // A failed read is tried again by the next request.
        if (latest === building) latest = null;
      },
    );
    return building.index;
  };
  return async (version, text) => suggestFromIndex(await indexAt(version), text);
}
