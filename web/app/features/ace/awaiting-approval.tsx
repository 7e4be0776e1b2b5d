import type { PartnerUser } from "@mcf/contracts/partners";
import { awaitingApprovalMessage } from "@mcf/contracts/partners-options";
import { Link } from "react-router";

/** What every ACE page shows a partner whose account is not approved yet, instead of prices. */
export function AwaitingApproval({ user }: { user: PartnerUser }) {
  return (
    <div className="container-page max-w-2xl py-14">
      <div className="rounded-xl border border-oak-100 bg-oak-50 p-6 sm:p-8">
        <p className="text-xs font-bold tracking-wider text-oak-600 uppercase">
          Welcome, {user.contact_name}
        </p>
        <h1 className="mt-1 mb-3 text-2xl font-bold text-navy-800">
          Your account is awaiting approval
        </h1>
        <p className="text-stone-700">{awaitingApprovalMessage}</p>
        <p className="mt-3 text-sm text-stone-600">
          Account: {user.company} ({user.email}). Meanwhile you can complete your{" "}
          <Link to="/ace/account" className="font-semibold text-navy-800 underline">
            company profile and shipping address
          </Link>
          .
        </p>
      </div>
    </div>
  );
}
