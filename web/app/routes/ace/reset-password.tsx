import { useEffect } from "react";
import { Link, type MetaArgs, useNavigate } from "react-router";
import { AuthCard, AuthField, ErrorBanner, SuccessBanner } from "../../features/ace/auth-card.tsx";
import { pageTitles } from "../../lib/page-titles.ts";
import { pageMeta } from "../../lib/seo.ts";
import { usePasswordReset } from "../../lib/use-password-reset.ts";

export const meta = ({ matches }: MetaArgs) =>
  pageMeta(
    matches,
    pageTitles.aceResetPassword,
    "Choose a new password for your ACE partner account.",
  );

export const resetRedirectMs = 3000;

export default function AceResetPassword() {
  const navigate = useNavigate();
  const { token, password, setPassword, confirm, setConfirm, error, done, submitting, submit } =
    usePasswordReset("/api/ace/auth/reset-password");

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate("/ace/login"), resetRedirectMs);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  if (done) {
    return (
      <AuthCard title="Choose a new password">
        <SuccessBanner title="Password reset successful">
          <p>You can now sign in with your new password. Taking you to the login page...</p>
        </SuccessBanner>
        <Link to="/ace/login" className="btn-primary w-full">
          Go to login now
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Choose a new password"
      subtitle="Use at least 8 characters; a phrase is easier to remember."
    >
      <ErrorBanner message={error} />
      <form onSubmit={submit} className="space-y-4">
        <AuthField
          id="reset-password"
          label="New Password"
          type="password"
          autoComplete="new-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <AuthField
          id="reset-confirm"
          label="Confirm New Password"
          type="password"
          autoComplete="new-password"
          required
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
        />
        <button type="submit" className="btn-primary w-full" disabled={submitting || !token}>
          {submitting ? "Resetting..." : "Reset Password"}
        </button>
      </form>
      <p className="mt-6 text-sm">
        <Link to="/ace/forgot-password" className="font-medium text-navy-800 hover:underline">
          Request a new link
        </Link>
        {" · "}
        <Link to="/ace/login" className="font-medium text-navy-800 hover:underline">
          Back to login
        </Link>
      </p>
    </AuthCard>
  );
}
