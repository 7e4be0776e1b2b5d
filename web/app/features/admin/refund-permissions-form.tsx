import type { RefundPermission } from "@mcf/contracts/order-money";
import { staffRoleLabels } from "@mcf/contracts/staff";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { errorText, useAdminQuery } from "./admin-queries.ts";
import { refundAllowanceKey, refundPermissionsKey } from "./admin-query-keys.ts";
import { useAdminSession } from "./admin-session.tsx";

/** The owner's "Who may refund" block: per role, whether it may, and the most one refund may be. */
export function RefundPermissionsForm() {
  const query = useAdminQuery<{ roles: RefundPermission[] }>(
    refundPermissionsKey,
    "/api/admin/settings/refunds",
  );
  if (query.isPending) return <p className="text-sm text-stone-600">Loading who may refund…</p>;
  if (query.isError || !query.data)
    return (
      <p role="alert" className="rounded bg-red-50 p-2 text-sm text-red-800">
        {errorText(query.error, "Could not load who may refund.")}
      </p>
    );
  return <RefundPermissionsEditor saved={query.data.roles} />;
}

function RefundPermissionsEditor({ saved }: { saved: RefundPermission[] }) {
  const { request } = useAdminSession();
  const client = useQueryClient();
  const [roles, setRoles] = useState(() =>
    saved.map((role) => ({
      ...role,
      limit: role.max_refund === null ? "" : String(role.max_refund),
    })),
  );
  const [message, setMessage] = useState<{ tone: "ok" | "error"; text: string } | null>(null);
  const change = (index: number, patch: Partial<(typeof roles)[number]>) => {
    setRoles((current) => current.map((role, i) => (i === index ? { ...role, ...patch } : role)));
    setMessage(null);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const bad = roles.find((role) => role.limit.trim() !== "" && !(Number(role.limit) > 0));
    if (bad) {
      setMessage({
        tone: "error",
        text: `The limit for ${staffRoleLabels[bad.role]} must be more than $0, or empty for no limit.`,
      });
      return;
    }
    try {
      const answer = await request<{ roles: RefundPermission[] }>("/api/admin/settings/refunds", {
        method: "PUT",
        body: {
          roles: roles.map((role) => ({
            role: role.role,
            may_refund: role.may_refund,
            max_refund: role.limit.trim() === "" ? null : Number(role.limit),
          })),
        },
      });
      client.setQueryData(refundPermissionsKey, answer);
      void client.invalidateQueries({ queryKey: refundAllowanceKey });
      setMessage({ tone: "ok", text: "Saved: refunds follow these rules at once." });
    } catch (error) {
      setMessage({ tone: "error", text: errorText(error, "Could not save who may refund.") });
    }
  };
  return (
    <form aria-label="Who may refund" onSubmit={submit} className="space-y-3">
      <p className="text-sm text-stone-600">
        Refunds are given when a paid order, or some of its lines, is cancelled. Leave the limit
        empty for no limit.
      </p>
      <ul className="divide-y divide-stone-200 rounded-md border border-stone-200">
        {roles.map((role, index) => (
          <li key={role.role} className="flex flex-wrap items-center gap-3 px-3 py-2 text-sm">
            <label className="flex min-w-40 items-center gap-2 font-medium">
              <input
                type="checkbox"
                checked={role.may_refund}
                onChange={(event) => change(index, { may_refund: event.target.checked })}
              />
              {staffRoleLabels[role.role]} may refund
            </label>
            <label className="flex items-center gap-2">
              <span className="text-stone-600">Up to $</span>
              <input
                type="number"
                inputMode="decimal"
                min={0.01}
                step={0.01}
                className="field-input w-28 py-1"
                aria-label={`Most one refund may be for ${staffRoleLabels[role.role]}`}
                disabled={!role.may_refund}
                value={role.limit}
                placeholder="No limit"
                onChange={(event) => change(index, { limit: event.target.value })}
              />
            </label>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className="btn-dark py-2">
          Save who may refund
        </button>
        {message ? (
          <p
            role={message.tone === "error" ? "alert" : "status"}
            className={`text-sm ${message.tone === "error" ? "text-red-800" : "text-green-800"}`}
          >
            {message.text}
          </p>
        ) : null}
      </div>
    </form>
  );
}
