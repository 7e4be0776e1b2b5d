import { useState } from "react";
import { Link, type MetaArgs } from "react-router";
import { AuthCard, AuthField, ErrorBanner, SuccessBanner } from "../../features/ace/auth-card.tsx";
import { api } from "../../lib/api.ts";
import { pageTitles } from "../../lib/page-titles.ts";
import { pageMeta } from "../../lib/seo.ts";
import { useOneSubmission } from "../../lib/use-one-submission.ts";

export const meta = ({ matches }: MetaArgs) =>
  pageMeta(
    matches,
    pageTitles.aceForgotPassword,
    "Reset the password of your ACE partner account.",
  );

export default function AceForgotPassword() {
  const [email, setEmail] = useState("");
  const [sent, setSent] = useState(false);
  const { submitting, error, run } = useOneSubmission();

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await run(
      async () => {
        await api("/api/ace/auth/forgot-password", {
          method: "POST",
          body: { email: email.trim() },
        });
        setSent(true);
      },
      () => "An error occurred. Please try again later.",
    );
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
            <AuthField
              id="forgot-email"
              label="Email"
              type="email"
              autoComplete="email"
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
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
