import type { AdminProduct } from "@mcf/contracts/product";
import type { PurchaseOrder } from "@mcf/contracts/purchasing";
import {
  type PurchaseOrderStatus,
  purchaseOrderStatuses,
  purchaseOrderStatusLabels,
} from "@mcf/contracts/purchasing-options";
import { useState } from "react";
import { usdOrDash } from "./admin-format.ts";
import { replaceById, useAdminList, useUpdateCachedList } from "./admin-queries.ts";
import { adminListKeys } from "./admin-query-keys.ts";
import { type AdminColumn, AdminTable } from "./admin-table.tsx";
import { PurchaseOrderDetail, purchaseOrderBadgeClass } from "./purchase-order-detail.tsx";
import { PurchaseOrderForm } from "./purchase-order-form.tsx";

function purchaseOrderColumns(
  onOpen: (order: PurchaseOrder) => void,
): Array<AdminColumn<PurchaseOrder>> {
  return [
    {
      header: "Purchase order",
      cell: (order) => (
        <button
          type="button"
          className="text-left font-semibold text-navy-800 underline-offset-2 hover:underline"
          aria-label={`Open ${order.number} from ${order.vendor}`}
          onClick={() => onOpen(order)}
        >
          {order.number}
          <span className="block text-xs font-normal text-stone-600">{order.vendor}</span>
        </button>
      ),
    },
    {
      header: "Expected",
      hideOnPhone: true,
      phoneText: (order) => order.expected_date ?? "—",
      cell: (order) => order.expected_date ?? "—",
    },
    {
      header: "Boxes",
      align: "right",
      cellClassName: "px-3 py-2 tabular-nums whitespace-nowrap",
      cell: (order) => `${order.boxes_received} / ${order.boxes_ordered}`,
    },
    {
      header: "Total",
      hideOnPhone: true,
      phoneText: (order) => usdOrDash(order.total_cost),
      align: "right",
      cellClassName: "px-3 py-2 tabular-nums",
      cell: (order) => usdOrDash(order.total_cost),
    },
    {
      header: "Status",
      cell: (order) => (
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${purchaseOrderBadgeClass(order.status)}`}
        >
          {purchaseOrderStatusLabels[order.status]}
        </span>
      ),
    },
  ];
}

/** Purchase orders to suppliers: the list, a new one, and one to receive or cancel. */
export function PurchaseOrdersTab() {
  const [status, setStatus] = useState<PurchaseOrderStatus | "">("");
  const [shown, setShown] = useState<PurchaseOrder | "new" | null>(null);
  const list = useAdminList<PurchaseOrder>({
    key: [...adminListKeys.purchaseOrders, { status }],
    path: () => `/api/admin/purchase-orders${status ? `?status=${status}` : ""}`,
    read: (data) => ({
      rows: (data as { purchase_orders: PurchaseOrder[] }).purchase_orders,
      meta: undefined,
    }),
    failure: "Failed to load purchase orders",
  });
  // The products a new purchase order may name.
  const products = useAdminList<AdminProduct>({
    key: [...adminListKeys.purchaseOrders, "products"],
    path: () => "/api/admin/products?limit=1000&offset=0",
    read: (data) => ({ rows: (data as { products: AdminProduct[] }).products, meta: undefined }),
    failure: "Failed to load products",
  });
  const updateList = useUpdateCachedList<PurchaseOrder>(adminListKeys.purchaseOrders);
  const upsert = (saved: PurchaseOrder) =>
    updateList((rows) =>
      rows.some((o) => o.id === saved.id) ? replaceById(saved)(rows) : [saved, ...rows],
    );
  const count = list.items.length;

  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_420px]">
      <section
        aria-label="Purchase orders"
        className="min-w-0 rounded-lg border border-stone-200 bg-white shadow-sm"
      >
        <div className="flex flex-wrap items-center justify-between gap-2 border-b border-stone-200 p-3">
          <label className="flex items-center gap-2 text-sm">
            <span className="text-stone-600">Status</span>
            <select
              className="field-input py-1"
              value={status}
              onChange={(e) => setStatus(e.target.value as PurchaseOrderStatus | "")}
            >
              <option value="">All</option>
              {purchaseOrderStatuses.map((value) => (
                <option key={value} value={value}>
                  {purchaseOrderStatusLabels[value]}
                </option>
              ))}
            </select>
          </label>
          <p className="text-sm text-stone-600" aria-live="polite">
            {list.loading ? "Loading…" : `${count} purchase order${count === 1 ? "" : "s"}`}
          </p>
          <button type="button" className="btn-primary py-2" onClick={() => setShown("new")}>
            New purchase order
          </button>
        </div>
        <AdminTable
          columns={purchaseOrderColumns(setShown)}
          rows={list.items}
          rowKey={(order) => order.id}
          empty="No purchase orders yet. Create one when you order from a supplier."
          loading={list.loading}
          error={list.error}
          onRetry={list.retry}
        />
      </section>
      <aside className="min-w-0">
        {shown === "new" ? (
          <PurchaseOrderForm
            products={products.items}
            onSaved={(saved) => {
              upsert(saved);
              setShown(saved);
            }}
            onCancel={() => setShown(null)}
          />
        ) : shown ? (
          <PurchaseOrderDetail
            key={shown.id}
            order={shown}
            onChanged={(saved) => {
              upsert(saved);
              setShown(saved);
            }}
            onClose={() => setShown(null)}
          />
        ) : (
          <div className="rounded-lg border-2 border-dashed border-stone-300 bg-white p-6 text-sm text-stone-600">
            <p className="mb-2 font-semibold text-navy-800">How receiving works</p>
            <p>
              Record what you ordered from a supplier, with the cost of a box. When the truck
              arrives, open the purchase order and enter the boxes and the dye lot printed on them:
              they join the stock on hand, the lot is created or filled, the ledger shows who
              received them, and the product's cost per box becomes this order's.
            </p>
          </div>
        )}
      </aside>
    </div>
  );
}
