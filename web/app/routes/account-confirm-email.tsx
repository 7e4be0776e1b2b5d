import type { ShopperAccount } from "@mcf/contracts/accounts";
import { emailChangeOrdersNotice } from "@mcf/contracts/accounts-options";
import { useState } from "react";
import { Link, type MetaArgs } from "react-router";
import { ApiError, api, serverDetail } from "../lib/api.ts";
import { useEmailedLinkToken } from "../lib/emailed-link-token.ts";
import { pageTitles } from "../lib/page-titles.ts";
import { pageMeta } from "../lib/seo.ts";
import { forgetSignedIn } from "../lib/shopper-session.ts";
import { useOneSubmission } from "../lib/use-one-submission.ts";

export const meta = ({ matches }: MetaArgs) => [
  ...pageMeta(matches, pageTitles.accountConfirmEmail, "Confirm your account's new email."),
  { name: "robots", content: "noindex" },
];

/**
 * /account/confirm-email?token=…: the link emailed to a new address lands here, and the signed-in
 * shopper presses the button to change the account's email. A GET never uses the link, so a mail
 * scanner opening it cannot spend it. The token is read in the browser only and leaves the
 * address bar at once.
 */
export default function AccountConfirmEmailPage() {
  const token = useEmailedLinkToken("/account/confirm-email");
  const { submitting: busy, error, run } = useOneSubmission();
  const [signedOut, setSignedOut] = useState(false);
  const [changed, setChanged] = useState<ShopperAccount | null>(null);

  function confirm() {
    if (!token) return;
    void run(
      async () => {
        try {
          setChanged(
            await api<ShopperAccount>("/api/account/email-change/confirm", {
              method: "POST",
              body: { token },
            }),
          );
        } catch (caught) {
          // Signed out (or into another account): say how to go on instead of an error.
          if (!(caught instanceof ApiError && caught.status === 401)) throw caught;
          forgetSignedIn();
          setSignedOut(true);
        }
      },
      (caught) => serverDetail(caught) ?? "We could not change your email. Please try again.",
    );
  }

  return (
    <div className="container-page flex justify-center py-10 sm:py-16">
      <div className="w-full max-w-md rounded-xl border border-stone-200 bg-white p-6 text-center shadow-sm sm:p-8">
        <h1 className="mb-2 text-2xl font-bold text-navy-800">Confirm your new email</h1>
        {changed ? (
          <>
            <p role="status" className="mb-4 text-green-800">
              Your account's email is now <strong className="break-words">{changed.email}</strong>.
            </p>
            <p className="mb-6 text-sm text-stone-600">{emailChangeOrdersNotice}</p>
            <Link to="/account" className="btn-primary">
              Go to my account
            </Link>
          </>
        ) : signedOut ? (
          <p role="alert" className="text-stone-800">
            Please sign in to the account that asked for this change on this browser, then open the
            link again.{" "}
            <Link to="/account" className="font-semibold text-oak-700 hover:underline">
              Sign in
            </Link>
          </p>
        ) : error ? (
          <>
            <p role="alert" className="mb-6 text-red-800">
              {error}
            </p>
            <Link to="/account" className="btn-primary">
              Go to my account
            </Link>
          </>
        ) : token === null ? (
          <p className="text-stone-600">
            This page opens from the confirmation link we emailed to your new address.{" "}
            <Link to="/account" className="font-semibold text-oak-700 hover:underline">
              Go to my account
            </Link>
          </p>
        ) : (
          <>
            <p className="mb-4 text-stone-600">
              Your account's email changes to the address this link was sent to.
            </p>
            <p className="mb-6 text-sm text-stone-600">{emailChangeOrdersNotice}</p>
            <button type="button" className="btn-primary w-full" onClick={confirm} disabled={busy}>
              {busy ? "Changing..." : "Change my email"}
            </button>
          </>
        )}
      </div>
    </div>
  );
}
