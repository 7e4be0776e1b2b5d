import type { EmailPreferences, ShopperAccount } from "@mcf/contracts/accounts";
import { emailChangeOrdersNotice } from "@mcf/contracts/accounts-options";
import { useId, useState } from "react";
import { api, serverDetail } from "../../lib/api.ts";

/** Email preferences, a change of the account's email, and the optional password. */
export function AccountSettings({
  account,
  onChange,
}: {
  account: ShopperAccount;
  onChange: (account: ShopperAccount) => void;
}) {
  const id = useId();
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [password, setPassword] = useState("");
  const [newEmail, setNewEmail] = useState("");
  const [asking, setAsking] = useState(false);
  // The email form answers beside itself: its button sits far below the section's messages.
  const [emailSent, setEmailSent] = useState<string | null>(null);
  const [emailError, setEmailError] = useState<string | null>(null);

  async function savePreferences(preferences: EmailPreferences) {
    setError(null);
    try {
      onChange(
        await api<ShopperAccount>("/api/account/email-preferences", {
          method: "PUT",
          body: preferences,
        }),
      );
      setMessage("Email preferences saved.");
    } catch (caught) {
      setError(serverDetail(caught) ?? "We could not save your preferences. Please try again.");
    }
  }

  async function savePassword(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    try {
      onChange(
        await api<ShopperAccount>("/api/account/password", {
          method: "PUT",
          body: { new_password: password },
        }),
      );
      setPassword("");
      setMessage("Password saved. You can sign in with it or with an emailed link.");
    } catch (caught) {
      setError(serverDetail(caught) ?? "We could not save your password. Please try again.");
    }
  }

  // Nothing changes here: the link emailed to the new address does it, once the shopper confirms.
  async function askEmailChange(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (asking) return;
    setAsking(true);
    setEmailError(null);
    setEmailSent(null);
    try {
      const reply = await api<{ message: string }>("/api/account/email-change", {
        method: "POST",
        body: { new_email: newEmail.trim() },
      });
      setNewEmail("");
      setEmailSent(reply.message);
    } catch (caught) {
      setEmailError(serverDetail(caught) ?? "We could not send the link. Please try again.");
    } finally {
      setAsking(false);
    }
  }

  const prefs = account.email_preferences;
  return (
    <div className="space-y-6">
      {message ? (
        <p role="status" className="text-sm text-green-800">
          {message}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-red-800">
          {error}
        </p>
      ) : null}
      <fieldset className="space-y-2">
        <legend className="mb-2 font-semibold text-navy-800">Emails</legend>
        <p className="text-sm text-stone-600">
          Order confirmations, shipping and return emails always come.
        </p>
        <label className="flex min-h-6 items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={prefs.marketing_emails}
            onChange={(event) =>
              savePreferences({ ...prefs, marketing_emails: event.target.checked })
            }
          />
          News, sales and new floors
        </label>
        <label className="flex min-h-6 items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={prefs.review_requests}
            onChange={(event) =>
              savePreferences({ ...prefs, review_requests: event.target.checked })
            }
          />
          A reminder to review my floor after delivery
        </label>
      </fieldset>
      <form onSubmit={askEmailChange} className="max-w-xl">
        {/* min-w-0: a fieldset is as wide as its longest word otherwise, and emails are long. */}
        <fieldset className="min-w-0 space-y-2">
          <legend className="mb-2 font-semibold text-navy-800">Change email</legend>
          <p className="text-sm text-stone-600">
            Your email is <strong className="break-words">{account.email}</strong>. We email a
            confirmation link to the new address and tell this one; your email changes only when you
            open the link and confirm.
          </p>
          <p className="text-sm text-stone-600">{emailChangeOrdersNotice}</p>
          <label htmlFor={`${id}-new-email`} className="field-label">
            New email
          </label>
          <input
            id={`${id}-new-email`}
            type="email"
            autoComplete="email"
            required
            className="field-input max-w-sm"
            value={newEmail}
            onChange={(event) => setNewEmail(event.target.value)}
          />
          <button type="submit" className="btn-outline" disabled={asking}>
            {asking ? "Sending..." : "Email me a confirmation link"}
          </button>
          {emailSent ? (
            <p role="status" className="text-sm text-green-800">
              {emailSent}
            </p>
          ) : null}
          {emailError ? (
            <p role="alert" className="text-sm text-red-800">
              {emailError}
            </p>
          ) : null}
        </fieldset>
      </form>
      <form onSubmit={savePassword} className="max-w-sm space-y-2">
        <label htmlFor={`${id}-password`} className="field-label">
          {account.has_password ? "Change your password" : "Add a password (optional)"}
        </label>
        <input
          id={`${id}-password`}
          type="password"
          autoComplete="new-password"
          minLength={8}
          required
          className="field-input"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <button type="submit" className="btn-outline">
          Save password
        </button>
      </form>
    </div>
  );
}
