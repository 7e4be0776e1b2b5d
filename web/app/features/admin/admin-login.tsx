import { type FormEvent, useState } from "react";
import { useAdminSession } from "./admin-session.tsx";

/** The password form: Show/Hide toggle, Sign in, "Invalid password" from the server's ping. */
export function AdminLogin() {
  const { signIn } = useAdminSession();
  const [password, setPassword] = useState("");
  const [visible, setVisible] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setError("Please enter the password");
      return;
    }
    setBusy(true);
    setError(await signIn(password));
    setBusy(false);
  };

  return (
    <div className="flex min-h-screen items-center justify-center bg-stone-100 px-4 py-16">
      <form
        onSubmit={submit}
        className="w-full max-w-sm rounded-xl border border-stone-200 bg-white p-8 shadow-lg"
        noValidate
      >
        <p className="text-xs font-bold tracking-widest text-oak-600 uppercase">
          Magic City Floors
        </p>
        <h1 className="mb-6 text-2xl font-bold">Back office</h1>
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
        <p className="mt-4 text-xs text-stone-600">
          The password is kept for this browser tab only.
        </p>
      </form>
    </div>
  );
}
