import {
  type AdminContactMessage,
  type AdminInquiry,
  leadStatusValues,
} from "@mcf/contracts/admin";
import type { AdminClaim } from "@mcf/contracts/claims";
import { useState } from "react";
import { capitalize } from "./admin-format.ts";
import { replaceById, useAdminList, useUpdateCachedList } from "./admin-queries.ts";
import { adminListKeys } from "./admin-query-keys.ts";
import { ListError } from "./admin-table.tsx";
import { ClaimCard } from "./claim-card.tsx";
import { type Lead, LeadCard } from "./lead-card.tsx";
import type { LeadKind } from "./lead-follow-up.tsx";

const kinds = [
  ["inquiries", "Project inquiries"],
  ["contact-messages", "Contact messages"],
  ["claims", "Delivery claims"],
] as const;

type InboxItem = Lead | AdminClaim;

/**
 * Project inquiries, contact messages and damage or shortage claims, newest first, each with a follow-up status and note.
 * Leads are cards, not table rows: each carries a message and a small form of its own.
 */
export function InboxTab() {
  const [kind, setKind] = useState<LeadKind>("inquiries");
  const [status, setStatus] = useState("");
  const list = useAdminList<InboxItem>({
    key: [...adminListKeys.inbox, kind, { status }],
    path: () => {
      const params = new URLSearchParams({ limit: "200" });
      if (status) params.set("status", status);
      return `/api/admin/${kind}?${params}`;
    },
    read: (data) => {
      const { inquiries, messages, claims } = data as {
        inquiries?: AdminInquiry[];
        messages?: AdminContactMessage[];
        claims?: AdminClaim[];
      };
      return { rows: inquiries ?? messages ?? claims ?? [], meta: undefined };
    },
    failure: "Failed to load the inbox",
    keepRowsWhileLoading: false,
  });
  const updateList = useUpdateCachedList<InboxItem>([...adminListKeys.inbox, kind]);

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        <fieldset
          aria-label="Inbox"
          className="inline-flex rounded-md border border-stone-300 bg-white p-0.5"
        >
          {kinds.map(([value, label]) => (
            <button
              key={value}
              type="button"
              aria-pressed={kind === value}
              onClick={() => setKind(value)}
              className={`rounded px-3 py-1.5 text-sm font-semibold ${kind === value ? "bg-navy-800 text-white" : "text-stone-700 hover:bg-stone-100"}`}
            >
              {label}
            </button>
          ))}
        </fieldset>
        <label className="text-sm">
          <span className="sr-only">Show</span>
          <select
            className="field-input py-1.5"
            value={status}
            onChange={(e) => setStatus(e.target.value)}
            aria-label="Show"
          >
            <option value="">All statuses</option>
            {leadStatusValues.map((s) => (
              <option key={s} value={s}>
                {capitalize(s)}
              </option>
            ))}
          </select>
        </label>
        <span className="pb-2 text-sm text-stone-600">
          {list.loading ? "Loading…" : `${list.items.length} shown`}
        </span>
      </div>
      {list.error ? <ListError message={list.error} onRetry={list.retry} /> : null}
      {!list.loading && !list.error && list.items.length === 0 ? (
        <p className="rounded-lg border-2 border-dashed border-stone-300 bg-white p-10 text-center text-stone-600">
          Nothing here yet.
        </p>
      ) : null}
      <div className="grid gap-3 xl:grid-cols-2">
        {list.items.map((item) =>
          "kind" in item ? (
            <ClaimCard
              key={`claims-${item.id}`}
              claim={item}
              onSaved={(saved) => updateList(replaceById<InboxItem>(saved))}
            />
          ) : (
            <LeadCard
              key={`${kind}-${item.id}`}
              kind={kind}
              lead={item}
              onSaved={(saved) => updateList(replaceById<InboxItem>(saved))}
            />
          ),
        )}
      </div>
    </div>
  );
}
