import { type AdminOrder, adminOrderListLimit } from "@mcf/contracts/admin";
import type { DeliveryMethod } from "@mcf/contracts/delivery-options";
import { orderStatuses } from "@mcf/contracts/orders-options";
import { useEffect, useState } from "react";
import { capitalize, statusRowClass, usdOrDash } from "./admin-format.ts";
import { useAdminList } from "./admin-queries.ts";
import { adminListKeys } from "./admin-query-keys.ts";
import { type AdminColumn, AdminTable } from "./admin-table.tsx";
import { formatShopTime } from "./birmingham-time.ts";
import { EmailText } from "./email-text.tsx";
import { OrderDetail } from "./order-detail.tsx";
import { StatusBadge } from "./order-status-badge.tsx";

/** An installation job's deposit or balance in the delivery column: it ships nothing. */
const installationName = "Installation";

/** The delivery column's short names of the methods chosen at checkout. */
const deliveryMethodNames: Record<DeliveryMethod, string> = {
  pickup: "Pickup",
  local: "Local",
  freight: "Freight",
  parcel: "Parcel",
};

const deliveryBadgeClass: Record<DeliveryMethod, string> = {
  pickup: "bg-amber-100 text-amber-900",
  local: "bg-emerald-100 text-emerald-900",
  freight: "bg-sky-100 text-sky-900",
  parcel: "bg-stone-200 text-stone-800",
};

/**
 * The orders table's columns. With the detail panel open (`compact`) the table has about half the
 * width, so Placed and Payment (both shown in the panel) step aside and the order number stays
 * whole instead of scrolling out of view; on a phone they step aside too.
 */
function orderColumns(
  onView: (orderId: string) => void,
  compact: boolean,
): Array<AdminColumn<AdminOrder>> {
  const columns: Array<AdminColumn<AdminOrder>> = [
    {
      header: "Order",
      cellClassName: "px-3 py-2 whitespace-nowrap",
      cell: (order) => (
        <>
          <span className="font-mono text-xs font-semibold">{order.friendly_order_id}</span>
          {order.needs_attention ? (
            <span className="ml-2 rounded bg-brick-600 px-1.5 py-0.5 text-[10px] font-bold text-white uppercase">
              Attention
            </span>
          ) : null}
        </>
      ),
    },
    {
      header: "Placed",
      hideOnPhone: true,
      cellClassName: "px-3 py-2 min-w-28 text-stone-600",
      cell: (order) => formatShopTime(order.created_at),
    },
    {
      header: "Customer",
      cell: (order) => (
        <>
          <div className="font-medium">{order.customer_name}</div>
          <div className="text-xs break-words text-stone-600">
            <EmailText email={order.customer_email} />
          </div>
        </>
      ),
    },
    // Pickups, our truck, freight and parcels are handled differently: tell them apart at a glance.
    {
      header: "Delivery",
      hideOnPhone: true,
      phoneText: (order) =>
        order.purpose === "installation"
          ? installationName
          : deliveryMethodNames[order.delivery.method],
      cellClassName: "px-3 py-2 whitespace-nowrap",
      cell: (order) =>
        order.purpose === "installation" ? (
          <span
            className="rounded bg-violet-100 px-1.5 py-0.5 text-xs font-semibold text-violet-900"
            title="An installation job's deposit or balance: nothing ships"
          >
            {installationName}
          </span>
        ) : (
          <span
            className={`rounded px-1.5 py-0.5 text-xs font-semibold ${deliveryBadgeClass[order.delivery.method]}`}
            title={order.delivery.label}
          >
            {deliveryMethodNames[order.delivery.method]}
          </span>
        ),
    },
    {
      header: "Total",
      align: "right",
      cellClassName: "px-1 py-2 font-medium tabular-nums sm:px-3",
      cell: (order) => usdOrDash(order.total_amount),
    },
    {
      header: "Status",
      hideOnPhone: true,
      phoneText: (order) => capitalize(order.status),
      cell: (order) => <StatusBadge status={order.status} />,
    },
    // The payment status, then from the payments ledger what the customer paid, what went back
    // and what the store kept (net).
    {
      header: "Payment",
      hideOnPhone: true,
      cellClassName: "px-3 py-2 whitespace-nowrap text-xs tabular-nums text-stone-700",
      cell: (order) => (
        <>
          <span className="block text-sm text-stone-600">{capitalize(order.payment_status)}</span>
          <span className="block">Paid {usdOrDash(order.paid ?? 0)}</span>
          <span className={`block ${(order.refunded ?? 0) > 0 ? "text-red-800" : ""}`}>
            Refunded {usdOrDash(order.refunded ?? 0)}
          </span>
          <span className="block font-semibold text-stone-900">
            Net {usdOrDash(order.net ?? 0)}
          </span>
        </>
      ),
    },
    {
      header: "Actions",
      hideHeader: true,
      align: "right",
      cellClassName: "py-2 pr-3 pl-1 sm:pl-3",
      cell: (order) => (
        <button
          type="button"
          className="btn-outline px-3 py-1"
          aria-label={`View order ${order.friendly_order_id}`}
          onClick={() => onView(order.order_id)}
        >
          View
        </button>
      ),
    },
  ];
  return compact
    ? columns.filter((column) => column.header !== "Placed" && column.header !== "Payment")
    : columns;
}

