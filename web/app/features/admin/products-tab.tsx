import { adminProductListLimit } from "@mcf/contracts/admin";
import type { AdminProduct } from "@mcf/contracts/product";
import { type KeyboardEvent, useEffect, useMemo, useState } from "react";
import { isAbortError } from "../../lib/api.ts";
import { capitalize } from "./admin-format.ts";
import { useAdminSession } from "./admin-session.tsx";
import { ProductCsvPanel } from "./product-csv-panel.tsx";
import { ProductEditor } from "./product-editor.tsx";
import { type ProductSortKey, type SortDirection, sortProducts } from "./product-sort.ts";
import { ScrollRegion } from "./scroll-region.tsx";

type InlineField =
  | "our_price"
  | "ace_price"
  | "ace_shown_price"
  | "competitor_price"
  | "stock_quantity";
type CellState = "saving" | "saved" | "failed";

/** A price or stock cell that saves on blur or Enter and shows saved / failed. */
function InlineNumberCell({
  product,
  field,
  label,
  onSaved,
}: {
  product: AdminProduct;
  field: InlineField;
  label: string;
  onSaved: (product: AdminProduct) => void;
}) {
  const { request } = useAdminSession();
  const current = product[field];
  const [value, setValue] = useState(current === null ? "" : String(current));
  const [state, setState] = useState<CellState | null>(null);
  const [error, setError] = useState<string | null>(null);
  const integer = field === "stock_quantity";

  useEffect(() => {
    setValue(current === null ? "" : String(current));
  }, [current]);

  const save = async () => {
    const trimmed = value.trim();
    const next = trimmed === "" ? (integer ? 0 : null) : Number(trimmed);
    if (next === current || (next !== null && Number.isNaN(next))) {
      if (next !== null && Number.isNaN(next)) {
        setState("failed");
        setError("Not a number");
      }
      return;
    }
    setState("saving");
    try {
      const saved = await request<AdminProduct>(`/api/admin/products/${product.id}`, {
        method: "PATCH",
        body: { [field]: next },
      });
      onSaved(saved);
      setState("saved");
      setError(null);
      setTimeout(() => setState((s) => (s === "saved" ? null : s)), 2000);
    } catch (e) {
      setState("failed");
      setError(e instanceof Error ? e.message : "Not saved");
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter") {
      event.preventDefault();
      event.currentTarget.blur();
    }
    if (event.key === "Escape") setValue(current === null ? "" : String(current));
  };

  const border =
    state === "failed"
      ? "border-red-500 bg-red-50"
      : state === "saved"
        ? "border-green-600 bg-green-50"
        : "border-transparent hover:border-stone-300";
  return (
    <div className="flex items-center gap-1">
      <input
        type="number"
        step={integer ? 1 : 0.01}
        min={0}
        aria-label={`${label} for ${product.name}`}
        aria-invalid={state === "failed"}
        title={error ?? undefined}
        className={`w-[4.75rem] rounded border px-1 py-1 text-right tabular-nums focus:border-oak-500 focus:outline-none ${border}`}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        onBlur={save}
        onKeyDown={onKeyDown}
      />
      <span className="w-4 text-xs" aria-live="polite">
        {state === "saving" ? <span className="text-stone-600">…</span> : null}
        {state === "saved" ? (
          <span className="text-green-700" title="Saved">
            ✓<span className="sr-only">Saved</span>
          </span>
        ) : null}
        {state === "failed" ? (
          <span className="text-red-700" title={error ?? "Not saved"}>
            !<span className="sr-only">Not saved: {error}</span>
          </span>
        ) : null}
      </span>
    </div>
  );
}

const columns: Array<{ label: string; key?: ProductSortKey; align?: "right" }> = [
  { label: "Name", key: "name" },
  { label: "Type", key: "type" },
  { label: "Brand", key: "brand" },
  { label: "Collection", key: "collection" },
  { label: "Our Price (sq/ft)", key: "our_price", align: "right" },
  { label: "ACE Price", align: "right" },
  { label: "ACE Shown Price", align: "right" },
  { label: "Competitor Price", key: "competitor_price", align: "right" },
  { label: "Stock", key: "stock_quantity", align: "right" },
  { label: "Closeout", key: "is_closeout" },
  { label: "Edit" },
];

