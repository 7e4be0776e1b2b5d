import type { AdminPartner } from "@mcf/contracts/partners";
import { useState } from "react";
import { errorText, replaceById, useAdminList, useUpdateCachedList } from "./admin-queries.ts";
import { adminListKeys } from "./admin-query-keys.ts";
import { useAdminSession } from "./admin-session.tsx";
import { type AdminColumn, AdminTable } from "./admin-table.tsx";
import { formatShopTime } from "./birmingham-time.ts";
import { useToast } from "./toast.tsx";

type PartnerAction = "approve" | "disable";

const statusStyles: Record<AdminPartner["status"], string> = {
  pending: "bg-oak-100 text-oak-700",
  approved: "bg-green-100 text-green-800",
  disabled: "bg-stone-200 text-stone-600",
};

/** Shop time (Birmingham), like every other date in the back office. */
const formatDate = (iso: string | null) => (iso ? formatShopTime(iso) : "Never");

function partnerColumns(
  busyId: string | null,
  act: (partner: AdminPartner, action: PartnerAction) => void,
): Array<AdminColumn<AdminPartner>> {
  return [
    {
      header: "Company",
      cellClassName: "px-3 py-2 font-medium text-navy-800",
      cell: (p) => p.company,
    },
    {
      header: "Contact",
      hideOnPhone: true,
      phoneText: (p) => [p.contact_name, p.phone].filter(Boolean).join(", "),
      cellClassName: "px-3 py-2 whitespace-nowrap",
      cell: (p) => (
        <>
          {p.contact_name}
          {p.phone ? <span className="block text-xs text-stone-600">{p.phone}</span> : null}
        </>
      ),
    },
    {
      header: "Email",
      hideOnPhone: true,
      phoneText: (p) => p.email,
      cell: (p) => p.email,
    },
    {
      header: "Created",
      hideOnPhone: true,
      phoneText: (p) => formatDate(p.created_at),
      cellClassName: "px-3 py-2 whitespace-nowrap",
      cell: (p) => formatDate(p.created_at),
    },
    {
      header: "Last sign-in",
      hideOnPhone: true,
      phoneText: (p) => formatDate(p.last_login_at),
      cellClassName: "px-3 py-2 whitespace-nowrap",
      cell: (p) => formatDate(p.last_login_at),
    },
    {
      header: "Orders",
      hideOnPhone: true,
      phoneText: (p) => p.order_count,
      cell: (p) => p.order_count,
    },
    {
      header: "Status",
      cell: (p) => (
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-semibold capitalize ${statusStyles[p.status]}`}
        >
          {p.status}
        </span>
      ),
    },
    {
      header: "Actions",
      cellClassName: "px-3 py-2 sm:whitespace-nowrap",
      cell: (p) => (
        <>
          {p.status !== "approved" ? (
            <button
              type="button"
              className="mr-2 rounded bg-green-700 px-3 py-1 text-xs font-semibold text-white disabled:opacity-50"
              disabled={busyId === p.id}
              onClick={() => act(p, "approve")}
            >
              Approve
            </button>
          ) : null}
          {p.status !== "disabled" ? (
            <button
              type="button"
              className="rounded border border-brick-600 px-3 py-1 text-xs font-semibold text-brick-600 disabled:opacity-50"
              disabled={busyId === p.id}
              onClick={() => act(p, "disable")}
            >
              Disable
            </button>
          ) : null}
        </>
      ),
    },
  ];
}

/** The admin Partners tab: every ACE account, with approve and disable. */
export function PartnersTab() {
  const { request } = useAdminSession();
  const toast = useToast();
  const [busyId, setBusyId] = useState<string | null>(null);
  const list = useAdminList<AdminPartner>({
    key: adminListKeys.partners,
    path: () => "/api/admin/partners",
    read: (data) => ({ rows: (data as { partners: AdminPartner[] }).partners, meta: undefined }),
    failure: "Failed to load partners",
  });
  const updateList = useUpdateCachedList<AdminPartner>(adminListKeys.partners);

  async function act(partner: AdminPartner, action: PartnerAction) {
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
      updateList(replaceById(updated));
      toast(`${updated.company}: ${action === "approve" ? "approved" : "disabled"}`);
    } catch (caught) {
      toast(errorText(caught, `Failed to ${action} partner`), "error");
    } finally {
      setBusyId(null);
    }
  }

  return (
    <section aria-label="Partners">
      <h2 className="mb-3 text-lg font-bold text-navy-800">
        ACE partner accounts{list.loading ? "" : ` (${list.items.length})`}
      </h2>
      <div className="rounded-md border border-stone-200 bg-white">
        <AdminTable
          columns={partnerColumns(busyId, act)}
          rows={list.items}
          rowKey={(p) => p.id}
          empty="No partner accounts yet."
          loading={list.loading}
          error={list.error}
          onRetry={list.retry}
        />
      </div>
    </section>
  );
}
