import type { EmailPreferences, ShopperAccount } from "@mcf/contracts/accounts";
import { useId, useState } from "react";
import { api, serverDetail } from "../../lib/api.ts";

/** Email preferences and the optional password. */
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
