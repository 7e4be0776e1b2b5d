import type { SampleToSend } from "@mcf/contracts/admin";
import { useQueryClient } from "@tanstack/react-query";
import { errorText, useAdminList } from "./admin-queries.ts";
import { adminListKeys } from "./admin-query-keys.ts";
import { useAdminSession } from "./admin-session.tsx";
import { type AdminColumn, AdminTable } from "./admin-table.tsx";
import { formatShopTime } from "./birmingham-time.ts";
import { useToast } from "./toast.tsx";

function sampleColumns(onSent: (order: SampleToSend) => void): Array<AdminColumn<SampleToSend>> {
  return [
    {
      header: "Paid",
      hideOnPhone: true,
      phoneText: (o) => (o.paid_at ? formatShopTime(o.paid_at) : "—"),
      cellClassName: "px-3 py-2 whitespace-nowrap text-stone-600",
      cell: (o) => (o.paid_at ? formatShopTime(o.paid_at) : "—"),
    },
    {
      header: "Order",
      hideOnPhone: true,
      phoneText: (o) => o.friendly_order_id,
      cellClassName: "px-3 py-2 font-mono text-xs",
      cell: (o) => o.friendly_order_id,
    },
    {
      header: "Samples",
      cell: (o) => (
        <ul>
          {o.samples.map((s) => (
            <li key={`${s.product_name}-${s.sku ?? ""}`}>
              <span className="font-semibold">{s.quantity} ×</span> {s.product_name}
              {s.sku ? <span className="ml-1 text-xs text-stone-600">({s.sku})</span> : null}
            </li>
          ))}
        </ul>
      ),
    },
    {
      header: "Send to",
      cell: (o) => (
        <>
          <div className="font-medium">{o.customer_name}</div>
          <div className="text-xs text-stone-600">{o.ship_to}</div>
        </>
      ),
    },
    {
      header: "Actions",
      hideHeader: true,
      align: "right",
      cell: (o) => (
        <button
          type="button"
          className="btn-primary px-3 py-1"
          onClick={() => onSent(o)}
          aria-label={`Mark samples of ${o.friendly_order_id} sent`}
        >
          Mark sent
        </button>
      ),
    },
  ];
}

/**
 * "Samples to send": paid orders whose samples wait to be cut and mailed, oldest first. Ticking
 * one off records when it was sent and takes it off the list.
 */
export function SamplesTab() {
  const { request } = useAdminSession();
  const client = useQueryClient();
  const toast = useToast();
  const list = useAdminList<SampleToSend, undefined>({
    key: adminListKeys.samples,
    path: () => "/api/admin/samples-to-send",
    read: (data) => ({ rows: (data as { orders: SampleToSend[] }).orders, meta: undefined }),
    failure: "Failed to load the samples to send",
  });

  const markSent = async (order: SampleToSend) => {
    try {
      await request(`/api/admin/orders/${order.order_id}/samples-sent`, { method: "POST" });
      await client.invalidateQueries({ queryKey: adminListKeys.samples });
      toast(`Samples of ${order.friendly_order_id} marked sent`);
    } catch (e) {
      toast(errorText(e, "Could not mark the samples sent"), "error");
    }
  };

  return (
    <section
      aria-label="Samples to send"
      className="rounded-lg border border-stone-200 bg-white shadow-sm"
    >
      <div className="flex flex-wrap items-center gap-2 border-b border-stone-200 p-3">
        <h2 className="text-base font-semibold">Samples to send</h2>
        <button
          type="button"
          className="btn-outline ml-auto py-1.5"
          onClick={() => void client.invalidateQueries({ queryKey: adminListKeys.samples })}
        >
          Refresh
        </button>
      </div>
      <AdminTable
        columns={sampleColumns(markSent)}
        rows={list.items}
        rowKey={(o) => o.order_id}
        rowClassName={() => "align-top"}
        empty="No samples waiting to be sent."
        loading={list.loading}
        error={list.error}
        onRetry={list.retry}
        scroll={{ label: "Samples to send", className: "max-h-[60vh]" }}
      />
    </section>
  );
}
