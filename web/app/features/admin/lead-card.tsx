import type { AdminContactMessage, AdminInquiry } from "@mcf/contracts/admin";
import type { ReactNode } from "react";
import { Term } from "../../components/summary-row.tsx";
import { capitalize } from "./admin-format.ts";
import { formatShopTime } from "./birmingham-time.ts";
import { LeadFollowUp, type LeadKind } from "./lead-follow-up.tsx";
import { MakeJobButton } from "./make-job-button.tsx";

export type Lead = AdminInquiry | AdminContactMessage;

const statusClass: Record<string, string> = {
  new: "bg-oak-100 text-oak-700",
  contacted: "bg-sky-100 text-sky-800",
  closed: "bg-stone-200 text-stone-600",
};

function Detail({ label, children }: { label: string; children: ReactNode }) {
  if (children === null || children === "" || children === undefined) return null;
  return (
    <div>
      <Term className="text-xs text-stone-600">{label}</Term>
      <dd className="text-sm">{children}</dd>
    </div>
  );
}

/** One inquiry or contact message as a card: who, what they asked, and the follow-up. */
export function LeadCard({
  kind,
  lead,
  onSaved,
}: {
  kind: LeadKind;
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
      {inquiry ? <MakeJobButton inquiryId={inquiry.id} name={inquiry.name} /> : null}
      <LeadFollowUp kind={kind} lead={lead} onSaved={onSaved} />
    </article>
  );
}
