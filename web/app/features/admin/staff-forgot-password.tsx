import { type FormEvent, useState } from "react";
import { api, serverDetail } from "../../lib/api.ts";

/**
 * "Forgot password?" for staff accounts: asks for the email and shows the server's answer, which
 * is the same whether or not the account exists. The owner's shop password is not reset here.
 */
export function StaffForgotPassword({
  initialEmail,
  onBack,
}: {
  initialEmail: string;
  onBack: () => void;
}) {
  const [email, setEmail] = useState(initialEmail);
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) {
      setError("Please enter your email");
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const answer = await api<{ message: string }>("/api/admin/session/forgot-password", {
        method: "POST",
        body: { email },
      });
      setMessage(answer.message);
    } catch (failure) {
      setError(serverDetail(failure) ?? "Could not send the reset link. Please try again.");
    }
    setBusy(false);
  };

  return (
    <form onSubmit={submit} noValidate>
      <h2 className="mb-2 text-lg font-semibold">Reset your password</h2>
      <p className="mb-4 text-sm text-stone-600">
        We will email a link to choose a new password. The shop password is changed by the owner on
        the server.
      </p>
      <label htmlFor="staff-reset-email" className="field-label">
        Email
      </label>
      <input
        id="staff-reset-email"
        type="email"
        autoComplete="username"
        required
        className="field-input"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "staff-reset-error" : undefined}
      />
      {error ? (
        <p id="staff-reset-error" role="alert" className="mt-2 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      {message ? (
        <p role="status" className="mt-3 rounded-md bg-green-50 p-3 text-sm text-green-800">
          {message}
        </p>
      ) : null}
      <button type="submit" className="btn-dark mt-6 w-full" disabled={busy}>
        {busy ? "Sending…" : "Email me a reset link"}
      </button>
      <button
        type="button"
        className="mt-3 w-full text-sm font-semibold text-navy-800 underline underline-offset-2"
        onClick={onBack}
      >
        Back to sign in
      </button>
    </form>
  );
}
