import type { CustomerJob } from "@mcf/contracts/installs";
import { useEffect, useState } from "react";
import { createPortal } from "react-dom";
import { EstimateTable } from "../../components/estimate-table.tsx";
import { formatDay } from "../../lib/install-visits.ts";
import { useStoreDetails } from "../../lib/store-details.ts";

/** The terms under the estimate, on screen and on paper. */
export function EstimateTerms({ terms }: { terms: string[] }) {
  if (terms.length === 0) return null;
  return (
    <div className="mt-4">
      <h3 className="mb-2 font-semibold">Terms</h3>
      <ul className="list-disc space-y-1 pl-5 text-sm text-stone-700">
        {terms.map((term) => (
          <li key={term}>{term}</li>
        ))}
      </ul>
    </div>
  );
}

/** The estimate as a paper copy: the store, the customer, the lines, the terms, the signature. */
function PrintedEstimate({ job }: { job: CustomerJob }) {
  const store = useStoreDetails();
  if (!job.estimate) return null;
  return (
    <article>
      <h1 className="text-2xl font-bold">{store.business_name}: installation estimate</h1>
      <p>
        {store.formatted_address} · {store.phone}
      </p>
      <p className="mt-4">
        For {job.customer_name}, {job.address}
      </p>
      <p>
        Version {job.estimate.version} of {formatDay(job.estimate.created_at)}
      </p>
      <div className="mt-4">
        <EstimateTable estimate={job.estimate} />
      </div>
      <EstimateTerms terms={job.terms} />
      <p className="mt-8">
        {job.accepted_name && job.accepted_at
          ? `Accepted by ${job.accepted_name} on ${formatDay(job.accepted_at)} (version ${job.accepted_version}).`
          : "Signature: ______________________________   Date: ____________"}
      </p>
    </article>
  );
}

/**
 * "Print estimate": the paper copy is drawn outside the page (a portal into the body) and the
 * print stylesheet shows only it; the browser's print dialog also saves it as a PDF.
 */
export function PrintEstimateButton({ job }: { job: CustomerJob }) {
  const [printing, setPrinting] = useState(false);
  useEffect(() => {
    if (!printing) return;
    const done = () => setPrinting(false);
    window.addEventListener("afterprint", done);
    window.print();
    return () => window.removeEventListener("afterprint", done);
  }, [printing]);
  return (
    <>
      <button type="button" className="btn-outline" onClick={() => setPrinting(true)}>
        Print estimate
      </button>
      {printing
        ? createPortal(
            <div className="print-document">
              <PrintedEstimate job={job} />
            </div>,
            document.body,
          )
        : null}
    </>
  );
}
