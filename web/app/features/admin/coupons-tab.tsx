import type { AdminCoupon } from "@mcf/contracts/admin";
import { type FormEvent, useEffect, useState } from "react";
import { isAbortError } from "../../lib/api.ts";
import { money } from "./admin-format.ts";
import { useAdminSession } from "./admin-session.tsx";
import { useToast } from "./toast.tsx";

interface CouponForm {
  code: string;
  description: string;
  kind: "percent" | "fixed";
  value: string;
  min_subtotal: string;
  expires_at: string;
  usage_limit: string;
  active: boolean;
}

const emptyForm: CouponForm = {
  code: "",
  description: "",
  kind: "percent",
  value: "",
  min_subtotal: "",
  expires_at: "",
  usage_limit: "",
  active: true,
};

const formOf = (c: AdminCoupon): CouponForm => ({
  code: c.code,
  description: c.description ?? "",
  kind: c.kind,
  value: String(c.value),
  min_subtotal: c.min_subtotal ? String(c.min_subtotal) : "",
  expires_at: c.expires_at ?? "",
  usage_limit: c.usage_limit === null ? "" : String(c.usage_limit),
  active: c.active,
});

function couponState(c: AdminCoupon): { label: string; className: string } {
  if (!c.active) return { label: "Inactive", className: "bg-stone-200 text-stone-600" };
  if (c.expires_at && c.expires_at < new Date().toISOString().slice(0, 10))
    return { label: "Expired", className: "bg-amber-100 text-amber-900" };
  if (c.usage_limit !== null && c.times_used >= c.usage_limit)
    return { label: "Used up", className: "bg-amber-100 text-amber-900" };
  return { label: "Active", className: "bg-green-100 text-green-800" };
}

