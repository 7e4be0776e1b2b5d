import type { AdminCoupon } from "@mcf/contracts/admin";
import { type FormEvent, useState } from "react";
import { errorText } from "./admin-queries.ts";
import { useAdminSession } from "./admin-session.tsx";
import { ErrorLine } from "./error-line.tsx";
import { useToast } from "./toast.tsx";

interface CouponFields {
  code: string;
  description: string;
  kind: "percent" | "fixed";
  value: string;
  min_subtotal: string;
  expires_at: string;
  usage_limit: string;
  once_per_customer: boolean;
  active: boolean;
}

const emptyFields: CouponFields = {
  code: "",
  description: "",
  kind: "percent",
  value: "",
  min_subtotal: "",
  expires_at: "",
  usage_limit: "",
  once_per_customer: false,
  active: true,
};

const fieldsOf = (c: AdminCoupon): CouponFields => ({
  code: c.code,
  description: c.description ?? "",
  kind: c.kind,
  value: String(c.value),
  min_subtotal: c.min_subtotal ? String(c.min_subtotal) : "",
  expires_at: c.expires_at ?? "",
  usage_limit: c.usage_limit === null ? "" : String(c.usage_limit),
  once_per_customer: c.once_per_customer,
  active: c.active,
});

/** The new/edit coupon form beside the list; the server checks the values. */
export function CouponForm({
  coupon,
  onSaved,
  onCancel,
}: {
  /** null for a new coupon. */
  coupon: AdminCoupon | null;
  onSaved: (coupon: AdminCoupon) => void;
  onCancel: () => void;
}) {
  const { request } = useAdminSession();
  const toast = useToast();
  const [form, setForm] = useState(() => (coupon ? fieldsOf(coupon) : emptyFields));
  const [error, setError] = useState<string | null>(null);
  const field = (name: keyof CouponFields) => ({
    value: String(form[name]),
    onChange: (e: { target: { value: string } }) =>
      setForm((f) => ({ ...f, [name]: e.target.value })),
  });

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
      once_per_customer: form.once_per_customer,
      active: form.active,
    };
    try {
      const saved = coupon
        ? await request<AdminCoupon>(`/api/admin/coupons/${coupon.id}`, { method: "PATCH", body })
        : await request<AdminCoupon>("/api/admin/coupons", { method: "POST", body });
      toast(coupon ? `Coupon ${saved.code} saved` : `Coupon ${saved.code} created`);
      onSaved(saved);
    } catch (e) {
      setError(errorText(e, "Could not save the coupon"));
    }
  };

  return (
    <form
      onSubmit={submit}
      aria-label={coupon ? "Edit coupon" : "New coupon"}
      className="space-y-3 rounded-lg border border-stone-200 bg-white p-4 shadow-sm"
    >
      <h3 className="font-sans text-base font-semibold">
        {coupon ? `Edit ${form.code}` : "New coupon"}
      </h3>
      <label className="block">
        <span className="field-label">Code</span>
        <input className="field-input py-1.5 font-mono uppercase" required {...field("code")} />
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
          <span className="field-label">{form.kind === "percent" ? "Percent" : "Amount ($)"}</span>
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
          checked={form.once_per_customer}
          onChange={(e) => setForm((f) => ({ ...f, once_per_customer: e.target.checked }))}
        />
        One use per customer (by email)
      </label>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={form.active}
          onChange={(e) => setForm((f) => ({ ...f, active: e.target.checked }))}
        />
        Active
      </label>
      <ErrorLine message={error} />
      <div className="flex justify-end gap-2">
        <button type="button" className="btn-outline" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="btn-primary">
          Save coupon
        </button>
      </div>
    </form>
  );
}
