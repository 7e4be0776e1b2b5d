import type { ReorderLine, ReorderReport } from "@mcf/contracts/stock-counts";
import { useQueryClient } from "@tanstack/react-query";
import { errorText, useAdminQuery } from "./admin-queries.ts";
import { useAdminSession } from "./admin-session.tsx";
import { type AdminColumn, AdminTable } from "./admin-table.tsx";
import { saveFile } from "./save-file.ts";
import { useToast } from "./toast.tsx";

const reorderKey = ["admin", "reorder"] as const;

const columns: Array<AdminColumn<ReorderLine>> = [
  {
    header: "Product",
    cell: (line) => (
      <>
        <div className="font-medium [overflow-wrap:anywhere]">{line.name}</div>
        {line.sku ? <div className="text-xs text-stone-600">{line.sku}</div> : null}
      </>
    ),
  },
  {
    header: "Available",
    align: "right",
    cellClassName: "px-3 py-2 tabular-nums font-semibold",
    cell: (line) => line.available,
  },
  {
    header: "On hand",
    align: "right",
    hideOnPhone: true,
    phoneText: (line) => `${line.on_hand} on hand`,
    cellClassName: "px-3 py-2 tabular-nums",
    cell: (line) => line.on_hand,
  },
  {
    header: "Reorder at",
    align: "right",
    cellClassName: "px-3 py-2 tabular-nums",
    cell: (line) => line.reorder_point,
  },
  {
    header: "Sold, 90 days",
    align: "right",
    hideOnPhone: true,
    phoneText: (line) => `${line.sold_90_days} sold in 90 days`,
    cellClassName: "px-3 py-2 tabular-nums",
    cell: (line) => line.sold_90_days,
  },
  {
    header: "Suggested order",
    align: "right",
    cellClassName: "px-3 py-2 tabular-nums font-semibold",
    cell: (line) => `${line.suggested} ${line.suggested === 1 ? "box" : "boxes"}`,
  },
];

/**
 * What to reorder: products whose available boxes are at or below their reorder point (set in
 * the product editor or the CSV), fewest first, with the boxes sold in the last 90 days and a
 * suggested order that covers the next 90 days at that rate. Exportable as CSV.
 */
export function ReorderTab() {
  const { download } = useAdminSession();
  const client = useQueryClient();
  const toast = useToast();
  const report = useAdminQuery<ReorderReport>(reorderKey, "/api/admin/stock/reorder");

  const exportCsv = async () => {
    try {
      saveFile(await download("/api/admin/stock/reorder.csv"), "reorder-report.csv");
    } catch {
      toast("Export failed", "error");
    }
  };

  return (
    <section aria-label="Reorder" className="rounded-lg border border-stone-200 bg-white shadow-sm">
      <div className="flex flex-wrap items-center gap-2 border-b border-stone-200 p-3">
        <div className="min-w-0 flex-1">
          <h2 className="text-base font-semibold">Reorder</h2>
          <p className="text-sm text-stone-600">
            Products at or below their reorder point. The suggested order covers the next 90 days at
            the last 90 days' sales, less what is available.
          </p>
        </div>
        <button
          type="button"
          className="btn-outline py-1.5"
          onClick={() => void client.invalidateQueries({ queryKey: reorderKey })}
        >
          Refresh
        </button>
        <button type="button" className="btn-outline py-1.5" onClick={exportCsv}>
          Export CSV
        </button>
      </div>
      <AdminTable
        columns={columns}
        rows={report.data?.products ?? []}
        rowKey={(line) => line.id}
        empty="Nothing to reorder: every product with a reorder point has more available."
        loading={report.isFetching}
        error={report.error ? errorText(report.error, "Failed to load the reorder report") : null}
        onRetry={() => void report.refetch()}
        scroll={{ label: "Products to reorder", className: "max-h-[60vh]" }}
      />
    </section>
  );
}
