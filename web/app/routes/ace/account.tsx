import type { PartnerUser } from "@mcf/contracts/partners";
import { usStates } from "@mcf/contracts/us-states";
import { useEffect, useState } from "react";
import { Link, type MetaArgs } from "react-router";
import { useRequirePartner } from "../../features/ace/ace-auth.tsx";
import { AuthField, ErrorBanner, LoadingLine } from "../../features/ace/auth-card.tsx";
import { PartnerOrders } from "../../features/ace/partner-orders.tsx";
import { api, serverDetail } from "../../lib/api.ts";
import { pageTitles } from "../../lib/page-titles.ts";
import { pageMeta } from "../../lib/seo.ts";
import { useOneSubmission } from "../../lib/use-one-submission.ts";

export const meta = ({ matches }: MetaArgs) =>
  pageMeta(matches, pageTitles.aceAccount, "Your ACE partner profile.");

interface ProfileForm {
  company: string;
  contact_name: string;
  phone: string;
  company_address: string;
  address: string;
  city: string;
  state: string;
  zip: string;
}

function formFromUser(user: PartnerUser): ProfileForm {
  return {
    company: user.company,
    contact_name: user.contact_name,
    phone: user.phone ?? "",
    company_address: user.company_address ?? "",
    address: user.shipping_address?.address ?? "",
    city: user.shipping_address?.city ?? "",
    state: user.shipping_address?.state ?? "",
    zip: user.shipping_address?.zip ?? "",
  };
}

export default function AceAccount() {
  const { user, token, loading, setUser } = useRequirePartner();
  const [form, setForm] = useState<ProfileForm | null>(null);
  const { submitting: saving, error, isBusy, run } = useOneSubmission();
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    if (user && !form) setForm(formFromUser(user));
  }, [user, form]);

  if (loading) return <LoadingLine />;
  if (!user || !form) return null;

  const set = (key: keyof ProfileForm) => (e: { target: { value: string } }) => {
    setSaved(false);
    setForm((current) => (current ? { ...current, [key]: e.target.value } : current));
  };

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isBusy() || !form || !user) return;
    setSaved(false);
    await run(
      async () => {
        // The loaded profile goes back whole; the server ignores what is not editable.
        const updated = await api<PartnerUser>("/api/ace/account", {
          method: "PUT",
          token,
          body: {
            ...user,
            company: form.company,
            contact_name: form.contact_name,
            phone: form.phone,
            company_address: form.company_address,
            shipping_address: {
              address: form.address,
              city: form.city,
              state: form.state,
              zip: form.zip,
              country: user.shipping_address?.country ?? "US",
            },
          },
        });
        setUser(updated);
        setForm(formFromUser(updated));
        setSaved(true);
        window.scrollTo({ top: 0, behavior: "smooth" });
      },
      (caught) => serverDetail(caught) ?? "Failed to update profile. Please try again.",
    );
  }

  const input = (
    key: keyof ProfileForm,
    label: string,
    options: { type?: string; autoComplete?: string; required?: boolean } = {},
  ) => (
    <AuthField
      id={`account-${key}`}
      label={label}
      type={options.type ?? "text"}
      autoComplete={options.autoComplete}
      required={options.required}
      value={form[key]}
      onChange={set(key)}
    />
  );

  return (
    <div className="container-page max-w-3xl py-8 sm:py-12">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <div>
          <p className="text-xs font-bold tracking-wider text-oak-600 uppercase">
            ACE Partner Portal
          </p>
          <h1 className="text-3xl font-bold text-navy-800">Account Settings</h1>
        </div>
        <Link to="/ace" className="btn-outline">
          Back to Products
        </Link>
      </div>
      {saved ? (
        <div
          role="status"
          className="mb-6 rounded-md border border-green-200 bg-green-50 px-4 py-3 text-sm font-medium text-green-900"
        >
          Your profile has been updated successfully!
        </div>
      ) : null}
      <ErrorBanner message={error} />
      <form onSubmit={onSubmit} className="space-y-6">
        <section className="rounded-xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6">
          <label htmlFor="account-email" className="field-label">
            Email
          </label>
          <input
            id="account-email"
            type="email"
            className="field-input bg-stone-100 text-stone-600"
            value={user.email}
            readOnly
          />
          <p className="mt-1 text-xs text-stone-500">
            To change the email of your account, please contact us.
          </p>
        </section>
        <section className="rounded-xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6">
          <h2 className="mb-4 text-lg font-bold text-navy-800">Company Information</h2>
          <div className="grid gap-4 sm:grid-cols-2">
            {input("company", "Company Name", { autoComplete: "organization", required: true })}
            {input("contact_name", "Contact Name", { autoComplete: "name", required: true })}
            {input("phone", "Phone Number", { type: "tel", autoComplete: "tel" })}
            <div className="sm:col-span-2">
              <label htmlFor="account-company_address" className="field-label">
                Company Address
              </label>
              <textarea
                id="account-company_address"
                rows={3}
                className="field-input"
                value={form.company_address}
                onChange={set("company_address")}
              />
            </div>
          </div>
        </section>
        <section className="rounded-xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6">
          <h2 className="mb-4 text-lg font-bold text-navy-800">Shipping Address</h2>
          <div className="grid gap-4 sm:grid-cols-6">
            <div className="sm:col-span-6">
              {input("address", "Street Address", { autoComplete: "shipping address-line1" })}
            </div>
            <div className="sm:col-span-3">
              {input("city", "City", { autoComplete: "shipping address-level2" })}
            </div>
            <div className="sm:col-span-1">
              <label htmlFor="account-state" className="field-label">
                State
              </label>
              {/* The checkout's list of 50 states plus DC; a value saved before it is kept. */}
              <select
                id="account-state"
                autoComplete="shipping address-level1"
                className="field-input"
                value={form.state}
                onChange={set("state")}
              >
                <option value="">Select</option>
                {form.state && !usStates.some((s) => s.code === form.state) ? (
                  <option value={form.state}>{form.state}</option>
                ) : null}
                {usStates.map((state) => (
                  <option key={state.code} value={state.code}>
                    {state.name}
                  </option>
                ))}
              </select>
            </div>
            <div className="sm:col-span-2">
              {input("zip", "ZIP Code", { autoComplete: "shipping postal-code" })}
            </div>
          </div>
        </section>
        <div className="flex flex-wrap gap-3">
          <button type="submit" className="btn-primary" disabled={saving}>
            {saving ? "Saving..." : "Save Changes"}
          </button>
          <Link to="/ace" className="btn-outline">
            Back to Products
          </Link>
        </div>
      </form>
      <div className="mt-8">
        <PartnerOrders token={token} />
      </div>
    </div>
  );
}
