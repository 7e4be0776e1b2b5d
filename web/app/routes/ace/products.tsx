import {
  displayType,
  perPageOptions,
  priceFilterMax,
  priceFilterMin,
  productTypes,
} from "@mcf/contracts/business";
import {
  type AceProduct,
  aceDefaultCollection,
  awaitingApprovalMessage,
} from "@mcf/contracts/partners";
import { useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { useRequirePartner } from "../../features/ace/ace-auth.tsx";
import { AceProductCard } from "../../features/ace/ace-product-card.tsx";
import { LoadingLine } from "../../features/ace/auth-card.tsx";
import { apiCall, isAbortError } from "../../lib/api.ts";
import { pageTitles } from "../../lib/page-titles.ts";
import { pageMeta } from "../../lib/seo.ts";

export const meta = () =>
  pageMeta(pageTitles.aceProducts, "ACE partner products at partner prices.");

const sortLabels = {
  name_asc: "Name (A-Z)",
  price_asc: "Price: Low to High",
  price_desc: "Price: High to Low",
};

type ListState =
  | { kind: "loading" }
  | { kind: "error" }
  | { kind: "loaded"; products: AceProduct[]; total: number };

/** Page numbers around the current one, at most 5. */
function pageWindow(current: number, pages: number): number[] {
  const start = Math.max(1, Math.min(current - 2, pages - 4));
  const end = Math.min(pages, start + 4);
  return Array.from({ length: end - start + 1 }, (_, i) => start + i);
}

export default function AceProducts() {
  const { user, token, loading } = useRequirePartner();
  const [params, setParams] = useSearchParams();
  const [state, setState] = useState<ListState>({ kind: "loading" });
  const [reload, setReload] = useState(0);
  const [search, setSearch] = useState(params.get("q") ?? "");
  const approved = user?.status === "approved";
  const query = params.toString();

  useEffect(() => {
    if (!approved || !token) return;
    const controller = new AbortController();
    setState({ kind: "loading" });
    apiCall<AceProduct[]>(`/api/ace/products${query ? `?${query}` : ""}`, {
      token,
      signal: controller.signal,
    })
      .then(({ data, headers }) =>
        setState({
          kind: "loaded",
          products: data,
          total: Number(headers.get("x-total-count") ?? data.length),
        }),
      )
      .catch((error: unknown) => {
        if (!isAbortError(error)) setState({ kind: "error" });
      });
    return () => controller.abort();
  }, [approved, token, query, reload]);

  if (loading) return <LoadingLine />;
  if (!user) return null;

  if (!approved) {
    return (
      <div className="container-page max-w-2xl py-14">
        <div className="rounded-xl border border-oak-100 bg-oak-50 p-6 sm:p-8">
          <p className="text-xs font-bold tracking-wider text-oak-600 uppercase">
            Welcome, {user.contact_name}
          </p>
          <h1 className="mt-1 mb-3 text-2xl font-bold text-navy-800">
            Your account is awaiting approval
          </h1>
          <p className="text-stone-700">{awaitingApprovalMessage}</p>
          <p className="mt-3 text-sm text-stone-600">
            Account: {user.company} ({user.email}). Meanwhile you can complete your{" "}
            <Link to="/ace/account" className="font-semibold text-navy-800 underline">
              company profile and shipping address
            </Link>
            .
          </p>
        </div>
      </div>
    );
  }

  const update = (changes: Record<string, string | null>, resetPage = true) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === "") next.delete(key);
      else next.set(key, value);
    }
    if (resetPage) next.delete("page");
    setParams(next);
  };
  const perPage = Number(params.get("per_page") ?? 100);
  const page = Number(params.get("page") ?? 1);
  const total = state.kind === "loaded" ? state.total : 0;
  const pages = perPage === -1 ? 1 : Math.max(1, Math.ceil(total / perPage));

  return (
    <div className="container-page py-8 sm:py-10">
      <div className="mb-6">
        <p className="text-xs font-bold tracking-wider text-oak-600 uppercase">
          ACE Partner Portal
        </p>
        <h1 className="text-3xl font-bold text-navy-800">Partner Products</h1>
        <p className="mt-1 text-stone-600">
          Your partner prices, per square foot and per box. Showing the{" "}
          {params.get("collection") ?? aceDefaultCollection} collection.
        </p>
      </div>

      <form
        className="mb-6 grid gap-3 rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-6"
        onSubmit={(e) => {
          e.preventDefault();
          update({ q: search.trim() });
        }}
      >
        <div className="sm:col-span-2">
          <label htmlFor="ace-search" className="field-label">
            Search
          </label>
          <div className="flex gap-2">
            <input
              id="ace-search"
              type="search"
              className="field-input"
              placeholder="Name, brand, color..."
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
            <button type="submit" className="btn-dark">
              Search
            </button>
          </div>
        </div>
        <div>
          <label htmlFor="ace-type" className="field-label">
            Type
          </label>
          <select
            id="ace-type"
            className="field-input"
            value={params.get("type") ?? ""}
            onChange={(e) => update({ type: e.target.value })}
          >
            <option value="">All types</option>
            {productTypes.map((type) => (
              <option key={type} value={type}>
                {displayType(type)}
              </option>
            ))}
          </select>
        </div>
        <div className="grid grid-cols-2 gap-2">
          <div>
            <label htmlFor="ace-min" className="field-label">
              Min $/sq ft
            </label>
            <input
              id="ace-min"
              type="number"
              min={priceFilterMin}
              max={priceFilterMax}
              step="0.01"
              className="field-input"
              defaultValue={params.get("min_price") ?? priceFilterMin}
              onBlur={(e) =>
                update({
                  min_price: e.target.value === String(priceFilterMin) ? null : e.target.value,
                })
              }
            />
          </div>
          <div>
            <label htmlFor="ace-max" className="field-label">
              Max $/sq ft
            </label>
            <input
              id="ace-max"
              type="number"
              min={priceFilterMin}
              max={priceFilterMax}
              step="0.01"
              className="field-input"
              defaultValue={params.get("max_price") ?? priceFilterMax}
              onBlur={(e) =>
                update({
                  max_price: e.target.value === String(priceFilterMax) ? null : e.target.value,
                })
              }
            />
          </div>
        </div>
        <div>
          <label htmlFor="ace-sort" className="field-label">
            Sort by
          </label>
          <select
            id="ace-sort"
            className="field-input"
            value={params.get("sort") ?? "name_asc"}
            onChange={(e) => update({ sort: e.target.value })}
          >
            {Object.entries(sortLabels).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="ace-per-page" className="field-label">
            Per page
          </label>
          <select
            id="ace-per-page"
            className="field-input"
            value={String(perPage)}
            onChange={(e) => update({ per_page: e.target.value })}
          >
            {perPageOptions.map((option) => (
              <option key={option} value={option}>
                {option === -1 ? "All" : option}
              </option>
            ))}
          </select>
        </div>
      </form>

      {state.kind === "loading" ? <LoadingLine label="Loading products..." /> : null}
      {state.kind === "error" ? (
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-center">
          <p className="mb-4 text-red-800">Failed to load products. Please try again later.</p>
          <button type="button" className="btn-primary" onClick={() => setReload((n) => n + 1)}>
            Try Again
          </button>
        </div>
      ) : null}
      {state.kind === "loaded" && state.products.length === 0 ? (
        <div className="rounded-xl border border-stone-200 bg-white p-10 text-center">
          <h2 className="mb-2 text-lg font-bold text-navy-800">No products match these filters</h2>
          <button
            type="button"
            className="btn-outline"
            onClick={() => setParams(new URLSearchParams())}
          >
            Clear filters
          </button>
        </div>
      ) : null}
      {state.kind === "loaded" && state.products.length > 0 ? (
        <>
          <p className="mb-3 text-sm text-stone-600">
            {total} {total === 1 ? "product" : "products"}
          </p>
          <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
            {state.products.map((product) => (
              <AceProductCard key={product.id} product={product} />
            ))}
          </div>
          {pages > 1 ? (
            <nav
              aria-label="Pagination"
              className="mt-8 flex flex-wrap items-center justify-center gap-2"
            >
              <button
                type="button"
                className="btn-outline"
                disabled={page <= 1}
                onClick={() => update({ page: String(page - 1) }, false)}
              >
                Previous
              </button>
              {pageWindow(page, pages).map((number) => (
                <button
                  key={number}
                  type="button"
                  aria-current={number === page ? "page" : undefined}
                  className={number === page ? "btn-dark" : "btn-outline"}
                  onClick={() => update({ page: String(number) }, false)}
                >
                  {number}
                </button>
              ))}
              <button
                type="button"
                className="btn-outline"
                disabled={page >= pages}
                onClick={() => update({ page: String(page + 1) }, false)}
              >
                Next
              </button>
            </nav>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
