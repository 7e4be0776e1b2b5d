import { adminProductListLimit } from "@mcf/contracts/admin";
import type { AdminProduct } from "@mcf/contracts/product";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState } from "react";
import { replaceById, useAdminList, useUpdateCachedList } from "./admin-queries.ts";
import { adminListKeys } from "./admin-query-keys.ts";
import { useAdminSession } from "./admin-session.tsx";
import { AdminTable } from "./admin-table.tsx";
import { productColumns } from "./product-columns.tsx";
import { ProductCsvPanel } from "./product-csv-panel.tsx";
import { ProductEditor } from "./product-editor.tsx";
import { type ProductSortKey, sortProducts } from "./product-sort.ts";
import type { SortState } from "./table-sort.ts";

/** The catalogue table: search, sort, inline price/stock edits, closeout toggle, editor, CSV. */
export function ProductsTab() {
  const { request } = useAdminSession();
  const client = useQueryClient();
  const [search, setSearch] = useState("");
  const [appliedSearch, setAppliedSearch] = useState("");
  const [sort, setSort] = useState<SortState<ProductSortKey> | null>(null);
  const [editing, setEditing] = useState<AdminProduct | "new" | null>(null);
  const [closeoutError, setCloseoutError] = useState<number | null>(null);

  // Search as staff type, once they pause for a quarter second.
  useEffect(() => {
    const timer = setTimeout(() => setAppliedSearch(search.trim()), 250);
    return () => clearTimeout(timer);
  }, [search]);

  const list = useAdminList<AdminProduct>({
    key: [...adminListKeys.products, { search: appliedSearch }],
    pageSize: adminProductListLimit,
    path: (offset) => {
      const params = new URLSearchParams({
        limit: String(adminProductListLimit),
        offset: String(offset),
      });
      if (appliedSearch) params.set("search", appliedSearch);
      return `/api/admin/products?${params}`;
    },
    read: (data) => ({ rows: (data as { products: AdminProduct[] }).products, meta: undefined }),
    failure: "Failed to load products",
  });
  const updateList = useUpdateCachedList<AdminProduct>(adminListKeys.products);
  const replace = (saved: AdminProduct) => updateList(replaceById(saved));

  const shown = useMemo(
    () => (sort ? sortProducts(list.items, sort.key, sort.direction) : list.items),
    [list.items, sort],
  );

  // The box ticks at once; it goes back if the server refuses.
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

  // The columns stay the same object between renders (they call the latest handlers through a
  // ref), so the table renders again only the rows that changed: a thousand rows stay quick.
  const handlers = useRef({ replace, toggleCloseout, setEditing });
  handlers.current = { replace, toggleCloseout, setEditing };
  const columns = useMemo(
    () =>
      productColumns({
        onSaved: (saved) => handlers.current.replace(saved),
        onToggleCloseout: (product, value) => void handlers.current.toggleCloseout(product, value),
        closeoutError,
        onEdit: (product) => handlers.current.setEditing(product),
      }),
    [closeoutError],
  );

  const count = list.items.length;
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
        <span className="text-sm text-stone-600" data-testid="product-count">
          {list.loading ? "Loading…" : `${count} product${count === 1 ? "" : "s"}`}
        </span>
        <ProductCsvPanel
          search={search.trim()}
          onImported={() => void client.invalidateQueries({ queryKey: adminListKeys.products })}
        />
        <button type="button" className="btn-primary py-2" onClick={() => setEditing("new")}>
          New
        </button>
      </div>
      <p className="border-b border-stone-200 bg-cream/40 px-3 py-1.5 text-xs text-stone-700">
        <strong>ACE Shown Price</strong> is what ACE partners pay (their portal calls it “ACE
        Price”; left blank, they pay Our Price). <strong>ACE Price</strong> is internal and never
        shown.
      </p>
      <AdminTable
        columns={columns}
        rows={shown}
        rowKey={(product) => product.id}
        rowClassName={() => "hover:bg-cream/50"}
        empty={`No products match “${appliedSearch}”.`}
        loading={list.loading}
        error={list.error}
        onRetry={list.retry}
        sort={{ state: sort, onChange: setSort }}
        scroll={{ label: "Product table", className: "max-h-[60vh]" }}
        dense
        hasMore={list.hasMore}
        onLoadMore={list.loadMore}
      />
      {editing ? (
        <ProductEditor
          key={editing === "new" ? "new" : editing.id}
          product={editing === "new" ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(saved, created) => {
            // A new product goes to the top of the list.
            updateList(
              created ? (rows, page) => (page === 0 ? [saved, ...rows] : rows) : replaceById(saved),
            );
            setEditing(null);
          }}
          onPhotosChanged={(saved) => updateList(replaceById(saved))}
          onDeleted={(id) => {
            updateList((rows) => rows.filter((p) => p.id !== id));
            setEditing(null);
          }}
        />
      ) : null}
    </section>
  );
}