/** Coupons: create, edit, deactivate, and how often each was used. */
export function CouponsTab() {
  const { request } = useAdminSession();
  const toast = useToast();
  const [coupons, setCoupons] = useState<AdminCoupon[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<AdminCoupon | "new" | null>(null);
  const [form, setForm] = useState<CouponForm>(emptyForm);
  const [formError, setFormError] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    request<{ coupons: AdminCoupon[] }>("/api/admin/coupons", { signal: controller.signal })
      .then((data) => setCoupons(data.coupons))
      .catch((e) => {
        if (!isAbortError(e)) setError(e instanceof Error ? e.message : "Failed to load coupons");
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [request]);

  const open = (coupon: AdminCoupon | "new") => {
    setEditing(coupon);
    setForm(coupon === "new" ? emptyForm : formOf(coupon));
    setFormError(null);
  };

  const upsert = (saved: AdminCoupon) =>
    setCoupons((list) =>
      list.some((c) => c.id === saved.id)
        ? list.map((c) => (c.id === saved.id ? saved : c))
        : [saved, ...list],
    );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = {
      code: form.code,
      description: form.description || null,
      kind: form.kind,
      value: form.value,
      min_subtotal: form.min_subtotal,
      expires_at: form.expires_at || null,
      usage_limit: form.usage_limit,
      active: form.active,
    };
    try {
      const saved =
        editing === "new"
          ? await request<AdminCoupon>("/api/admin/coupons", { method: "POST", body })
          : await request<AdminCoupon>(`/api/admin/coupons/${(editing as AdminCoupon).id}`, {
              method: "PATCH",
              body,
            });
      upsert(saved);
      toast(editing === "new" ? `Coupon ${saved.code} created` : `Coupon ${saved.code} saved`);
      setEditing(null);
    } catch (e) {
      setFormError(e instanceof Error ? e.message : "Could not save the coupon");
    }
  };

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

  const field = (name: keyof CouponForm) => ({
    value: String(form[name]),
    onChange: (e: { target: { value: string } }) =>
      setForm((f) => ({ ...f, [name]: e.target.value })),
  });

  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_360px]">
      <section
        aria-label="Coupons"
        className="min-w-0 rounded-lg border border-stone-200 bg-white shadow-sm"
      >
        <div className="flex items-center justify-between border-b border-stone-200 p-3">
          <p className="text-sm text-stone-600">
            {loading ? "Loading…" : `${coupons.length} coupon${coupons.length === 1 ? "" : "s"}`}
          </p>
          <button type="button" className="btn-primary py-2" onClick={() => open("new")}>
            New coupon
          </button>
        </div>
        {error ? <p className="m-3 rounded bg-red-50 p-3 text-sm text-red-800">{error}</p> : null}
        <div className="overflow-auto">
          <table className="w-full text-left text-sm">
            <thead className="bg-stone-50 text-xs tracking-wide text-stone-600 uppercase">
              <tr>
                <th className="px-3 py-2">Code</th>
                <th className="px-3 py-2">Discount</th>
                <th className="px-3 py-2">Min. order</th>
                <th className="px-3 py-2">Expires</th>
                <th className="px-3 py-2 text-right">Used</th>
                <th className="px-3 py-2 text-right">Orders</th>
                <th className="px-3 py-2">State</th>
                <th className="px-3 py-2">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {coupons.map((coupon) => {
                const state = couponState(coupon);
                return (
                  <tr key={coupon.id} className="border-t border-stone-100">
                    <td className="px-3 py-2">
                      <div className="font-mono font-semibold">{coupon.code}</div>
                      {coupon.description ? (
                        <div className="text-xs text-stone-600">{coupon.description}</div>
                      ) : null}
                    </td>
                    <td className="px-3 py-2">
                      {coupon.kind === "percent"
                        ? `${coupon.value}% off`
                        : `${money(coupon.value)} off`}
                    </td>
                    <td className="px-3 py-2">
                      {coupon.min_subtotal ? money(coupon.min_subtotal) : "—"}
                    </td>
                    <td className="px-3 py-2">{coupon.expires_at ?? "Never"}</td>
                    <td className="px-3 py-2 text-right tabular-nums">
                      {coupon.times_used}
                      {coupon.usage_limit !== null ? ` / ${coupon.usage_limit}` : ""}
                    </td>
                    <td className="px-3 py-2 text-right tabular-nums">{coupon.orders_count}</td>
                    <td className="px-3 py-2">
                      <span
                        className={`rounded-full px-2 py-0.5 text-xs font-semibold ${state.className}`}
                      >
                        {state.label}
                      </span>
                    </td>
                    <td className="px-3 py-2 text-right whitespace-nowrap">
                      <button
                        type="button"
                        className="btn-outline mr-1 px-3 py-1"
                        aria-label={`Edit coupon ${coupon.code}`}
                        onClick={() => open(coupon)}
                      >
                        Edit
                      </button>
                      <button
                        type="button"
                        className="btn-outline px-3 py-1"
                        onClick={() => setActive(coupon, !coupon.active)}
                        aria-label={`${coupon.active ? "Deactivate" : "Activate"} coupon ${coupon.code}`}
                      >
                        {coupon.active ? "Deactivate" : "Activate"}
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </section>
      <aside className="min-w-0">
        {editing ? (
          <form
            onSubmit={submit}
            aria-label={editing === "new" ? "New coupon" : "Edit coupon"}
            className="space-y-3 rounded-lg border border-stone-200 bg-white p-4 shadow-sm"
          >
            <h3 className="font-sans text-base font-semibold">
              {editing === "new" ? "New coupon" : `Edit ${form.code}`}
            </h3>
            <label className="block">
              <span className="field-label">Code</span>
              <input
                className="field-input py-1.5 font-mono uppercase"
                required
                {...field("code")}
              />
            </label>
            <label className="block">
              <span className="field-label">Description</span>
              <input className="field-input py-1.5" {...field("description")} />
            </label>
            <div className="grid grid-cols-2 gap-3">
              <label className="block">
                <span className="field-label">Kind</span>
                <select className="field-input py-1.5" {...field("kind")}>
                  <option value="percent">Percent off</option>
                  <option value="fixed">Dollars off</option>
                </select>
              </label>
              <label className="block">
                <span className="field-label">
                  {form.kind === "percent" ? "Percent" : "Amount ($)"}
                </span>
                <input
                  className="field-input py-1.5"
                  type="number"
                  step={0.01}
                  min={0}
                  required
                  {...field("value")}
                />
              </label>
              <label className="block">
                <span className="field-label">Minimum subtotal ($)</span>
                <input
                  className="field-input py-1.5"
                  type="number"
                  step={0.01}
                  min={0}
                  {...field("min_subtotal")}
                />
              </label>
              <label className="block">
                <span className="field-label">Usage limit</span>
                <input
                  className="field-input py-1.5"
                  type="number"
                  step={1}
                  min={1}
                  placeholder="No limit"
                  {...field("usage_limit")}
                />
              </label>
              <label className="col-span-2 block">
                <span className="field-label">Expires on (last valid day)</span>
                <input className="field-input py-1.5" type="date" {...field("expires_at")} />
              </label>
            </div>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={form.active}
                onChange={(e) => setForm((f) => ({ ...f, active: e.target.checked }))}
              />
              Active
            </label>
            {formError ? (
              <p role="alert" className="text-sm text-red-700">
                {formError}
              </p>
            ) : null}
            <div className="flex justify-end gap-2">
              <button type="button" className="btn-outline" onClick={() => setEditing(null)}>
                Cancel
              </button>
              <button type="submit" className="btn-primary">
                Save coupon
              </button>
            </div>
          </form>
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
