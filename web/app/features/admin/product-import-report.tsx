import type { ProductImportResult } from "@mcf/contracts/admin";
import { type AdminColumn, AdminTable } from "./admin-table.tsx";
import { changeValueText } from "./change-value.ts";

type ImportRow = ProductImportResult["rows"][number];

/** The most field changes listed per row; the rest are counted. */
const changesShown = 8;

const columns: Array<AdminColumn<ImportRow>> = [
  { header: "Line", cellClassName: "px-2 py-1.5 tabular-nums", cell: (row) => row.line },
  {
    header: "Action",
    cellClassName: "px-2 py-1.5 font-semibold capitalize",
    cell: (row) => row.action,
  },
  {
    header: "SKU / Name",
    cell: (row) => (
      <>
        <div className="font-mono text-xs">{row.sku ?? "—"}</div>
        <div>{row.name}</div>
      </>
    ),
  },
  {
    header: "Changes or errors",
    cell: (row) =>
      row.errors.length > 0 ? (
        <ul className="list-disc pl-4 text-red-800">
          {row.errors.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      ) : (
        <ul className="space-y-0.5">
          {row.changes.slice(0, changesShown).map((change) => (
            <li key={change.field}>
              <span className="font-mono text-xs text-stone-600">{change.field}</span>:{" "}
              {row.action === "update" ? (
                <>
                  <s className="text-stone-600">{changeValueText(change.before)}</s> →{" "}
                </>
              ) : null}
              <span className="font-medium">{changeValueText(change.after)}</span>
            </li>
          ))}
          {row.changes.length > changesShown ? (
            <li className="text-stone-600">and {row.changes.length - changesShown} more fields</li>
          ) : null}
        </ul>
      ),
  },
];

/** What an import will do (dry run) or did: the counts, then each row that changes or fails. */
export function ProductImportReport({ report }: { report: ProductImportResult }) {
  const { summary } = report;
  return (
    <>
      <p className="text-sm">
        {report.applied ? (
          <strong className="text-green-800">Import applied. </strong>
        ) : (
          <strong>Dry run — nothing written yet. </strong>
        )}
        <span className="font-semibold">{summary.create}</span> to create,{" "}
        <span className="font-semibold">{summary.update}</span> to update, {summary.unchanged}{" "}
        unchanged,{" "}
        <span className={summary.error ? "font-semibold text-red-700" : ""}>
          {summary.error} with errors
        </span>
        .
      </p>
      <AdminTable
        columns={columns}
        rows={report.rows.filter((row) => row.action !== "unchanged")}
        rowKey={(row) => row.line}
        rowClassName={(row) => `align-top ${row.action === "error" ? "bg-red-50" : ""}`}
        empty="Every row is unchanged."
        loading={false}
        scroll={{ label: "Import rows", className: "max-h-[55vh] rounded border border-stone-200" }}
        dense
      />
    </>
  );
}
