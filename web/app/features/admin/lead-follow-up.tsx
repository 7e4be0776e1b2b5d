import {
  type AdminContactMessage,
  type AdminInquiry,
  leadStatusValues,
} from "@mcf/contracts/admin";
import type { AdminClaim } from "@mcf/contracts/claims";
import { useState } from "react";
import { capitalize } from "./admin-format.ts";
import { useAdminSession } from "./admin-session.tsx";
import { useToast } from "./toast.tsx";

/** The kinds of inbox item, as named in their admin API paths. */
export type LeadKind = "inquiries" | "contact-messages" | "claims";
type Lead = AdminInquiry | AdminContactMessage | AdminClaim;

/** Status select and note of one lead, saved to the server (a status saves when chosen). */
export function LeadFollowUp<T extends Lead>({
  kind,
  lead,
  onSaved,
}: {
  kind: LeadKind;
  lead: T;
  onSaved: (lead: T) => void;
}) {
  const { request } = useAdminSession();
  const toast = useToast();
  const [note, setNote] = useState(lead.staff_note ?? "");
  const [busy, setBusy] = useState(false);
  const save = async (body: { status?: string; staff_note?: string }) => {
    setBusy(true);
    try {
      onSaved(await request<T>(`/api/admin/${kind}/${lead.id}`, { method: "PATCH", body }));
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
