import { useEffect, useState } from "react";
import { Link, type MetaArgs, useNavigate, useSearchParams } from "react-router";
import { useAceAuth } from "../../features/ace/ace-auth.tsx";
import { safeAceRedirect } from "../../features/ace/ace-redirect.ts";
import { AuthCard, AuthField, ErrorBanner, LoadingLine } from "../../features/ace/auth-card.tsx";
import { serverDetail } from "../../lib/api.ts";
import { pageTitles } from "../../lib/page-titles.ts";
import { pageMeta } from "../../lib/seo.ts";
import { useOneSubmission } from "../../lib/use-one-submission.ts";

export const meta = ({ matches }: MetaArgs) =>
  pageMeta(
    matches,
    pageTitles.aceLogin,
    "Sign in to the ACE partner portal to see partner prices.",
  );

export default function AceLogin() {
  const { user, loading, login } = useAceAuth();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const target = safeAceRedirect(searchParams.get("redirect"));
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const { submitting, error, run } = useOneSubmission();

  useEffect(() => {
    if (!loading && user) navigate(target, { replace: true });
  }, [loading, user, target, navigate]);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await run(
      async () => {
        await login(email.trim(), password);
        navigate(target, { replace: true });
      },
      (caught) => serverDetail(caught) ?? "Login failed",
    );
  }

  if (loading) return <LoadingLine />;

  return (
    <AuthCard
      title="Partner sign in"
      subtitle="Sign in with the email and password of your ACE partner account."
    >
      <ErrorBanner message={error} />
      <form onSubmit={onSubmit} className="space-y-4" noValidate={false}>
        <AuthField
          id="login-email"
          label="Email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <AuthField
          id="login-password"
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <button type="submit" className="btn-primary w-full" disabled={submitting}>
          {submitting ? "Signing in..." : "Sign in"}
        </button>
      </form>
      <div className="mt-6 flex flex-col gap-2 text-sm">
        <Link to="/ace/forgot-password" className="font-medium text-navy-800 hover:underline">
          Forgot your password?
        </Link>
        <p className="text-stone-600">
          New partner?{" "}
          <Link to="/ace/register" className="font-medium text-navy-800 hover:underline">
            Register for an account
          </Link>
        </p>
        <Link to="/" className="text-stone-600 hover:underline">
          Back to home
        </Link>
      </div>
      <section
        aria-labelledby="what-is-ace"
        className="mt-6 rounded-lg border border-stone-200 bg-cream/60 p-4 text-sm text-stone-700"
      >
        <h2 id="what-is-ace" className="mb-1 font-sans text-sm font-semibold text-navy-800">
          What is ACE?
        </h2>
        <p>
          ACE is our wholesale portal for approved trade partners: hardware stores, contractors and
          installers who buy flooring for their customers. Partners see their own prices on the
          whole catalogue, order online by the box, and track every order from their account.
          Register once; we approve each account by hand, usually within one business day.
        </p>
      </section>
    </AuthCard>
  );
}
