import {
  type AdminJobDetail,
  acclimationDays,
  type CancellationQuote,
} from "@mcf/contracts/installs";
import { jobFlooringLabels, jobStageLabels } from "@mcf/contracts/installs-options";
import { actorDisplayName } from "@mcf/contracts/staff";
import { EstimateTable } from "../../components/estimate-table.tsx";
import { acclimationText, usd, visitLabels, visitWhen } from "../../lib/install-visits.ts";
import { useSingleFlight } from "../../lib/single-flight.ts";

import { errorText, useAdminQuery } from "./admin-queries.ts";
import { jobKey } from "./admin-query-keys.ts";
import { useAdminSession } from "./admin-session.tsx";
import { formatShopTime, shopInputToIso } from "./birmingham-time.ts";
import { EstimateEditor } from "./estimate-editor.tsx";
import { JobLinks } from "./job-links.tsx";
import { useJobActions } from "./use-job-actions.ts";
import { VisitForm } from "./visit-form.tsx";

const open = (stage: string) => stage !== "completed" && stage !== "cancelled";

/** One job: customer, links, visits, estimate, the next step's controls and the timeline. */
export function JobDetail({ jobId }: { jobId: number }) {
  const query = useAdminQuery<AdminJobDetail>(jobKey(jobId), `/api/admin/jobs/${jobId}`);
  const actions = useJobActions(jobId);
  const { request } = useAdminSession();
  // A double-clicked "Cancel job" asked twice and then said the cancelled job could not be.
  const once = useSingleFlight();
  if (query.error)
    return (
      <p role="alert" className="rounded bg-red-50 p-3 text-sm text-red-800">
        {errorText(query.error, "Failed to load the job")}
      </p>
    );
  if (!query.data) return <p className="p-4 text-stone-600">Loading…</p>;
  const { job, estimate, appointments, timeline } = query.data;
  const stage = job.stage;
  const section = "border-t border-stone-200 pt-3";

  /**
   * Completing a job emails the customer that the floor is in and asks for the balance: before
   * the install's day, that is asked first.
   */
  async function confirmComplete() {
    const install = appointments.find((a) => a.kind === "install");
    const early = install && Date.parse(install.starts_at) > Date.now();
    if (
      early &&
      !window.confirm(
        `The install is booked for ${visitWhen(install.starts_at, install.ends_at)}. Mark it completed now? ${job.customer_name} is emailed that the floor is installed and asked for the balance.`,
      )
    )
      return;
    await actions.send("complete", "POST", undefined, "Job completed");
  }

  /** Says what the cancellation does to the deposit (by the policy in Settings), then asks. */
  async function confirmCancel() {
    await once(async () => {
      let quote: CancellationQuote;
      try {
        quote = await request<CancellationQuote>(`/api/admin/jobs/${jobId}/cancellation`);
      } catch {
        quote = { refund: 0, kept: 0 };
      }
      const money =
        quote.refund + quote.kept > 0
          ? ` This refunds ${usd(quote.refund)} of the deposit to the customer's card${quote.kept > 0 ? ` and keeps ${usd(quote.kept)} by the cancellation policy` : ""}, releases the materials and emails the customer.`
          : "";
      if (window.confirm(`Cancel the job of ${job.customer_name}?${money}`))
        await actions.send("cancel", "POST", undefined, "Job cancelled");
    });
  }

  return (
    <section
      aria-label={`Job of ${job.customer_name}`}
      className="space-y-4 rounded-lg border border-stone-200 bg-white p-4 shadow-sm"
    >
      <header>
        <h2 className="text-lg font-semibold text-navy-800">
          Job #{job.id} · {job.customer_name}
        </h2>
        <p className="text-sm">
          Stage: <strong data-testid="admin-job-stage">{jobStageLabels[stage]}</strong>
        </p>
        <p className="text-sm text-stone-600">
          {job.customer_email} · {job.customer_phone} · {job.address}
        </p>
        <p className="text-sm text-stone-600">
          {jobFlooringLabels[job.flooring_type]} (
          {acclimationText(acclimationDays[job.flooring_type])})
        </p>
        <a
          className="text-sm font-semibold text-oak-700 underline"
          href={`/installation/jobs/${job.token}`}
          target="_blank"
          rel="noreferrer"
        >
          Customer page
        </a>
      </header>

      {actions.error ? (
        <p role="alert" className="rounded bg-red-50 p-3 text-sm text-red-800">
          {actions.error}
        </p>
      ) : null}

      <div className={section}>
        <h3 className="mb-2 font-semibold">Visits</h3>
        {appointments.length ? (
          <ul className="mb-2 text-sm">
            {appointments.map((a) => (
              <li key={a.id}>
                {visitLabels[a.kind]}: {visitWhen(a.starts_at, a.ends_at)} · {a.crew_name}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mb-2 text-sm text-stone-600">No visit booked.</p>
        )}
        {stage === "new" || stage === "measure_scheduled" ? (
          <VisitForm
            label="Schedule measure"
            defaultHours={2}
            busy={actions.busy}
            onSubmit={(visit) => actions.send("measure", "POST", visit, "Measure visit booked")}
          />
        ) : null}
        {stage === "deposit_paid" ? (
          <form
            aria-label="Materials ready"
            className="flex flex-wrap items-end gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              const value = String(new FormData(event.currentTarget).get("received_at") ?? "");
              const receivedAt = value ? shopInputToIso(value) : null;
              void actions.send(
                "materials-ready",
                "POST",
                receivedAt ? { received_at: receivedAt } : {},
                "Materials marked ready",
              );
            }}
          >
            <div>
              <label htmlFor="received-at" className="field-label">
                Delivered or picked up (empty: now)
              </label>
              <input
                id="received-at"
                name="received_at"
                type="datetime-local"
                className="field-input"
              />
            </div>
            <button type="submit" className="btn-primary" disabled={actions.busy}>
              Materials ready
            </button>
          </form>
        ) : null}
        {stage === "materials_ready" || stage === "install_scheduled" ? (
          <>
            {job.materials_received_at ? (
              <p className="mb-2 text-sm text-stone-600">
                Materials arrived {formatShopTime(job.materials_received_at)}.
              </p>
            ) : null}
            <VisitForm
              label="Schedule install"
              defaultHours={8}
              busy={actions.busy}
              onSubmit={(visit) => actions.send("install", "POST", visit, "Install booked")}
            />
          </>
        ) : null}
      </div>

      <div className={section}>
        <h3 className="mb-2 font-semibold">Estimate</h3>
        {estimate ? <EstimateTable estimate={estimate} /> : null}
        {job.accepted_version ? (
          <p className="mt-2 text-sm text-green-800">
            Accepted version {job.accepted_version} by {job.accepted_name} on{" "}
            {formatShopTime(job.accepted_at)}
          </p>
        ) : null}
        {stage === "measure_scheduled" || stage === "estimate_sent" ? (
          <div className="mt-3">
            <EstimateEditor
              key={estimate?.version ?? 0}
              estimate={estimate}
              busy={actions.busy}
              onSend={(lines) => actions.send("estimate", "PUT", { lines }, "Estimate sent")}
            />
          </div>
        ) : null}
      </div>

      {open(stage) ? (
        <div className={`${section} flex flex-wrap gap-2`}>
          {stage === "install_scheduled" ? (
            <button
              type="button"
              className="btn-primary"
              disabled={actions.busy}
              onClick={() => void confirmComplete()}
            >
              Mark completed
            </button>
          ) : null}
          <button
            type="button"
            className="btn-outline"
            disabled={actions.busy}
            onClick={() => void confirmCancel()}
          >
            Cancel job
          </button>
        </div>
      ) : null}

      <JobMoney job={job} estimate={estimate} />

      <JobLinks
        inquiry={query.data.inquiry}
        deposit_order={query.data.deposit_order}
        messages={query.data.messages}
      />

      <div className={section}>
        <h3 className="mb-2 font-semibold">Timeline</h3>
        <ol className="space-y-1 text-sm">
          {timeline.map((entry, index) => (
            <li key={index}>
              <span className="text-stone-600">{formatShopTime(entry.created_at)}</span> ·{" "}
              {entry.detail}{" "}
              <span className="text-stone-500">({actorDisplayName(entry.actor)})</span>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

/** What the job's money came to: the balance after the install, or a cancellation's refund. */
function JobMoney({ job, estimate }: Pick<AdminJobDetail, "job" | "estimate">) {
  const section = "border-t border-stone-200 pt-3";
  if (
    job.cancelled_at &&
    job.cancel_refund !== null &&
    job.cancel_refund + (job.cancel_kept ?? 0) > 0
  )
    return (
      <div className={section}>
        <h3 className="mb-2 font-semibold">Cancellation</h3>
        <p className="text-sm">
          Deposit refunded: <strong>{usd(job.cancel_refund)}</strong> · kept by the policy:{" "}
          <strong>{usd(job.cancel_kept ?? 0)}</strong>
        </p>
      </div>
    );
  if (job.stage !== "completed" || !estimate) return null;
  const balance = Math.round((estimate.total - estimate.deposit) * 100) / 100;
  return (
    <div className={section}>
      <h3 className="mb-2 font-semibold">Balance</h3>
      <p className="text-sm">
        {usd(balance)} ·{" "}
        {job.balance_paid_at ? (
          <strong className="text-green-800">Paid {formatShopTime(job.balance_paid_at)}</strong>
        ) : (
          <strong className="text-amber-800">
            Due: the customer pays it from their project page
          </strong>
        )}
      </p>
    </div>
  );
}
