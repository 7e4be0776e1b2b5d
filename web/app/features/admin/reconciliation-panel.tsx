import { formatUsd } from "@mcf/contracts/money";
import type { ReconciliationReport } from "@mcf/contracts/order-money";
import { storeToday } from "@mcf/contracts/store-today";
import { useState } from "react";
import { errorText, useAdminQuery } from "./admin-queries.ts";
import { reconciliationKey } from "./admin-query-keys.ts";
import { useAdminSession } from "./admin-session.tsx";
import { saveFile } from "./save-file.ts";

/**
 * The daily reconciliation: the orders of a Birmingham day whose payments ledger disagrees with
 * their totals or (Stripe mode) with Stripe, each problem in words, and the same as CSV.
 */
export function ReconciliationPanel() {
  const { download } = useAdminSession();
  const [date, setDate] = useState(() => storeToday());
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const query = useAdminQuery<ReconciliationReport>(
    reconciliationKey(date),
    `/api/admin/reports/reconciliation?date=${date}`,
  );
  const report = query.data;
  const exportCsv = async () => {
    setDownloadError(null);
    try {
      saveFile(
        await download(`/api/admin/reports/reconciliation.csv?date=${date}`),
        `reconciliation-${date}.csv`,
      );
    } catch (error) {
      setDownloadError(errorText(error, "The export failed. Please try again."));
    }
  };
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="reconciliation-date" className="field-label">
            Day
          </label>
          <input
            id="reconciliation-date"
            type="date"
            className="field-input"
            value={date}
            onChange={(event) => event.target.value && setDate(event.target.value)}
          />
        </div>
        <button type="button" className="btn-outline" onClick={exportCsv}>
          Export the report
        </button>
      </div>
      {downloadError ? (
        <p role="alert" className="rounded bg-red-50 p-2 text-sm text-red-800">
          {downloadError}
        </p>
      ) : null}
      {query.isPending ? <p className="text-sm text-stone-600">Checking the ledgers…</p> : null}
      {query.isError ? (
        <div role="alert" className="rounded bg-red-50 p-2 text-sm text-red-800">
          {errorText(query.error, "Could not load the reconciliation.")}{" "}
          <button type="button" className="underline" onClick={() => void query.refetch()}>
            Try again
          </button>
        </div>
      ) : null}
      {report ? (
        <>
          <p className="text-sm text-stone-600">
            {report.checked} order{report.checked === 1 ? "" : "s"} placed, paid, changed or with
            money moved that day checked against{" "}
            {report.provider_checked ? "their totals and Stripe" : "their totals"}.
          </p>
          {report.orders.length === 0 ? (
            <p className="rounded border border-stone-200 bg-stone-50 px-3 py-2 text-sm font-medium text-stone-800">
              Every ledger agrees: nothing to look at.
            </p>
          ) : (
            <ul className="divide-y divide-stone-200 rounded-md border border-stone-200 text-sm">
              {report.orders.map((row) => (
                <li key={row.order_id} className="space-y-1 px-3 py-2">
                  <p className="flex flex-wrap justify-between gap-x-3">
                    <span className="font-mono text-xs font-semibold">{row.friendly_order_id}</span>
                    <span className="text-stone-600 tabular-nums">
                      Total {formatUsd(row.total)} · paid {formatUsd(row.paid)} · refunded{" "}
                      {formatUsd(row.refunded)}
                    </span>
                  </p>
                  <ul className="list-disc pl-5 text-red-900">
                    {row.problems.map((problem) => (
                      <li key={problem}>{problem}</li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
          )}
        </>
      ) : null}
    </div>
  );
}
