import type { CustomerJob } from "@mcf/contracts/installs";
import { jobFlooringLabels } from "@mcf/contracts/installs-options";
import { data, Link } from "react-router";
import { CallUsLinks } from "../components/call-us-links.tsx";
import { EstimateTable } from "../components/estimate-table.tsx";
import { EstimateTerms, PrintEstimateButton } from "../features/installs/estimate-print.tsx";
import {
  AcceptEstimateForm,
  DateRequestForm,
  DeclineEstimateForm,
  PayButton,
} from "../features/installs/job-actions.tsx";
import { JobSteps } from "../features/installs/job-steps.tsx";
import { api, namesNothing } from "../lib/api.ts";
import { formatDay, usd, visitLabels, visitWhen } from "../lib/install-visits.ts";
import { pageMeta } from "../lib/seo.ts";
import { useStoreDetails } from "../lib/store-details.ts";
import type { Route } from "./+types/installation-job";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, "Your installation project", "Your floor installation, step by step."),
  { name: "robots", content: "noindex" },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  try {
    const job = await api<CustomerJob>(
      `/api/installation/jobs/${encodeURIComponent(params.token)}`,
      { fetch: context.apiFetch },
    );
    return { job, token: params.token };
  } catch (error) {
    // An unknown link still gets a helpful page, with the 404 that tells crawlers it is gone.
    if (namesNothing(error)) return data({ job: null, token: params.token }, { status: 404 });
    throw error;
  }
}

/** /installation/jobs/{token}: the customer's installation, from measure visit to finished floor. */
export default function InstallationJobPage({ loaderData }: Route.ComponentProps) {
  const { job, token } = loaderData;
  return (
    <div className="container-page max-w-3xl py-10 sm:py-16">
      <h1 className="mb-6 text-3xl font-bold sm:text-4xl">Your installation project</h1>
      {job ? (
        <JobDetails job={job} token={token} />
      ) : (
        <div className="rounded-xl border border-stone-200 bg-white p-8 text-center">
          <p role="alert" className="mb-6 text-lg text-stone-800">
            We could not find this installation project. Please call us if you need help.
          </p>
          <CallUsLinks>
            <Link to="/contact" className="btn-primary">
              Contact us
            </Link>
          </CallUsLinks>
        </div>
      )}
    </div>
  );
}

