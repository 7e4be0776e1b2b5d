import { type AuditEntry, auditEntityTypes } from "@mcf/contracts/admin";
import { useCallback, useState } from "react";
import { useAdminSession } from "./admin-session.tsx";
import { formatShopTime } from "./birmingham-time.ts";
import { ScrollRegion } from "./scroll-region.tsx";
import { usePagedList } from "./use-paged-list.ts";

const pageSize = 100;

const entityLabels: Record<(typeof auditEntityTypes)[number], string> = {
  order: "Order",
  product: "Product",
  coupon: "Coupon",
  inquiry: "Inquiry",
  contact_message: "Contact message",
  partner: "Partner",
};

const asRecord = (value: unknown): Record<string, unknown> =>
  value && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

const shown = (value: unknown) =>
  value === null || value === undefined || value === ""
    ? "∅"
    : typeof value === "object"
      ? JSON.stringify(value)
      : String(value);

/** "Product #12 · Oak Natural": the record an entry is about, named when the entry knows it. */
function recordLabel(entry: AuditEntry): string {
  const before = asRecord(entry.before);
  const after = asRecord(entry.after);
  const kind = entityLabels[entry.entity_type as keyof typeof entityLabels] ?? entry.entity_type;
  const id = entry.entity_id.length > 12 ? `${entry.entity_id.slice(0, 8)}…` : entry.entity_id;
  const name = entry.entity_label ?? after.name ?? before.name ?? after.code ?? before.code;
  return `${kind} #${id}${name ? ` · ${String(name)}` : ""}`;
}

/**
 * The fields an entry changed, as "field: before → after" (creations show only the new value;
 * fields recorded with the same value before and after are left out).
 */
function changes(entry: AuditEntry): Array<{ field: string; before?: string; after: string }> {
  const before = asRecord(entry.before);
  const after = asRecord(entry.after);
  const fields = [...new Set([...Object.keys(after), ...Object.keys(before)])].filter(
    (field) =>
      entry.before === null ||
      !(field in before && field in after) ||
      JSON.stringify(before[field]) !== JSON.stringify(after[field]),
  );
  return fields.map((field) => ({
    field,
    ...(field in before && entry.before !== null ? { before: shown(before[field]) } : {}),
    after: field in after ? shown(after[field]) : "deleted",
  }));
}

/** The audit log: every staff change, newest first, by kind of record, 100 at a time. */
export function AuditTab() {
  const { request } = useAdminSession();
  const [entityType, setEntityType] = useState("");
  const loadPage = useCallback(
    async (offset: number, signal?: AbortSignal) => {
      const filter = entityType ? `&entity_type=${entityType}` : "";
      const data = await request<{ entries: AuditEntry[] }>(
        `/api/admin/audit?limit=${pageSize}&offset=${offset}${filter}`,
        { signal },
      );
      return data.entries;
    },
    [request, entityType],
  );
  const {
    items: entries,
    hasMore,
    loading,
    error,
    loadMore,
  } = usePagedList(loadPage, pageSize, "Failed to load the audit log");

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
                {entityLabels[type]}s
              </option>
            ))}
          </select>
        </label>
        <p className="pb-2 text-sm text-stone-600">
          Every change made in the back office, newest first. Times are Birmingham time.
        </p>
        <p className="ml-auto pb-2 text-sm text-stone-600">
          {loading ? "Loading…" : `${entries.length} shown`}
        </p>
      </div>
      {error ? <p className="m-3 rounded bg-red-50 p-3 text-sm text-red-800">{error}</p> : null}
      <ScrollRegion label="Audit entries" className="max-h-[60vh]">
        <table className="w-full text-left text-sm">
          <thead className="sticky top-0 bg-stone-50 text-xs tracking-wide text-stone-600 uppercase">
            <tr>
              <th className="px-3 py-2">When</th>
              <th className="px-3 py-2">Action</th>
              <th className="px-3 py-2">Record</th>
              <th className="px-3 py-2">Changes</th>
              <th className="px-3 py-2">By</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => {
              const list = changes(entry);
              return (
                <tr key={entry.id} className="border-t border-stone-100 align-top">
                  <td className="px-3 py-2 whitespace-nowrap text-stone-600 tabular-nums">
                    {formatShopTime(entry.created_at)}
                  </td>
                  <td className="px-3 py-2 font-mono text-xs whitespace-nowrap">{entry.action}</td>
                  <td className="px-3 py-2">{recordLabel(entry)}</td>
                  <td className="px-3 py-2">
                    {list.length === 0 ? (
                      <span className="text-stone-600">—</span>
                    ) : (
                      <ul className="space-y-0.5">
                        {list.slice(0, 6).map((change) => (
                          <li key={change.field} className="break-words">
                            <span className="font-mono text-xs text-stone-600">{change.field}</span>
                            :{" "}
                            {change.before !== undefined ? (
                              <>
                                <s className="text-stone-600">{change.before}</s> →{" "}
                              </>
                            ) : null}
                            <span className="font-medium">{change.after}</span>
                          </li>
                        ))}
                        {list.length > 6 ? (
                          <li className="text-stone-600">and {list.length - 6} more fields</li>
                        ) : null}
                      </ul>
                    )}
                  </td>
                  <td className="px-3 py-2 text-stone-600">{entry.actor}</td>
                </tr>
              );
            })}
            {!loading && entries.length === 0 ? (
              <tr>
                <td colSpan={5} className="px-3 py-10 text-center text-stone-600">
                  No changes recorded yet.
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
  );
}
