import {
  type StaffAccount,
  type StaffRole,
  staffRoleLabels,
  staffRoles,
} from "@mcf/contracts/staff";
import { type FormEvent, useState } from "react";
import { errorText } from "./admin-queries.ts";
import { useAdminSession } from "./admin-session.tsx";
import { ErrorLine } from "./error-line.tsx";
import { useToast } from "./toast.tsx";

const emptyFields = { name: "", email: "", role: "staff" as StaffRole, password: "" };

/**
 * The owner's "New staff account" form: name, email, role and a first password the owner passes
 * on in person (the person can choose their own later with "Forgot password?").
 */
export function StaffAccountForm({
  onSaved,
  onCancel,
}: {
  onSaved: (account: StaffAccount) => void;
  onCancel: () => void;
}) {
  const { request } = useAdminSession();
  const toast = useToast();
  const [form, setForm] = useState(emptyFields);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const field = (name: keyof typeof emptyFields) => ({
    value: form[name],
    onChange: (e: { target: { value: string } }) =>
      setForm((f) => ({ ...f, [name]: e.target.value })),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const saved = await request<StaffAccount>("/api/admin/staff", {
        method: "POST",
        body: form,
      });
      toast(`Account created for ${saved.name}`);
      onSaved(saved);
    } catch (failure) {
      setError(errorText(failure, "Could not create the account"));
    }
    setBusy(false);
  };

  return (
    <form
      onSubmit={submit}
      aria-label="New staff account"
      className="space-y-3 rounded-lg border border-stone-200 bg-white p-4 shadow-sm"
      noValidate
    >
      <h3 className="font-sans text-base font-semibold">New staff account</h3>
      <label className="block">
        <span className="field-label">Name</span>
        <input className="field-input py-1.5" autoComplete="off" required {...field("name")} />
      </label>
      <label className="block">
        <span className="field-label">Email</span>
        <input
          className="field-input py-1.5"
          type="email"
          autoComplete="off"
          required
          {...field("email")}
        />
      </label>
      <label className="block">
        <span className="field-label">Role</span>
        <select className="field-input py-1.5" {...field("role")}>
          {staffRoles.map((role) => (
            <option key={role} value={role}>
              {staffRoleLabels[role]}
            </option>
          ))}
        </select>
      </label>
      <label className="block">
        <span className="field-label">First password</span>
        <input
          className="field-input py-1.5"
          type="text"
          autoComplete="new-password"
          required
          minLength={8}
          aria-describedby="staff-password-hint"
          {...field("password")}
        />
        <span id="staff-password-hint" className="mt-1 block text-xs text-stone-600">
          At least 8 characters. Tell it to them in person; they can choose their own with "Forgot
          password?".
        </span>
      </label>
      <ErrorLine message={error} />
      <div className="flex justify-end gap-2">
        <button type="button" className="btn-outline" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? "Creating…" : "Create account"}
        </button>
      </div>
    </form>
  );
}
