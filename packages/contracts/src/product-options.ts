// The catalogue list's options without zod, so browser code can import them without pulling the
// schema library into its bundle (about 27 KB gzip on /products and /closeouts).
import { defaultPerPage, perPageOptions, priceFilterMax, priceFilterMin } from "./business.ts";

export const productSortOptions = ["name_asc", "price_asc", "price_desc"] as const;
export type ProductSort = (typeof productSortOptions)[number];
export const defaultProductSort: ProductSort = "name_asc";

/** Per-page choices: 25, 50, 75, 100 (default), 200, and -1 for every product. */
export const productPerPageOptions = perPageOptions;
export const defaultProductPerPage = defaultPerPage;
export const productPriceBounds = { min: priceFilterMin, max: priceFilterMax } as const;

/** The header carrying the number of products matching a list query, before paging. */
export const totalCountHeader = "x-total-count";