/**
 * Orders list (100 at a time) with a search (order number, customer name, email or phone), status
 * and needs-attention filters, and the detail panel.
 */
export function OrdersTab() {
  const [status, setStatus] = useState("");
  const [attentionOnly, setAttentionOnly] = useState(false);
  const [search, setSearch] = useState("");
  const [appliedSearch, setAppliedSearch] = useState("");
  const [selectedId, setSelectedId] = useState<string | null>(null);
  // Ask the server once typing pauses, not on every key.
  useEffect(() => {
    const timer = setTimeout(() => setAppliedSearch(search.trim()), 250);
    return () => clearTimeout(timer);
  }, [search]);
  const list = useAdminList<AdminOrder>({
    key: [...adminListKeys.orders, { status, attentionOnly, q: appliedSearch }],
    pageSize: adminOrderListLimit,
    path: (offset) => {
      const params = new URLSearchParams({
        include_items: "true",
        limit: String(adminOrderListLimit),
        offset: String(offset),
      });
      if (status) params.set("status", status);
      if (attentionOnly) params.set("needs_attention", "true");
      if (appliedSearch) params.set("q", appliedSearch);
      return `/api/admin/orders?${params}`;
    },
    read: (data) => ({ rows: (data as { orders: AdminOrder[] }).orders, meta: undefined }),
    failure: "Failed to load orders",
  });
  const count = list.items.length;

  return (
    // The empty panel is narrower than an open one, so the whole table fits beside it.
    <div
      className={`grid gap-4 ${selectedId ? "lg:grid-cols-[minmax(0,1fr)_minmax(0,420px)]" : "lg:grid-cols-[minmax(0,1fr)_minmax(0,260px)]"}`}
    >
      <section
        aria-label="Orders"
        className="min-w-0 rounded-lg border border-stone-200 bg-white shadow-sm"
      >
        <div className="flex flex-wrap items-end gap-3 border-b border-stone-200 p-3">
          <label className="w-full text-sm sm:w-64">
            <span className="field-label">Search orders</span>
            <input
              type="search"
              className="field-input w-full py-1.5"
              placeholder="Order #, name, email or phone"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
          </label>
          <label className="text-sm">
            <span className="field-label">Status</span>
            <select
              className="field-input py-1.5"
              value={status}
              onChange={(e) => setStatus(e.target.value)}
            >
              <option value="">All open orders</option>
              {orderStatuses.map((s) => (
                <option key={s} value={s}>
                  {capitalize(s)}
                </option>
              ))}
            </select>
          </label>
          <label className="flex items-center gap-2 pb-2 text-sm font-medium text-stone-800">
            <input
              type="checkbox"
              checked={attentionOnly}
              onChange={(e) => setAttentionOnly(e.target.checked)}
            />
            Needs attention only
          </label>
          <p className="ml-auto pb-2 text-sm text-stone-600">
            {list.loading ? "Loading…" : `${count} order${count === 1 ? "" : "s"}`}
          </p>
        </div>
        <AdminTable
          columns={orderColumns(setSelectedId, selectedId !== null)}
          rows={list.items}
          rowKey={(order) => order.order_id}
          rowClassName={(order) =>
            `${statusRowClass(order.status)} ${selectedId === order.order_id ? "outline-2 -outline-offset-2 outline-oak-500" : ""}`
          }
          empty="No orders match these filters."
          loading={list.loading}
          error={list.error}
          onRetry={list.retry}
          scroll={{ label: "Order list", className: "max-h-[60vh]" }}
          hasMore={list.hasMore}
          onLoadMore={list.loadMore}
        />
      </section>
      <aside aria-label="Order details" className="min-w-0">
        {selectedId ? (
          <OrderDetail key={selectedId} orderId={selectedId} onClose={() => setSelectedId(null)} />
        ) : (
          <div className="flex h-full min-h-48 items-center justify-center rounded-lg border-2 border-dashed border-stone-300 bg-white p-6 text-center text-stone-600">
            Select an order to view details
          </div>
        )}
      </aside>
    </div>
  );
}
