import { type AdminOrder, adminOrderListLimit } from "@mcf/contracts/admin";
import { orderStatuses } from "@mcf/contracts/orders-options";
import { useCallback, useState } from "react";
import { capitalize, money, statusBadgeClass, statusRowClass } from "./admin-format.ts";
import { useAdminSession } from "./admin-session.tsx";
import { formatShopTime } from "./birmingham-time.ts";
import { OrderDetail } from "./order-detail.tsx";
import { ScrollRegion } from "./scroll-region.tsx";
import { usePagedList } from "./use-paged-list.ts";

/** An order's status as a coloured pill; processing (work to do) pulses. */
export function StatusBadge({ status }: { status: string }) {
  return (
    <span
      data-status={status}
      className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold ${statusBadgeClass(status)}`}
    >
      {status === "processing" ? (
        <span aria-hidden="true" className="relative flex h-2 w-2">
          <span className="absolute inline-flex h-full w-full rounded-full bg-white opacity-75 motion-safe:animate-ping" />
          <span className="relative inline-flex h-2 w-2 rounded-full bg-white" />
        </span>
      ) : null}
      {capitalize(status)}
    </span>
  );
}

/** Orders list (100 at a time) with status and needs-attention filters, and the detail panel. */
export function OrdersTab() {
  const { request } = useAdminSession();
  const [status, setStatus] = useState("");
  const [attentionOnly, setAttentionOnly] = useState(false);
  const [selectedId, setSelectedId] = useState<string | null>(null);

  const loadPage = useCallback(
    async (offset: number, signal?: AbortSignal) => {
      const params = new URLSearchParams({
        include_items: "true",
        limit: String(adminOrderListLimit),
        offset: String(offset),
      });
      if (status) params.set("status", status);
      if (attentionOnly) params.set("needs_attention", "true");
      const data = await request<{ orders: AdminOrder[] }>(`/api/admin/orders?${params}`, {
        signal,
      });
      return data.orders;
    },
    [request, status, attentionOnly],
  );
  const {
    items: orders,
    setItems: setOrders,
    hasMore,
    loading,
    error,
    loadMore,
  } = usePagedList(loadPage, adminOrderListLimit, "Failed to load orders");

  const onOrderChanged = (order: AdminOrder) =>
    setOrders((list) => list.map((o) => (o.order_id === order.order_id ? { ...o, ...order } : o)));

  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,420px)]">
      <section
        aria-label="Orders"
        className="min-w-0 rounded-lg border border-stone-200 bg-white shadow-sm"
      >
        <div className="flex flex-wrap items-end gap-3 border-b border-stone-200 p-3">
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
            {loading ? "Loading…" : `${orders.length} order${orders.length === 1 ? "" : "s"}`}
          </p>
        </div>
        {error ? <p className="m-3 rounded bg-red-50 p-3 text-sm text-red-800">{error}</p> : null}
        <ScrollRegion label="Order list" className="max-h-[60vh]">
          <table className="w-full text-left text-sm">
            <thead className="sticky top-0 bg-stone-50 text-xs tracking-wide text-stone-600 uppercase">
              <tr>
                <th className="px-3 py-2">Order</th>
                <th className="px-3 py-2">Placed</th>
                <th className="px-3 py-2">Customer</th>
                <th className="px-3 py-2 text-right">Total</th>
                <th className="px-3 py-2">Status</th>
                <th className="px-3 py-2">Payment</th>
                <th className="px-3 py-2">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {orders.map((order) => (
                <tr
                  key={order.order_id}
                  className={`border-t border-stone-100 ${statusRowClass(order.status)} ${
                    selectedId === order.order_id
                      ? "outline-2 -outline-offset-2 outline-oak-500"
                      : ""
                  }`}
                >
                  <td className="px-3 py-2 whitespace-nowrap">
                    <span className="font-mono text-xs font-semibold">
                      {order.friendly_order_id}
                    </span>
                    {order.needs_attention ? (
                      <span className="ml-2 rounded bg-brick-600 px-1.5 py-0.5 text-[10px] font-bold text-white uppercase">
                        Attention
                      </span>
                    ) : null}
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap text-stone-600">
                    {formatShopTime(order.created_at)}
                  </td>
                  <td className="px-3 py-2">
                    <div className="font-medium">{order.customer_name}</div>
                    <div className="text-xs text-stone-600">{order.customer_email}</div>
                  </td>
                  <td className="px-3 py-2 text-right font-medium tabular-nums">
                    {money(order.total_amount)}
                  </td>
                  <td className="px-3 py-2">
                    <StatusBadge status={order.status} />
                  </td>
                  <td className="px-3 py-2 text-stone-600">{capitalize(order.payment_status)}</td>
                  <td className="px-3 py-2 text-right">
                    <button
                      type="button"
                      className="btn-outline px-3 py-1"
                      aria-label={`View order ${order.friendly_order_id}`}
                      onClick={() => setSelectedId(order.order_id)}
                    >
                      View
                    </button>
                  </td>
                </tr>
              ))}
              {!loading && orders.length === 0 ? (
                <tr>
                  <td colSpan={7} className="px-3 py-10 text-center text-stone-600">
                    No orders match these filters.
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
      </section>
      <aside aria-label="Order details" className="min-w-0">
        {selectedId ? (
          <OrderDetail
            orderId={selectedId}
            onClose={() => setSelectedId(null)}
            onChanged={onOrderChanged}
          />
        ) : (
          <div className="flex h-full min-h-48 items-center justify-center rounded-lg border-2 border-dashed border-stone-300 bg-white p-6 text-center text-stone-600">
            Select an order to view details
          </div>
        )}
      </aside>
    </div>
  );
}
