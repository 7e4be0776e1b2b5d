import { useRef, useState } from "react";
import { Link, type MetaArgs } from "react-router";
import { AuthCard, ErrorBanner, SuccessBanner } from "../../features/ace/auth-card.tsx";
import { api } from "../../lib/api.ts";
import { pageTitles } from "../../lib/page-titles.ts";
import { pageMeta } from "../../lib/seo.ts";

export const meta = ({ matches }: MetaArgs) =>
  pageMeta(
    matches,
    pageTitles.aceForgotPassword,
    "Reset the password of your ACE partner account.",
  );

export default function AceForgotPassword() {
  const [email, setEmail] = useState("");
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const busy = useRef(false);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy.current) return;
    busy.current = true;
    setSubmitting(true);
    setError(null);
    try {
      await api("/api/ace/auth/forgot-password", { method: "POST", body: { email: email.trim() } });
      setSent(true);
    } catch {
      setError("An error occurred. Please try again later.");
    } finally {
      busy.current = false;
      setSubmitting(false);
    }
  }

  return (
    <AuthCard
      title="Forgot your password?"
      subtitle={
        sent
          ? undefined
          : "Enter the email of your partner account and we will send you a link to choose a new password."
      }
    >
      {sent ? (
        <SuccessBanner title="Password reset email sent">
          <p>
            If an account exists for {email.trim()}, you will receive a link to reset your password
            shortly. The link expires in 1 hour. If it does not arrive, please check your spam
            folder.
          </p>
        </SuccessBanner>
      ) : (
        <>
          <ErrorBanner message={error} />
          <form onSubmit={onSubmit} className="space-y-4">
            <div>
              <label htmlFor="forgot-email" className="field-label">
                Email
              </label>
              <input
                id="forgot-email"
                type="email"
                autoComplete="email"
                required
                className="field-input"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
              />
            </div>
            <button type="submit" className="btn-primary w-full" disabled={submitting}>
              {submitting ? "Processing..." : "Reset Password"}
            </button>
          </form>
        </>
      )}
      <p className="mt-6 text-sm">
        <Link to="/ace/login" className="font-medium text-navy-800 hover:underline">
          Back to login
        </Link>
      </p>
    </AuthCard>
  );
}
