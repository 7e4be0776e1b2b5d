import { featureKeyPattern, maxFeatureFilters } from "@mcf/contracts/product-features";
import {
  defaultProductPerPage,
  defaultProductSort,
  type ProductSort,
  productPerPageOptions,
  productPriceBounds,
  productSortOptions,
} from "@mcf/contracts/product-options";
import { minRatingFilters } from "@mcf/contracts/reviews-options";

/** The list's state as the URL holds it: filters, search, price range, sort and paging. */
export interface ListParams {
  type: string;
  brand: string;
  collection: string;
  construction: string;
  style_color: string;
  q: string;
  /** Yes/no features every product shown has (`features=waterproof,pet_friendly`). */
  features: string[];
  /** Per sq ft; the range's ends (0 and 999) mean no bound. */
  min_price: number;
  max_price: number;
  /** Products averaging at least this many stars; 0: any rating. */
  min_rating: number;
  sort: ProductSort;
  page: number;
  per_page: number;
}

export const filterKeys = ["type", "brand", "collection", "construction", "style_color"] as const;
export type FilterKey = (typeof filterKeys)[number];

export const defaultListParams: ListParams = {
  type: "",
  brand: "",
  collection: "",
  construction: "",
  style_color: "",
  q: "",
  features: [],
  min_price: productPriceBounds.min,
  max_price: productPriceBounds.max,
  min_rating: 0,
  sort: defaultProductSort,
  page: 1,
  per_page: defaultProductPerPage,
};

function priceBound(raw: string | null, fallback: number): number {
  if (raw === null || raw.trim() === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value)) return fallback;
  return Math.min(productPriceBounds.max, Math.max(productPriceBounds.min, value));
}

/**
 * The features of a query: `features=a,b` (links) and `feature=a&feature=b` (the filter form
 * sent without JavaScript), well-formed keys only, each once.
 */
function featuresOf(search: URLSearchParams): string[] {
  const keys = [...(search.get("features") ?? "").split(","), ...search.getAll("feature")].map(
    (key) => key.trim().toLowerCase(),
  );
  return [...new Set(keys.filter((key) => featureKeyPattern.test(key)))].slice(
    0,
    maxFeatureFilters,
  );
}

/**
 * Reads the list state from a URL's query, forgivingly: a hand-edited or stale value falls back
 * to its default instead of failing the page (the API itself rejects bad input with 422).
 */
export function parseListParams(search: URLSearchParams): ListParams {
  // Control characters mean nothing in a filter, and the API refuses a NUL anywhere: a link
  // holding one would show the page as if the catalogue could not be read.
  const text = (key: string) =>
    (search.get(key) ?? "")
      .replace(/\p{Cc}/gu, "")
      .trim()
      .slice(0, 200);
  const sort = text("sort") as ProductSort;
  const perPage = Number(search.get("per_page"));
  const page = Number(search.get("page"));
  return {
    type: text("type").toLowerCase(),
    brand: text("brand"),
    collection: text("collection"),
    construction: text("construction"),
    style_color: text("style_color"),
    q: text("q"),
    features: featuresOf(search),
    min_price: priceBound(search.get("min_price"), productPriceBounds.min),
    max_price: priceBound(search.get("max_price"), productPriceBounds.max),
    min_rating: (minRatingFilters as readonly number[]).includes(Number(search.get("min_rating")))
      ? Number(search.get("min_rating"))
      : 0,
    sort: productSortOptions.includes(sort) ? sort : defaultProductSort,
    per_page: (productPerPageOptions as readonly number[]).includes(perPage)
      ? perPage
      : defaultProductPerPage,
    page: Number.isInteger(page) && page >= 1 && page <= 1_000_000 ? page : 1,
  };
}

/** The query string for this state, leaving out every default (so URLs stay short and shareable). */
export function listSearchParams(params: ListParams): URLSearchParams {
  const search = new URLSearchParams();
  for (const key of [...filterKeys, "q"] as const) {
    if (params[key]) search.set(key, params[key]);
  }
  if (params.features.length > 0) search.set("features", params.features.join(","));
  if (params.min_price > productPriceBounds.min) search.set("min_price", String(params.min_price));
  if (params.max_price < productPriceBounds.max) search.set("max_price", String(params.max_price));
  if (params.min_rating > 0) search.set("min_rating", String(params.min_rating));
  if (params.sort !== defaultProductSort) search.set("sort", params.sort);
  if (params.per_page !== defaultProductPerPage) search.set("per_page", String(params.per_page));
  if (params.page > 1) search.set("page", String(params.page));
  return search;
}

/** "?type=tile&page=2", or "" for the default state. */
export function listHref(params: ListParams): string {
  const query = listSearchParams(params).toString();
  return query ? `?${query}` : "?";
}

/** The list state after a change of filters: any change other than the page starts at page 1. */
export function changeListParams(current: ListParams, change: Partial<ListParams>): ListParams {
  const next = { ...current, ...change };
  if (!("page" in change)) next.page = 1;
  return next;
}

/** Number of pages for a total (at least 1); "All" is one page. */
export function pageCount(total: number, perPage: number): number {
  if (perPage === -1) return 1;
  return Math.max(1, Math.ceil(total / perPage));
}

/** At most `size` page numbers around the current page, shifted to stay inside 1..last. */
export function pageWindow(current: number, last: number, size = 5): number[] {
  const count = Math.min(size, last);
  let start = Math.max(1, current - Math.floor(size / 2));
  start = Math.min(start, last - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}

export function hasActiveFilters(params: ListParams): boolean {
  return (
    filterKeys.some((key) => params[key] !== "") ||
    params.q !== "" ||
    params.features.length > 0 ||
    params.min_price > productPriceBounds.min ||
    params.max_price < productPriceBounds.max
  );
}

/** How many settings besides the search differ from the defaults (shown on the phone toggle). */
export function refinementCount(params: ListParams): number {
  let count = filterKeys.filter((key) => params[key] !== "").length + params.features.length;
  if (
    params.min_price !== defaultListParams.min_price ||
    params.max_price !== defaultListParams.max_price
  ) {
    count += 1;
  }
  if (params.min_rating > 0) count += 1;
  // Best match is how the header's search lists its results, not a choice the shopper made here.
  if (params.sort !== defaultListParams.sort && params.sort !== "relevance") count += 1;
  if (params.per_page !== defaultListParams.per_page) count += 1;
  return count;
}
