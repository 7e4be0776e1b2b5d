import { type AuditEntry, auditEntityTypes } from "@mcf/contracts/admin";
import { actorDisplayName } from "@mcf/contracts/staff";
import { useState } from "react";
import { useAdminList } from "./admin-queries.ts";
import { adminListKeys } from "./admin-query-keys.ts";
import { type AdminColumn, AdminTable } from "./admin-table.tsx";
import { auditChanges, auditEntityFilterLabels, auditRecordLabel } from "./audit-entry-format.ts";
import { formatShopTime } from "./birmingham-time.ts";

const pageSize = 100;
/** The most field changes listed per entry; the rest are counted. */
const changesShown = 6;

function ChangeList({ entry }: { entry: AuditEntry }) {
  const list = auditChanges(entry);
  if (list.length === 0) return <span className="text-stone-600">—</span>;
  return (
    <ul className="space-y-0.5">
      {list.slice(0, changesShown).map((change) => (
        <li key={change.field} className="[overflow-wrap:anywhere]">
          <span className="font-mono text-xs text-stone-600">{change.field}</span>:{" "}
          {change.before !== undefined ? (
            <>
              <s className="text-stone-600">{change.before}</s> →{" "}
            </>
          ) : null}
          <span className="font-medium">{change.after}</span>
        </li>
      ))}
      {list.length > changesShown ? (
        <li className="text-stone-600">and {list.length - changesShown} more fields</li>
      ) : null}
    </ul>
  );
}

const columns: Array<AdminColumn<AuditEntry>> = [
  {
    header: "When",
    hideOnPhone: true,
    phoneText: (entry) => formatShopTime(entry.created_at),
    cellClassName: "px-3 py-2 whitespace-nowrap text-stone-600 tabular-nums",
    cell: (entry) => formatShopTime(entry.created_at),
  },
  {
    header: "Action",
    hideOnPhone: true,
    phoneText: (entry) => entry.action,
    cellClassName: "px-3 py-2 font-mono text-xs whitespace-nowrap",
    cell: (entry) => entry.action,
  },
  { header: "Record", cell: auditRecordLabel },
  { header: "Changes", cell: (entry) => <ChangeList entry={entry} /> },
  {
    header: "By",
    hideOnPhone: true,
    phoneText: (entry) => actorDisplayName(entry.actor),
    cellClassName: "px-3 py-2 text-stone-600",
    cell: (entry) => actorDisplayName(entry.actor),
  },
];

/** The audit log: every staff change, newest first, by kind of record, 100 at a time. */
export function AuditTab() {
  const [entityType, setEntityType] = useState("");
  const list = useAdminList<AuditEntry>({
    key: [...adminListKeys.audit, { entityType }],
    pageSize,
    path: (offset) =>
      `/api/admin/audit?limit=${pageSize}&offset=${offset}${entityType ? `&entity_type=${entityType}` : ""}`,
    read: (data) => ({ rows: (data as { entries: AuditEntry[] }).entries, meta: undefined }),
    failure: "Failed to load the audit log",
  });

  return (
    <section
      aria-label="Audit log"
      className="rounded-lg border border-stone-200 bg-white shadow-sm"
    >
      <div className="flex flex-wrap items-end gap-3 border-b border-stone-200 p-3">
        <label className="text-sm">
          <span className="field-label">Records</span>
          <select
            className="field-input py-1.5"
            value={entityType}
            onChange={(e) => setEntityType(e.target.value)}
          >
            <option value="">All changes</option>
            {auditEntityTypes.map((type) => (
              <option key={type} value={type}>
                {auditEntityFilterLabels[type]}
              </option>
            ))}
          </select>
        </label>
        <p className="pb-2 text-sm text-stone-600">
          Every change made in the back office, newest first. Times are Birmingham time.
        </p>
        <p className="ml-auto pb-2 text-sm text-stone-600">
          {list.loading ? "Loading…" : `${list.items.length} shown`}
        </p>
      </div>
      <AdminTable
        columns={columns}
        rows={list.items}
        rowKey={(entry) => entry.id}
        rowClassName={() => "align-top"}
        empty="No changes recorded yet."
        loading={list.loading}
        error={list.error}
        onRetry={list.retry}
        scroll={{ label: "Audit entries", className: "max-h-[60vh]" }}
        hasMore={list.hasMore}
        onLoadMore={list.loadMore}
      />
    </section>
  );
}
