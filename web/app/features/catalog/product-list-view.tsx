import type { ProductFacets } from "@mcf/contracts/product";
import { Link } from "react-router";
import { deferredIsland } from "../../lib/deferred-island.tsx";
import type { CatalogProduct } from "./catalog-product.ts";
import { productListErrorMessage } from "./list-messages.ts";
import {
  changeListParams,
  defaultListParams,
  type FilterKey,
  hasActiveFilters,
  type ListParams,
  listHref,
  pageCount,
} from "./list-params.ts";
import type { PriceSource } from "./price-source.ts";
import { Spinner } from "./spinner.tsx";

/**
 * The filters are a plain GET form (it works before any script runs); what their code adds (a
 * dropdown applies at once, the phone's toggle label) can follow hydration (decision 089).
 */
const ProductFilters = deferredIsland(() =>
  import("./product-filters.tsx").then((m) => m.ProductFilters),
);
/**
 * The cards (image, price, stock, Add to Cart, Order Sample) render on the server like the rest;
 * their code (about 4 KB gzip with the price, stock and image parts) follows hydration, so the
 * list's page is interactive sooner and its cards' buttons a moment after.
 */
const ProductGrid = deferredIsland(() => import("./product-grid.tsx").then((m) => m.ProductGrid));
/** Page links: plain links until their code follows hydration. */
const Pagination = deferredIsland(() => import("./pagination.tsx").then((m) => m.Pagination));

/**
 * Fetches the code of the list's parts (filters, cards, page links) ahead of their first render,
 * for a screen that loads its list in the browser (the partner portal): see `usePreloaded`.
 */
export function preloadProductListParts(): Promise<unknown> {
  return Promise.all([ProductFilters.preload(), ProductGrid.preload(), Pagination.preload()]);
}

export type ProductListState<P extends CatalogProduct = CatalogProduct> =
  | { status: "loading" }
  | { status: "error" }
  | { status: "ready"; products: P[]; total: number };

export interface ProductListViewProps<P extends CatalogProduct> {
  state: ProductListState<P>;
  params: ListParams;
  facets: ProductFacets;
  onParamsChange: (next: ListParams) => void;
  onRetry: () => void;
  /** The public store or the partner catalogue: the price on each card and where it links. */
  source: PriceSource<P>;
  hiddenFilters?: FilterKey[];
}

/**
 * The whole product list: filters, a count line, the grid with its loading, error and empty
 * states, and pagination. Screens own the data; this owns the layout.
 */
export function ProductListView<P extends CatalogProduct>({
  state,
  params,
  facets,
  onParamsChange,
  onRetry,
  source,
  hiddenFilters,
}: ProductListViewProps<P>) {
  return (
    <div className="space-y-6">
      <ProductFilters
        params={params}
        facets={facets}
        onChange={onParamsChange}
        hidden={hiddenFilters}
      />
      <ProductListBody state={state} params={params} onRetry={onRetry} source={source} />
    </div>
  );
}

function ProductListBody<P extends CatalogProduct>({
  state,
  params,
  onRetry,
  source,
}: Pick<ProductListViewProps<P>, "state" | "params" | "onRetry" | "source">) {
  if (state.status === "loading") return <Spinner label="Loading products..." />;
  if (state.status === "error") {
    return (
      <div
        role="alert"
        className="rounded-lg border border-red-200 bg-red-50 px-6 py-10 text-center"
      >
        <p className="mb-4 font-medium text-red-800">{productListErrorMessage}</p>
        <button type="button" className="btn-primary" onClick={onRetry}>
          Try Again
        </button>
      </div>
    );
  }
  const products = state.products;
  if (products.length === 0) {
    const clearHref = listHref({
      ...defaultListParams,
      sort: params.sort,
      per_page: params.per_page,
    });
    return (
      <div className="rounded-lg border border-stone-200 bg-white px-6 py-14 text-center">
        <h2 className="mb-2 text-2xl font-semibold">No products found</h2>
        <p className="mb-6 text-stone-700">
          {state.total > 0
            ? "There are no products on this page."
            : "No products match your search and filters. Try a broader search or fewer filters."}
        </p>
        {state.total > 0 ? (
          <Link to={listHref({ ...params, page: 1 })} className="btn-primary">
            Go to the first page
          </Link>
        ) : hasActiveFilters(params) ? (
          <Link to={clearHref} className="btn-primary">
            Clear all filters
          </Link>
        ) : null}
      </div>
    );
  }
  const totalPages = pageCount(state.total, params.per_page);
  const first = params.per_page === -1 ? 1 : (params.page - 1) * params.per_page + 1;
  const last = first + products.length - 1;
  return (
    // `data-list` names the query these cards answer: it changes in the same render as the cards,
    // so a reader (or a test) knows when the list shown is the one the URL asks for.
    <div data-list={listHref(params)}>
      {/* Keeps the heading order h1 → h2 → the cards' h3 for screen readers (and Lighthouse). */}
      <h2 className="sr-only">Product list</h2>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2 text-sm text-stone-700">
        <p aria-live="polite">
          Showing {first}–{last} of {state.total} {state.total === 1 ? "product" : "products"}
        </p>
        {hasActiveFilters(params) ? (
          <Link
            to={listHref({ ...defaultListParams, sort: params.sort, per_page: params.per_page })}
            className="font-medium text-oak-700 underline underline-offset-2 hover:text-oak-600"
          >
            Clear all filters
          </Link>
        ) : null}
      </div>
      <ProductGrid
        cards={products.map((product, index) => ({
          product,
          price: source.priceOf(product),
          href: source.detailHref(product),
          partnerPrice: source.partnerLines,
          eager: index < 4,
          // Shopper accounts save floors; a partner's catalogue is not theirs.
          saveable: !source.partnerLines,
        }))}
      />
      <Pagination
        page={params.page}
        totalPages={totalPages}
        hrefFor={(page) => listHref(changeListParams(params, { page }))}
      />
      {products.length > 6 ? (
        <p className="mt-6 text-center sm:hidden">
          <a href="#product-filters" className="font-medium text-oak-700 underline">
            Back to search and filters ↑
          </a>
        </p>
      ) : null}
    </div>
  );
}
