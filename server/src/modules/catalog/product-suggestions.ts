import { toDollars } from "@mcf/contracts/money";
import type { SearchSuggestion } from "@mcf/contracts/product";
import { sql } from "drizzle-orm";
import { type Db, searchWordLikeness } from "../../db/client.ts";
import { products } from "../../db/schema/index.ts";
import { publicPriceOf } from "../pricing/pricing.service.ts";
import {
  buildSuggestionIndex,
  type SuggestableProduct,
  type SuggestionIndex,
  suggestFromIndex,
} from "./suggestion-index.ts";

/** Reads every product once and indexes it for suggestions (about 0.3 s for 20,000 products). */
export async function loadSuggestionIndex(db: Db): Promise<SuggestionIndex> {
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      brand: products.brand,
      collection: products.collection,
      type: products.type,
      features: products.features,
      stock_quantity: products.stock_quantity,
      our_price: products.our_price,
      ace_shown_price: products.ace_shown_price,
      competitor_price: products.competitor_price,
      sqft_per_carton: products.sqft_per_carton,
      selling_unit: products.selling_unit,
      search_text: sql<string>`${products}.search_text`,
    })
    .from(products);
  const catalogue = rows.map((row): SuggestableProduct => {
    const { perSqftCents } = publicPriceOf(row);
    return {
      id: row.id,
      name: row.name,
      brand: row.brand,
      collection: row.collection,
      type: row.type,
      features: row.features,
      stockQuantity: row.stock_quantity,
      searchText: row.search_text,
      // Suggestions are floors with their price per sq ft; accessories have their own page.
      flooring: row.selling_unit === "box",
      pricePerSqft: perSqftCents === null ? null : toDollars(perSqftCents),
    };
  });
  return buildSuggestionIndex(catalogue, searchWordLikeness);
}

/** Suggestions for a search under the catalogue version the caller has just read. */
export type ProductSuggester = (version: string, text: string) => Promise<SearchSuggestion[]>;

/**
 * Search suggestions from an in-memory index of the catalogue (decision 085), built on first use
 * and again when the catalogue version moves. Requests that need the same version wait for one
 * build; the index of the version before is kept until the new one is ready, for requests that
 * read the version just before it moved.
 */
export function createProductSuggester(
  db: Db,
  load: (db: Db) => Promise<SuggestionIndex> = loadSuggestionIndex,
): ProductSuggester {
  type Build = { version: string; index: Promise<SuggestionIndex> };
  let latest: Build | null = null;
  let previous: Build | null = null;
  const indexAt = (version: string) => {
    if (latest?.version === version) return latest.index;
    if (previous?.version === version) return previous.index;
    const building = { version, index: load(db) };
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
