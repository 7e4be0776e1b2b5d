import type { PartnerRegistration } from "@mcf/contracts/partners";
import { useEffect, useState } from "react";
import { Link, type MetaArgs, useNavigate } from "react-router";
import { useAceAuth } from "../../features/ace/ace-auth.tsx";
import { AuthCard, AuthField, ErrorBanner, LoadingLine } from "../../features/ace/auth-card.tsx";
import { serverDetail } from "../../lib/api.ts";
import { pageTitles } from "../../lib/page-titles.ts";
import { pageMeta } from "../../lib/seo.ts";
import { useOneSubmission } from "../../lib/use-one-submission.ts";

export const meta = ({ matches }: MetaArgs) =>
  pageMeta(matches, pageTitles.aceRegister, "Register your store for an ACE partner account.");

const emptyForm = {
  email: "",
  password: "",
  confirmPassword: "",
  company: "",
  company_address: "",
  contact_name: "",
  phone: "",
};

export default function AceRegister() {
  const { user, loading, register } = useAceAuth();
  const navigate = useNavigate();
  const [form, setForm] = useState(emptyForm);
  const { submitting, error, setError, isBusy, run } = useOneSubmission();

  useEffect(() => {
    if (!loading && user) navigate("/ace", { replace: true });
  }, [loading, user, navigate]);

  const set = (key: keyof typeof emptyForm) => (e: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [key]: e.target.value }));

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isBusy()) return;
    if (form.password !== form.confirmPassword) {
      setError("Passwords do not match");
      return;
    }
    const payload: PartnerRegistration = {
      email: form.email.trim(),
      password: form.password,
      company: form.company,
      company_address: form.company_address || null,
      contact_name: form.contact_name,
      phone: form.phone || null,
    };
    await run(
      async () => {
        await register(payload);
        navigate("/ace", { replace: true });
      },
      (caught) => serverDetail(caught) ?? "Registration failed",
    );
  }

  if (loading) return <LoadingLine />;

  const field = (
    key: Exclude<keyof typeof emptyForm, "company_address">,
    label: string,
    type: string,
    autoComplete: string,
    required: boolean,
  ) => (
    <AuthField
      id={`register-${key}`}
      label={label}
      type={type}
      autoComplete={autoComplete}
      required={required}
      minLength={key === "password" ? 8 : undefined}
      value={form[key]}
      onChange={set(key)}
    />
  );

  return (
    <AuthCard
      title="Register as a partner"
      subtitle="Create an account for your store. Our team approves new partner accounts, usually within one business day."
    >
      <ErrorBanner message={error} />
      <form onSubmit={onSubmit} className="space-y-4">
        {field("email", "Email", "email", "email", true)}
        {field("password", "Password", "password", "new-password", true)}
        {field("confirmPassword", "Confirm Password", "password", "new-password", true)}
        {field("company", "Company / Store Name", "text", "organization", true)}
        <div>
          <label htmlFor="register-company_address" className="field-label">
            Company Address
          </label>
          <textarea
            id="register-company_address"
            rows={3}
            autoComplete="address-line1"
            className="field-input"
            value={form.company_address}
            onChange={set("company_address")}
          />
        </div>
        {field("contact_name", "Contact Name", "text", "name", true)}
        {field("phone", "Phone", "tel", "tel", false)}
        <button type="submit" className="btn-primary w-full" disabled={submitting}>
          {submitting ? "Registering..." : "Register"}
        </button>
      </form>
      <p className="mt-6 text-sm text-stone-600">
        Already have an account?{" "}
        <Link to="/ace/login" className="font-medium text-navy-800 hover:underline">
          Sign in
        </Link>
      </p>
    </AuthCard>
  );
}
