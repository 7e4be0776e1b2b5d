import type { ShopperAccount } from "@mcf/contracts/accounts";
import { useId, useRef, useState } from "react";
import { api, serverDetail } from "../../lib/api.ts";

/**
 * Sign in or create an account: an emailed one-time link (no password needed), or the password
 * a shopper chose afterwards. The same message follows any email, so the form never says
 * whether an account exists.
 */
export function SignInPanel({
  onSignedIn,
  initialEmail = "",
  returnTo = null,
}: {
  onSignedIn: (account: ShopperAccount) => void;
  initialEmail?: string;
  returnTo?: string | null;
}) {
  const id = useId();
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState("");
  const [withPassword, setWithPassword] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const working = useRef(false);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (working.current) return;
    working.current = true;
    setBusy(true);
    setError(null);
    try {
      if (withPassword) {
        const account = await api<ShopperAccount>("/api/account/sign-in/password", {
          method: "POST",
          body: { email: email.trim(), password },
        });
        onSignedIn(account);
      } else {
        const reply = await api<{ message: string }>("/api/account/sign-in-link", {
          method: "POST",
          body: { email: email.trim(), ...(returnTo ? { return_to: returnTo } : {}) },
        });
        setSent(reply.message);
      }
    } catch (caught) {
      setError(serverDetail(caught) ?? "Something went wrong. Please try again.");
    } finally {
      working.current = false;
      setBusy(false);
    }
  }

  return (
    <div className="mx-auto w-full max-w-md rounded-xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8">
      <h1 className="mb-2 text-2xl font-bold text-navy-800">Sign in or create an account</h1>
      <p className="mb-6 text-sm text-stone-600">
        Follow your orders, re-order from the same dye lot, keep your rooms and addresses. Your past
        orders placed with this email appear automatically.
      </p>
      {sent ? (
        <div
          role="status"
          className="mb-4 rounded-md border border-green-200 bg-green-50 px-4 py-3 text-sm text-green-900"
        >
          {sent}
        </div>
      ) : null}
      {error ? (
        <div
          role="alert"
          className="mb-4 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
        >
          {error}
        </div>
      ) : null}
      <form onSubmit={submit} className="space-y-4">
        <div>
          <label htmlFor={`${id}-email`} className="field-label">
            Email
          </label>
          <input
            id={`${id}-email`}
            type="email"
            required
            autoComplete="email"
            className="field-input"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </div>
        {withPassword ? (
          <div>
            <label htmlFor={`${id}-password`} className="field-label">
              Password
            </label>
            <input
              id={`${id}-password`}
              type="password"
              required
              autoComplete="current-password"
              className="field-input"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          </div>
        ) : null}
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? "Please wait..." : withPassword ? "Sign in" : "Email me a sign-in link"}
        </button>
      </form>
      <button
        type="button"
        className="mt-4 min-h-6 text-sm font-semibold text-oak-700 hover:underline"
        onClick={() => {
          setWithPassword((current) => !current);
          setError(null);
          setSent(null);
        }}
      >
        {withPassword ? "Email me a link instead" : "I have a password"}
      </button>
    </div>
  );
}
