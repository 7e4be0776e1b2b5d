import {
  type AdminContactMessage,
  type AdminInquiry,
  leadStatusValues,
} from "@mcf/contracts/admin";
import { type ReactNode, useEffect, useState } from "react";
import { isAbortError } from "../../lib/api.ts";
import { capitalize } from "./admin-format.ts";
import { useAdminSession } from "./admin-session.tsx";
import { formatShopTime } from "./birmingham-time.ts";
import { useToast } from "./toast.tsx";

type Kind = "inquiries" | "contact-messages";
type Lead = AdminInquiry | AdminContactMessage;

const statusClass: Record<string, string> = {
  new: "bg-oak-100 text-oak-700",
  contacted: "bg-sky-100 text-sky-800",
  closed: "bg-stone-200 text-stone-600",
};

/** Status select and note of one lead, saved to the server. */
function FollowUp({
  kind,
  lead,
  onSaved,
}: {
  kind: Kind;
  lead: Lead;
  onSaved: (lead: Lead) => void;
}) {
  const { request } = useAdminSession();
  const toast = useToast();
  const [note, setNote] = useState(lead.staff_note ?? "");
  const [busy, setBusy] = useState(false);
  const save = async (body: { status?: string; staff_note?: string }) => {
    setBusy(true);
    try {
      onSaved(await request<Lead>(`/api/admin/${kind}/${lead.id}`, { method: "PATCH", body }));
      toast(body.status ? `Marked ${body.status}` : "Note saved");
    } catch {
      toast("Failed to save", "error");
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-col gap-2 border-t border-stone-100 pt-3 sm:flex-row sm:items-end">
      <label className="sm:w-40">
        <span className="field-label">Status</span>
        <select
          className="field-input h-10 py-1.5"
          value={lead.status}
          disabled={busy}
          onChange={(e) => save({ status: e.target.value })}
        >
          {leadStatusValues.map((s) => (
            <option key={s} value={s}>
              {capitalize(s)}
            </option>
          ))}
        </select>
      </label>
      <label className="flex-1">
        <span className="field-label">Staff note</span>
        <input
          className="field-input h-10 py-1.5"
          value={note}
          onChange={(e) => setNote(e.target.value)}
          placeholder="Called back, visit booked for…"
        />
      </label>
      <button
        type="button"
        className="btn-outline h-10 py-2"
        disabled={busy || note === (lead.staff_note ?? "")}
        onClick={() => save({ staff_note: note })}
      >
        Save note
      </button>
    </div>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  if (children === null || children === "" || children === undefined) return null;
  return (
    <div>
      <dt className="text-xs text-stone-600">{label}</dt>
      <dd className="text-sm">{children}</dd>
    </div>
  );
}

function LeadCard({
  kind,
  lead,
  onSaved,
}: {
  kind: Kind;
  lead: Lead;
  onSaved: (lead: Lead) => void;
}) {
  const inquiry = "property_type" in lead ? lead : null;
  const message = "message" in lead ? lead : null;
  return (
    <article
      aria-label={`${inquiry ? "Inquiry" : "Message"} from ${lead.name}`}
      className="space-y-3 rounded-lg border border-stone-200 bg-white p-4 shadow-sm"
    >
      <header className="flex flex-wrap items-baseline gap-2">
        <h3 className="font-sans text-base font-semibold">{lead.name}</h3>
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-semibold ${statusClass[lead.status] ?? ""}`}
        >
          {capitalize(lead.status)}
        </span>
        <span className="ml-auto text-xs text-stone-600">{formatShopTime(lead.created_at)}</span>
      </header>
      <p className="text-sm">
        <a className="text-oak-700 underline" href={`mailto:${lead.email}`}>
          {lead.email}
        </a>{" "}
        · <a href={`tel:${lead.phone}`}>{lead.phone}</a>
      </p>
      {inquiry ? (
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-4">
          <Detail label="Address">{inquiry.address}</Detail>
          <Detail label="Property">
            {[inquiry.property_type, inquiry.location_type].filter(Boolean).join(" · ")}
          </Detail>
          <Detail label="I am the">{inquiry.acting_as}</Detail>
          <Detail label="Timeline">{inquiry.timeline}</Detail>
          <Detail label="Flooring">{inquiry.flooring_type.join(", ")}</Detail>
          <Detail label="Square footage">
            {inquiry.square_footage?.toLocaleString("en-US") ?? ""}
          </Detail>
          <Detail label="Rooms">{inquiry.rooms}</Detail>
        </dl>
      ) : null}
      {inquiry?.additional_notes ? (
        <p className="rounded bg-cream p-3 text-sm whitespace-pre-line">
          {inquiry.additional_notes}
        </p>
      ) : null}
      {message ? (
        <>
          <p className="rounded bg-cream p-3 text-sm whitespace-pre-line">{message.message}</p>
          <p className="text-xs text-stone-600">
            Prefers {message.preferred_contact_method}
            {message.best_time_to_contact ? ` · best time: ${message.best_time_to_contact}` : ""}
          </p>
        </>
      ) : null}
      <FollowUp kind={kind} lead={lead} onSaved={onSaved} />
    </article>
  );
}

/** Project inquiries and contact messages, newest first, each with a follow-up status and note. */
export function InboxTab() {
  const { request } = useAdminSession();
  const [kind, setKind] = useState<Kind>("inquiries");
  const [status, setStatus] = useState("");
  const [leads, setLeads] = useState<Lead[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    setError(null);
    const params = new URLSearchParams({ limit: "200" });
    if (status) params.set("status", status);
    request<{ inquiries?: AdminInquiry[]; messages?: AdminContactMessage[] }>(
      `/api/admin/${kind}?${params}`,
      { signal: controller.signal },
    )
      .then((data) => setLeads(data.inquiries ?? data.messages ?? []))
      .catch((e) => {
        if (!isAbortError(e)) setError(e instanceof Error ? e.message : "Failed to load the inbox");
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [request, kind, status]);

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        <fieldset
          aria-label="Inbox"
          className="inline-flex rounded-md border border-stone-300 bg-white p-0.5"
        >
          {(
            [
              ["inquiries", "Project inquiries"],
              ["contact-messages", "Contact messages"],
            ] as const
          ).map(([value, label]) => (
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
          {loading ? "Loading…" : `${leads.length} shown`}
        </span>
      </div>
      {error ? <p className="rounded bg-red-50 p-3 text-sm text-red-800">{error}</p> : null}
      {!loading && leads.length === 0 ? (
        <p className="rounded-lg border-2 border-dashed border-stone-300 bg-white p-10 text-center text-stone-600">
          Nothing here yet.
        </p>
      ) : null}
      <div className="grid gap-3 xl:grid-cols-2">
        {leads.map((lead) => (
          <LeadCard
            key={`${kind}-${lead.id}`}
            kind={kind}
            lead={lead}
            onSaved={(saved) =>
              setLeads((list) => list.map((l) => (l.id === saved.id ? saved : l)))
            }
          />
        ))}
      </div>
    </div>
  );
}
