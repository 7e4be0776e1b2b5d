import type { AdminPartner } from "@mcf/contracts/partners";
import { useCallback, useEffect, useState } from "react";
import { ApiError, isAbortError } from "../../lib/api.ts";
import { useAdminSession } from "./admin-session.tsx";
import { formatShopTime } from "./birmingham-time.ts";

const statusStyles: Record<AdminPartner["status"], string> = {
  pending: "bg-oak-100 text-oak-700",
  approved: "bg-green-100 text-green-800",
  disabled: "bg-stone-200 text-stone-600",
};

/** Shop time (Birmingham), like every other date in the back office. */
const formatDate = (iso: string | null) => (iso ? formatShopTime(iso) : "Never");

/** The admin Partners tab: every ACE account, with approve and disable. */
export function PartnersTab() {
  const { request } = useAdminSession();
  const [partners, setPartners] = useState<AdminPartner[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const load = useCallback(
    async (signal?: AbortSignal) => {
      try {
        const data = await request<{ partners: AdminPartner[] }>("/api/admin/partners", {
          signal,
        });
        setPartners(data.partners);
        setError(null);
      } catch (caught) {
        if (isAbortError(caught)) return;
        setError(caught instanceof ApiError ? caught.message : "Failed to load partners");
      }
    },
    [request],
  );

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), 3000);
    return () => clearTimeout(timer);
  }, [notice]);

  async function act(partner: AdminPartner, action: "approve" | "disable") {
    if (busyId) return;
    if (
      action === "disable" &&
      !window.confirm(`Disable ${partner.company}? They will be signed out.`)
    )
      return;
    setBusyId(partner.id);
    try {
      const updated = await request<AdminPartner>(`/api/admin/partners/${partner.id}/${action}`, {
        method: "POST",
      });
      setPartners((current) => current?.map((p) => (p.id === updated.id ? updated : p)) ?? null);
      setNotice(`${updated.company}: ${action === "approve" ? "approved" : "disabled"}`);
    } catch (caught) {
      setNotice(caught instanceof ApiError ? caught.message : `Failed to ${action} partner`);
    } finally {
      setBusyId(null);
    }
  }

  if (error) {
    return (
      <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-red-800">
        {error}{" "}
        <button type="button" className="ml-2 font-semibold underline" onClick={() => void load()}>
          Try Again
        </button>
      </div>
    );
  }
  if (!partners) return <p className="py-8 text-center text-stone-600">Loading partners...</p>;

  return (
    <section aria-label="Partners">
      <div className="mb-3 flex items-center justify-between">
        <h2 className="text-lg font-bold text-navy-800">
          ACE partner accounts ({partners.length})
        </h2>
        {notice ? (
          <p role="status" className="rounded bg-navy-800 px-3 py-1 text-sm text-white">
            {notice}
          </p>
        ) : null}
      </div>
      {partners.length === 0 ? (
        <p className="rounded-md border border-stone-200 bg-white p-6 text-center text-stone-600">
          No partner accounts yet.
        </p>
      ) : (
        <div className="overflow-x-auto rounded-md border border-stone-200 bg-white">
          <table className="min-w-full text-left text-sm">
            <thead className="bg-stone-100 text-xs text-stone-600 uppercase">
              <tr>
                <th className="px-3 py-2">Company</th>
                <th className="px-3 py-2">Contact</th>
                <th className="px-3 py-2">Email</th>
                <th className="px-3 py-2">Created</th>
                <th className="px-3 py-2">Last sign-in</th>
                <th className="px-3 py-2">Orders</th>
                <th className="px-3 py-2">Status</th>
                <th className="px-3 py-2">Actions</th>
              </tr>
            </thead>
            <tbody>
              {partners.map((partner) => (
                <tr key={partner.id} className="border-t border-stone-200">
                  <td className="px-3 py-2 font-medium text-navy-800">{partner.company}</td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    {partner.contact_name}
                    {partner.phone ? (
                      <span className="block text-xs text-stone-600">{partner.phone}</span>
                    ) : null}
                  </td>
                  <td className="px-3 py-2">{partner.email}</td>
                  <td className="px-3 py-2 whitespace-nowrap">{formatDate(partner.created_at)}</td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    {formatDate(partner.last_login_at)}
                  </td>
                  <td className="px-3 py-2">{partner.order_count}</td>
                  <td className="px-3 py-2">
                    <span
                      className={`rounded-full px-2 py-0.5 text-xs font-semibold capitalize ${statusStyles[partner.status]}`}
                    >
                      {partner.status}
                    </span>
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    {partner.status !== "approved" ? (
                      <button
                        type="button"
                        className="mr-2 rounded bg-green-700 px-3 py-1 text-xs font-semibold text-white disabled:opacity-50"
                        disabled={busyId === partner.id}
                        onClick={() => void act(partner, "approve")}
                      >
                        Approve
                      </button>
                    ) : null}
                    {partner.status !== "disabled" ? (
                      <button
                        type="button"
                        className="rounded border border-brick-600 px-3 py-1 text-xs font-semibold text-brick-600 disabled:opacity-50"
                        disabled={busyId === partner.id}
                        onClick={() => void act(partner, "disable")}
                      >
                        Disable
                      </button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
