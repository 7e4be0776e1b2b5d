import type { AdminCoupon } from "@mcf/contracts/admin";
import { storeToday } from "@mcf/contracts/store-today";
import { useState } from "react";
import { usdOrDash } from "./admin-format.ts";
import { replaceById, useAdminList, useUpdateCachedList } from "./admin-queries.ts";
import { adminListKeys } from "./admin-query-keys.ts";
import { useAdminSession } from "./admin-session.tsx";
import { type AdminColumn, AdminTable } from "./admin-table.tsx";
import { CouponForm } from "./coupon-form.tsx";
import { useToast } from "./toast.tsx";

function couponState(c: AdminCoupon): { label: string; className: string } {
  if (!c.active) return { label: "Inactive", className: "bg-stone-200 text-stone-600" };
  if (c.expires_at && c.expires_at < storeToday())
    return { label: "Expired", className: "bg-amber-100 text-amber-900" };
  if (c.usage_limit !== null && c.times_used >= c.usage_limit)
    return { label: "Used up", className: "bg-amber-100 text-amber-900" };
  return { label: "Active", className: "bg-green-100 text-green-800" };
}

function couponColumns(actions: {
  onEdit: (coupon: AdminCoupon) => void;
  onSetActive: (coupon: AdminCoupon, active: boolean) => void;
}): Array<AdminColumn<AdminCoupon>> {
  return [
    {
      header: "Code",
      cell: (coupon) => (
        <>
          <div className="font-mono font-semibold">{coupon.code}</div>
          {coupon.description ? (
            <div className="text-xs text-stone-600">{coupon.description}</div>
          ) : null}
        </>
      ),
    },
    {
      header: "Discount",
      hideOnPhone: true,
      phoneText: (coupon) =>
        coupon.kind === "percent" ? `${coupon.value}% off` : `${usdOrDash(coupon.value)} off`,
      cell: (coupon) =>
        coupon.kind === "percent" ? `${coupon.value}% off` : `${usdOrDash(coupon.value)} off`,
    },
    {
      header: "Min. order",
      hideOnPhone: true,
      phoneText: (coupon) => (coupon.min_subtotal ? usdOrDash(coupon.min_subtotal) : "—"),
      cell: (coupon) => (coupon.min_subtotal ? usdOrDash(coupon.min_subtotal) : "—"),
    },
    {
      header: "Expires",
      hideOnPhone: true,
      phoneText: (coupon) => coupon.expires_at ?? "Never",
      cell: (coupon) => coupon.expires_at ?? "Never",
    },
    {
      header: "Used",
      hideOnPhone: true,
      phoneText: (coupon) =>
        `${coupon.times_used}${coupon.usage_limit !== null ? ` / ${coupon.usage_limit}` : ""}${coupon.once_per_customer ? " · once each" : ""}`,
      align: "right",
      cellClassName: "px-3 py-2 tabular-nums",
      cell: (coupon) =>
        `${coupon.times_used}${coupon.usage_limit !== null ? ` / ${coupon.usage_limit}` : ""}${coupon.once_per_customer ? " · once each" : ""}`,
    },
    {
      header: "Orders",
      hideOnPhone: true,
      phoneText: (coupon) => coupon.orders_count,
      align: "right",
      cellClassName: "px-3 py-2 tabular-nums",
      cell: (coupon) => coupon.orders_count,
    },
    {
      header: "State",
      cell: (coupon) => {
        const state = couponState(coupon);
        return (
          <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${state.className}`}>
            {state.label}
          </span>
        );
      },
    },
    {
      header: "Actions",
      hideHeader: true,
      align: "right",
      cellClassName: "py-2 pr-3 pl-1 sm:pl-3 sm:whitespace-nowrap",
      cell: (coupon) => (
        <>
          <button
            type="button"
            className="btn-outline mr-1 px-3 py-1"
            aria-label={`Edit coupon ${coupon.code}`}
            onClick={() => actions.onEdit(coupon)}
          >
            Edit
          </button>
          <button
            type="button"
            className="btn-outline px-3 py-1"
            onClick={() => actions.onSetActive(coupon, !coupon.active)}
            aria-label={`${coupon.active ? "Deactivate" : "Activate"} coupon ${coupon.code}`}
          >
            {coupon.active ? "Deactivate" : "Activate"}
          </button>
        </>
      ),
    },
  ];
}

/** Coupons: create, edit, deactivate, and how often each was used. */
export function CouponsTab() {
  const { request } = useAdminSession();
  const toast = useToast();
  const [editing, setEditing] = useState<AdminCoupon | "new" | null>(null);
  const list = useAdminList<AdminCoupon>({
    key: adminListKeys.coupons,
    path: () => "/api/admin/coupons",
    read: (data) => ({ rows: (data as { coupons: AdminCoupon[] }).coupons, meta: undefined }),
    failure: "Failed to load coupons",
  });
  const updateList = useUpdateCachedList<AdminCoupon>(adminListKeys.coupons);
  const upsert = (saved: AdminCoupon) =>
    updateList((rows) =>
      rows.some((c) => c.id === saved.id) ? replaceById(saved)(rows) : [saved, ...rows],
    );

  const setActive = async (coupon: AdminCoupon, active: boolean) => {
    try {
      upsert(
        await request<AdminCoupon>(`/api/admin/coupons/${coupon.id}`, {
          method: "PATCH",
          body: { active },
        }),
      );
      toast(active ? `Coupon ${coupon.code} reactivated` : `Coupon ${coupon.code} deactivated`);
    } catch {
      toast("Failed to update coupon", "error");
    }
  };

  const count = list.items.length;
  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_360px]">
      <section
        aria-label="Coupons"
        className="min-w-0 rounded-lg border border-stone-200 bg-white shadow-sm"
      >
        <div className="flex items-center justify-between border-b border-stone-200 p-3">
          <p className="text-sm text-stone-600">
            {list.loading ? "Loading…" : `${count} coupon${count === 1 ? "" : "s"}`}
          </p>
          <button type="button" className="btn-primary py-2" onClick={() => setEditing("new")}>
            New coupon
          </button>
        </div>
        <AdminTable
          columns={couponColumns({ onEdit: setEditing, onSetActive: setActive })}
          rows={list.items}
          rowKey={(coupon) => coupon.id}
          empty="No coupons yet."
          loading={list.loading}
          error={list.error}
          onRetry={list.retry}
        />
      </section>
      <aside className="min-w-0">
        {editing ? (
          <CouponForm
            key={editing === "new" ? "new" : editing.id}
            coupon={editing === "new" ? null : editing}
            onSaved={(saved) => {
              upsert(saved);
              setEditing(null);
            }}
            onCancel={() => setEditing(null)}
          />
        ) : (
          <div className="rounded-lg border-2 border-dashed border-stone-300 bg-white p-6 text-sm text-stone-600">
            <p className="mb-2 font-semibold text-navy-800">How coupons work</p>
            <p>
              Codes are case-insensitive. A percent or dollar discount applies to merchandise when
              the cart meets the minimum subtotal, until the expiry day or usage limit. Deactivate a
              coupon to stop it; orders keep the code they used.
            </p>
          </div>
        )}
      </aside>
    </div>
  );
}
