import type { ShopperAccount } from "@mcf/contracts/accounts";
import { Link, type MetaArgs, useNavigate } from "react-router";
import { api, serverDetail } from "../lib/api.ts";
import { useEmailedLinkToken } from "../lib/emailed-link-token.ts";
import { pageTitles } from "../lib/page-titles.ts";
import { pageMeta } from "../lib/seo.ts";
import { useOneSubmission } from "../lib/use-one-submission.ts";

export const meta = ({ matches }: MetaArgs) => [
  ...pageMeta(matches, pageTitles.accountSignIn, "Finish signing in to your account."),
  { name: "robots", content: "noindex" },
];

/**
 * /account/sign-in?token=…: the emailed link lands here, and the shopper presses the button to use
 * it. A GET never uses the link, so a mail scanner opening it cannot spend it. The token is read
 * in the browser only: the server-rendered page never holds it.
 */
export default function AccountSignInPage() {
  const navigate = useNavigate();
  const token = useEmailedLinkToken("/account/sign-in");
  const { submitting: busy, error, run } = useOneSubmission();

  function signIn() {
    if (!token) return;
    void run(
      async () => {
        const account = await api<ShopperAccount>("/api/account/sign-in", {
          method: "POST",
          body: { token },
        });
        navigate(account.return_to ?? "/account", { replace: true });
      },
      (caught) => serverDetail(caught) ?? "We could not sign you in. Please try again.",
    );
  }

  return (
    <div className="container-page flex justify-center py-10 sm:py-16">
      <div className="w-full max-w-md rounded-xl border border-stone-200 bg-white p-6 text-center shadow-sm sm:p-8">
        <h1 className="mb-2 text-2xl font-bold text-navy-800">Finish signing in</h1>
        {error ? (
          <>
            <p role="alert" className="mb-6 text-red-800">
              {error}
            </p>
            <Link to="/account" className="btn-primary">
              Email me a new link
            </Link>
          </>
        ) : token === null ? (
          <p className="text-stone-600">
            This page opens from the sign-in link we emailed you.{" "}
            <Link to="/account" className="font-semibold text-oak-700 hover:underline">
              Ask for a link
            </Link>
          </p>
        ) : (
          <>
            <p className="mb-6 text-stone-600">
              Your orders, projects and saved floors are one step away.
            </p>
            <button type="button" className="btn-primary w-full" onClick={signIn} disabled={busy}>
              {busy ? "Signing in..." : "Sign in to my account"}
            </button>
          </>
        )}
      </div>
    </div>
  );
}
