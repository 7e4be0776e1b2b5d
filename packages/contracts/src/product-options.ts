// The catalogue list's options without zod, so browser code can import them without pulling the
// schema library into its bundle (about 27 KB gzip on /products and /closeouts).
import { defaultPerPage, perPageOptions, priceFilterMax, priceFilterMin } from "./business.ts";

/**
 * The list's orders. `relevance` (best match first) is for a search: the header's search box asks
 * for it; without a search it is the name order. The default stays name.
 */
export const productSortOptions = [
  "name_asc",
  "price_asc",
  "price_desc",
  "relevance",
  "rating_desc",
] as const;
export type ProductSort = (typeof productSortOptions)[number];
export const defaultProductSort: ProductSort = "name_asc";

/** Per-page choices: 25, 50, 75, 100 (default), 200, and -1 for every product. */
export const productPerPageOptions = perPageOptions;
export const defaultProductPerPage = defaultPerPage;
export const productPriceBounds = { min: priceFilterMin, max: priceFilterMax } as const;

/** The header carrying the number of products matching a list query, before paging. */
export const totalCountHeader = "x-total-count";

/**
 * The header carrying what a search with a typo was read as ("hardwod" → "hardwood"), when a typed
 * word is in no product and another word of the catalogue is like it.
 */
export const searchShowingHeader = "x-search-showing";