function JobDetails({ job, token }: { job: CustomerJob; token: string }) {
  const store = useStoreDetails();
  const accepted = job.accepted_version !== null;
  return (
    <div className="space-y-6">
      <section className="rounded-xl border border-stone-200 bg-white p-6 sm:p-8">
        <p className="text-sm text-stone-600">
          {job.customer_name} · {job.address} · {jobFlooringLabels[job.flooring_type]}
        </p>
        <p className="mt-2 text-xl font-semibold text-navy-800">
          Status: <span data-testid="job-stage">{job.stage_label}</span>
        </p>
        {job.cancellation ? (
          <CancellationNotice cancellation={job.cancellation} />
        ) : (
          <div className="mt-4">
            <JobSteps stage={job.stage} />
          </div>
        )}
      </section>

      {job.balance ? (
        <section
          aria-labelledby="balance-heading"
          className="rounded-xl border border-stone-200 bg-white p-6 sm:p-8"
        >
          <h2 id="balance-heading" className="mb-3 text-xl font-semibold">
            Balance
          </h2>
          {job.balance.paid_at ? (
            <p className="rounded-lg bg-green-50 p-3 text-green-900">
              Balance of {usd(job.balance.amount)} paid on {formatDay(job.balance.paid_at)}. Thank
              you!
            </p>
          ) : (
            <p className="text-stone-700">
              Your floor is installed: the balance of <strong>{usd(job.balance.amount)}</strong> is
              due now.
            </p>
          )}
          {job.can_pay_balance ? (
            <PayButton token={token} kind="balance" amount={job.balance.amount} />
          ) : null}
        </section>
      ) : null}

      {job.cancellation ? null : (
        <section
          aria-labelledby="visit-heading"
          className="rounded-xl border border-stone-200 bg-white p-6 sm:p-8"
        >
          <h2 id="visit-heading" className="mb-3 text-xl font-semibold">
            Next appointment
          </h2>
          {job.next_appointment ? (
            <p>
              <strong>{visitLabels[job.next_appointment.kind]}:</strong>{" "}
              {visitWhen(job.next_appointment.starts_at, job.next_appointment.ends_at)} (
              {job.next_appointment.crew_name})
            </p>
          ) : (
            <p className="text-stone-700">
              {job.stage === "completed"
                ? "Your floor is installed. Thank you for choosing us!"
                : "We will contact you to set the next date."}
            </p>
          )}
          {job.stage === "new" || job.stage === "measure_scheduled" ? (
            <p className="mt-3">
              <Link
                to={`/installation/book?job=${encodeURIComponent(token)}`}
                className="font-semibold text-oak-700 underline"
              >
                {job.stage === "new"
                  ? "Book your measure visit"
                  : "Pick another time for the measure visit"}
              </Link>
            </p>
          ) : null}
          {job.next_appointment && job.stage !== "completed" ? (
            <div className="mt-4">
              <DateRequestForm token={token} />
            </div>
          ) : null}
        </section>
      )}

      <section
        aria-labelledby="estimate-heading"
        className="rounded-xl border border-stone-200 bg-white p-6 sm:p-8"
      >
        <h2 id="estimate-heading" className="mb-3 text-xl font-semibold">
          Estimate
          {job.estimate ? (
            <span className="ml-2 text-base font-normal text-stone-600">
              version {job.estimate.version}
            </span>
          ) : null}
        </h2>
        {job.estimate ? (
          <>
            <EstimateTable estimate={job.estimate} />
            <EstimateTerms terms={job.terms} />
            <div className="mt-4">
              <PrintEstimateButton job={job} />
            </div>
            {accepted ? (
              <p className="mt-4 rounded-lg bg-green-50 p-3 text-green-900">
                Accepted by {job.accepted_name} (version {job.accepted_version}).
              </p>
            ) : job.stage === "estimate_sent" ? (
              <>
                <AcceptEstimateForm token={token} job={job} />
                <DeclineEstimateForm token={token} version={job.estimate.version} />
              </>
            ) : null}
            {job.can_pay_deposit ? (
              <PayButton token={token} kind="deposit" amount={job.estimate.deposit} />
            ) : null}
          </>
        ) : (
          <p className="text-stone-700">Your estimate will appear here after our measure visit.</p>
        )}
      </section>

      <p className="text-center text-sm text-stone-600">
        Questions? Call{" "}
        <a href={store.phone_href} className="font-semibold text-oak-700 hover:underline">
          {store.phone}
        </a>
        .
      </p>
    </div>
  );
}

/** What a cancelled job's page says: when, and what of the deposit went back. */
function CancellationNotice({
  cancellation,
}: {
  cancellation: NonNullable<CustomerJob["cancellation"]>;
}) {
  return (
    <div role="status" className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4">
      <p className="font-semibold text-amber-950">
        {cancellation.declined
          ? `You declined the estimate on ${formatDay(cancellation.cancelled_at)}. Thank you for telling us why; call us if you change your mind.`
          : `This installation was cancelled on ${formatDay(cancellation.cancelled_at)}.`}
      </p>
      {cancellation.refunded > 0 ? (
        <p className="mt-1 text-amber-950">
          We refunded {usd(cancellation.refunded)} of your deposit to the card you paid with
          {cancellation.kept > 0
            ? `; as our cancellation policy sets, we kept ${usd(cancellation.kept)}`
            : ""}
          .
        </p>
      ) : cancellation.kept > 0 ? (
        <p className="mt-1 text-amber-950">
          As our cancellation policy sets, we kept the deposit of {usd(cancellation.kept)}.
        </p>
      ) : null}
    </div>
  );
}
