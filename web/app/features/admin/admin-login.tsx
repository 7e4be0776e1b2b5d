import { type FormEvent, useState } from "react";
import { useStoreDetails } from "../../lib/store-details.ts";
import { useAdminSession } from "./admin-session.tsx";
import { StaffForgotPassword } from "./staff-forgot-password.tsx";

/**
 * The sign-in form: a staff member's email and password, or the shop password alone for the
 * owner. Show/Hide toggle; the server's message ("Invalid password", the lockout) on failure.
 */
export function AdminLogin() {
  const store = useStoreDetails();
  const { signIn } = useAdminSession();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [visible, setVisible] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [forgot, setForgot] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setError("Please enter the password");
      return;
    }
    setBusy(true);
    setError(await signIn(email, password));
    setBusy(false);
  };

  return (
    <div className="flex min-h-screen items-center justify-center bg-stone-100 px-4 py-16">
      <div className="w-full max-w-sm rounded-xl border border-stone-200 bg-white p-8 shadow-lg">
        <p className="text-xs font-bold tracking-widest text-oak-600 uppercase">
          {store.business_name}
        </p>
        <h1 className="mb-6 text-2xl font-bold">Back office</h1>
        {forgot ? (
          <StaffForgotPassword initialEmail={email} onBack={() => setForgot(false)} />
        ) : (
          <form onSubmit={submit} noValidate>
            <label htmlFor="admin-email" className="field-label">
              Email
            </label>
            <input
              id="admin-email"
              type="email"
              autoComplete="username"
              className="field-input"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              aria-describedby="admin-email-hint"
            />
            <p id="admin-email-hint" className="mt-1 mb-4 text-xs text-stone-600">
              Leave empty to sign in with the shop password.
            </p>
            <label htmlFor="admin-password" className="field-label">
              Password
            </label>
            <div className="flex gap-2">
              <input
                id="admin-password"
                type={visible ? "text" : "password"}
                autoComplete="current-password"
                required
                className="field-input"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? "admin-password-error" : undefined}
              />
              <button
                type="button"
                className="btn-outline px-3"
                onClick={() => setVisible((v) => !v)}
                aria-pressed={visible}
                aria-label={visible ? "Hide password" : "Show password"}
              >
                {visible ? "Hide" : "Show"}
              </button>
            </div>
            {error ? (
              <p
                id="admin-password-error"
                role="alert"
                className="mt-2 text-sm font-medium text-red-700"
              >
                {error}
              </p>
            ) : null}
            <button type="submit" className="btn-dark mt-6 w-full" disabled={busy}>
              {busy ? "Signing in…" : "Sign in"}
            </button>
            <div className="mt-4 flex flex-wrap items-center justify-between gap-2 text-xs text-stone-600">
              <span>
                You stay signed in on this device until you log out or the session expires.
              </span>
              <button
                type="button"
                className="font-semibold text-navy-800 underline underline-offset-2"
                onClick={() => setForgot(true)}
              >
                Forgot password?
              </button>
            </div>
          </form>
        )}
      </div>
    </div>
  );
}