/** The catalogue table: search, sort, inline price/stock edits, closeout toggle, editor, CSV. */
export function ProductsTab() {
  const { request } = useAdminSession();
  const [search, setSearch] = useState("");
  const [appliedSearch, setAppliedSearch] = useState("");
  const [products, setProducts] = useState<AdminProduct[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [sort, setSort] = useState<{ key: ProductSortKey; direction: SortDirection } | null>(null);
  const [editing, setEditing] = useState<AdminProduct | "new" | null>(null);
  const [closeoutError, setCloseoutError] = useState<number | null>(null);
  const [reloadKey, setReloadKey] = useState(0);

  useEffect(() => {
    const timer = setTimeout(() => setAppliedSearch(search.trim()), 250);
    return () => clearTimeout(timer);
  }, [search]);

  const listPath = (offset: number) => {
    const params = new URLSearchParams({
      limit: String(adminProductListLimit),
      offset: String(offset),
    });
    if (appliedSearch) params.set("search", appliedSearch);
    return `/api/admin/products?${params}`;
  };

  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    setError(null);
    request<{ products: AdminProduct[] }>(listPath(0), { signal: controller.signal })
      .then((data) => {
        setProducts(data.products);
        setHasMore(data.products.length === adminProductListLimit);
      })
      .catch((e) => {
        if (!isAbortError(e)) setError(e instanceof Error ? e.message : "Failed to load products");
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [request, appliedSearch, reloadKey]);

  const loadMore = async () => {
    setLoading(true);
    try {
      const data = await request<{ products: AdminProduct[] }>(listPath(products.length));
      setProducts((list) => [...list, ...data.products]);
      setHasMore(data.products.length === adminProductListLimit);
    } catch (e) {
      setError(e instanceof Error ? e.message : "Failed to load products");
    } finally {
      setLoading(false);
    }
  };

  const shown = useMemo(
    () => (sort ? sortProducts(products, sort.key, sort.direction) : products),
    [products, sort],
  );
  const replace = (saved: AdminProduct) =>
    setProducts((list) => list.map((p) => (p.id === saved.id ? saved : p)));

  const toggleSort = (key: ProductSortKey) =>
    setSort((s) =>
      s?.key === key
        ? { key, direction: s.direction === "asc" ? "desc" : "asc" }
        : { key, direction: "asc" },
    );

  const toggleCloseout = async (product: AdminProduct, value: boolean) => {
    replace({ ...product, is_closeout: value });
    try {
      replace(
        await request<AdminProduct>(`/api/admin/products/${product.id}`, {
          method: "PATCH",
          body: { is_closeout: value },
        }),
      );
      setCloseoutError(null);
    } catch {
      replace(product);
      setCloseoutError(product.id);
    }
  };

  return (
    <section
      aria-label="Products"
      className="rounded-lg border border-stone-200 bg-white shadow-sm"
    >
      <div className="flex flex-wrap items-center gap-3 border-b border-stone-200 p-3">
        <label className="min-w-64 flex-1">
          <span className="sr-only">Search products</span>
          <input
            type="search"
            className="field-input py-1.5"
            placeholder="Search name, brand, collection, color, type or SKU"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </label>
        <span className="text-sm text-stone-600">
          {loading ? "Loading…" : `${products.length} product${products.length === 1 ? "" : "s"}`}
        </span>
        <ProductCsvPanel search={search.trim()} onImported={() => setReloadKey((k) => k + 1)} />
        <button type="button" className="btn-primary py-2" onClick={() => setEditing("new")}>
          New
        </button>
      </div>
      {error ? <p className="m-3 rounded bg-red-50 p-3 text-sm text-red-800">{error}</p> : null}
      <ScrollRegion label="Product table" className="max-h-[60vh]">
        <table className="w-full text-left text-sm">
          <thead className="sticky top-0 z-10 bg-stone-50 text-xs tracking-wide text-stone-600 uppercase shadow-[0_1px_0_#e7e5e4]">
            <tr>
              {columns.map((column) => {
                const active = sort && column.key === sort.key;
                return (
                  <th
                    key={column.label}
                    className={`px-2 py-2 text-[11px] leading-tight ${column.align === "right" ? "text-right" : ""}`}
                    aria-sort={
                      active ? (sort.direction === "asc" ? "ascending" : "descending") : undefined
                    }
                  >
                    {column.key ? (
                      <button
                        type="button"
                        className="inline-flex items-center gap-0.5 text-left uppercase hover:text-navy-800"
                        onClick={() => toggleSort(column.key as ProductSortKey)}
                      >
                        {column.label}
                        <span
                          aria-hidden="true"
                          className={active ? "text-oak-600" : "text-stone-300"}
                        >
                          {active ? (sort.direction === "asc" ? "▲" : "▼") : "↕"}
                        </span>
                      </button>
                    ) : (
                      column.label
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {shown.map((product) => (
              <tr key={product.id} className="border-t border-stone-100 hover:bg-cream/50">
                <td className="max-w-[13rem] px-2 py-1.5">
                  <div className="truncate font-medium" title={product.name}>
                    {product.name}
                  </div>
                  {product.sku ? <div className="text-xs text-stone-600">{product.sku}</div> : null}
                </td>
                <td className="px-2 py-1.5">{capitalize(product.type ?? "")}</td>
                <td
                  className="max-w-[8rem] truncate px-2 py-1.5"
                  title={product.brand ?? undefined}
                >
                  {product.brand}
                </td>
                <td
                  className="max-w-[8rem] truncate px-2 py-1.5"
                  title={product.collection ?? undefined}
                >
                  {product.collection}
                </td>
                {(
                  [
                    "our_price",
                    "ace_price",
                    "ace_shown_price",
                    "competitor_price",
                    "stock_quantity",
                  ] as const
                ).map((field) => (
                  <td key={field} className="px-1 py-1 text-right">
                    <InlineNumberCell
                      product={product}
                      field={field}
                      label={
                        columns.find((c) => c.key === field)?.label ??
                        { ace_price: "ACE Price", ace_shown_price: "ACE Shown Price" }[
                          field as "ace_price"
                        ]
                      }
                      onSaved={replace}
                    />
                  </td>
                ))}
                <td className="px-2 py-1.5 text-center whitespace-nowrap">
                  <input
                    type="checkbox"
                    aria-label={`Closeout: ${product.name}`}
                    checked={product.is_closeout}
                    onChange={(e) => toggleCloseout(product, e.target.checked)}
                  />
                  {closeoutError === product.id ? (
                    <span className="ml-1 text-xs text-red-700">Not saved</span>
                  ) : null}
                </td>
                <td className="px-2 py-1.5">
                  <button
                    type="button"
                    className="btn-outline px-3 py-1"
                    aria-label={`Edit ${product.name}`}
                    onClick={() => setEditing(product)}
                  >
                    Edit
                  </button>
                </td>
              </tr>
            ))}
            {!loading && shown.length === 0 ? (
              <tr>
                <td colSpan={columns.length} className="px-3 py-10 text-center text-stone-600">
                  No products match “{appliedSearch}”.
                </td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </ScrollRegion>
      {hasMore ? (
        <div className="border-t border-stone-200 p-3 text-center">
          <button type="button" className="btn-outline" onClick={loadMore} disabled={loading}>
            Load more
          </button>
        </div>
      ) : null}
      {editing ? (
        <ProductEditor
          key={editing === "new" ? "new" : editing.id}
          product={editing === "new" ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(saved, created) => {
            setProducts((list) =>
              created ? [saved, ...list] : list.map((p) => (p.id === saved.id ? saved : p)),
            );
            setEditing(null);
          }}
          onDeleted={(id) => {
            setProducts((list) => list.filter((p) => p.id !== id));
            setEditing(null);
          }}
        />
      ) : null}
    </section>
  );
}
