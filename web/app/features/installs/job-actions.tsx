import type { CustomerJob } from "@mcf/contracts/installs";
import { type FormEvent, useState } from "react";
import { useRevalidator } from "react-router";
import { api, serverDetail } from "../../lib/api.ts";
import { usd } from "../../lib/install-visits.ts";

const failed = "Something went wrong. Please try again or call us.";

/**
 * Accept the estimate: the terms ticked and the customer's full name typed as signature (the
 * server takes only the name the store has for them).
 */
export function AcceptEstimateForm({ token, job }: { token: string; job: CustomerJob }) {
  const [name, setName] = useState("");
  const [termsTicked, setTermsTicked] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const revalidator = useRevalidator();
  if (!job.estimate) return null;
  const version = job.estimate.version;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await api(`/api/installation/jobs/${encodeURIComponent(token)}/accept`, {
        method: "POST",
        body: { version, full_name: name, terms_accepted: termsTicked },
      });
      await revalidator.revalidate();
    } catch (caught) {
      setError(serverDetail(caught) ?? failed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      onSubmit={submit}
      aria-label="Accept the estimate"
      className="mt-6 space-y-3 rounded-lg bg-stone-50 p-4 print:hidden"
    >
      <p className="text-sm text-stone-700">
        To accept estimate version {version}, tick the terms above and type your full name (
        {job.customer_name}) as your signature. We record the time and your internet address with
        it.
      </p>
      <label className="flex items-start gap-2 text-sm text-stone-800">
        <input
          type="checkbox"
          className="mt-1 size-4"
          required
          checked={termsTicked}
          onChange={(event) => setTermsTicked(event.target.checked)}
        />
        <span>I have read and accept the terms of this estimate</span>
      </label>
      <label htmlFor="signature" className="field-label">
        Your full name
      </label>
      <input
        id="signature"
        className="field-input"
        autoComplete="name"
        required
        value={name}
        onChange={(event) => setName(event.target.value)}
      />
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <button type="submit" className="btn-primary" disabled={busy}>
        {busy ? "Accepting…" : "Accept estimate"}
      </button>
    </form>
  );
}

/** Decline the estimate, saying why: the staff read the reason and may call back. */
export function DeclineEstimateForm({ token, version }: { token: string; version: number }) {
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const revalidator = useRevalidator();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await api(`/api/installation/jobs/${encodeURIComponent(token)}/decline`, {
        method: "POST",
        body: { version, reason },
      });
      await revalidator.revalidate();
    } catch (caught) {
      setError(serverDetail(caught) ?? failed);
      setBusy(false);
    }
  }

  return (
    <details className="mt-4 rounded-lg border border-stone-200 p-4 print:hidden">
      <summary className="cursor-pointer font-medium text-stone-800">
        Not for you? Decline this estimate
      </summary>
      <form onSubmit={submit} aria-label="Decline the estimate" className="mt-3 space-y-3">
        <label htmlFor="decline-reason" className="field-label">
          Why are you declining? (we read every answer)
        </label>
        <textarea
          id="decline-reason"
          className="field-input"
          rows={3}
          required
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
        {error ? (
          <p role="alert" className="text-sm font-medium text-red-700">
            {error}
          </p>
        ) : null}
        <button type="submit" className="btn-outline" disabled={busy}>
          {busy ? "Declining…" : "Decline estimate"}
        </button>
      </form>
    </details>
  );
}

/** Opens the deposit payment and sends the customer to the payment page. */
const paymentWording = {
  deposit: {
    label: "Pay deposit of",
    note: "The deposit reserves your materials. The balance is due when the floor is installed.",
  },
  balance: {
    label: "Pay balance of",
    note: "The balance is the estimate total less the deposit you paid. We email your receipt.",
  },
} as const;

/** Opens the payment page of the deposit or (after the install) the balance. */
export function PayButton({
  token,
  kind,
  amount,
}: {
  token: string;
  kind: keyof typeof paymentWording;
  amount: number;
}) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function pay() {
    setBusy(true);
    setError(null);
    try {
      const { payment_url } = await api<{ payment_url: string }>(
        `/api/installation/jobs/${encodeURIComponent(token)}/${kind}`,
        { method: "POST" },
      );
      window.location.assign(payment_url);
    } catch (caught) {
      setError(serverDetail(caught) ?? failed);
      setBusy(false);
    }
  }
  return (
    <div className="mt-6 space-y-2">
      <button type="button" className="btn-primary" onClick={pay} disabled={busy}>
        {busy ? "Opening the payment page…" : `${paymentWording[kind].label} ${usd(amount)}`}
      </button>
      <p className="text-sm text-stone-600">{paymentWording[kind].note}</p>
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Ask the staff for another date; the message reaches them by email. */
export function DateRequestForm({ token }: { token: string }) {
  const [message, setMessage] = useState("");
  const [state, setState] = useState<"idle" | "busy" | "sent">("idle");
  const [error, setError] = useState<string | null>(null);
  async function submit(event: FormEvent) {
    event.preventDefault();
    setState("busy");
    setError(null);
    try {
      await api(`/api/installation/jobs/${encodeURIComponent(token)}/date-request`, {
        method: "POST",
        body: { message },
      });
      setState("sent");
    } catch (caught) {
      setError(serverDetail(caught) ?? failed);
      setState("idle");
    }
  }
  if (state === "sent")
    return (
      <p role="status" className="text-green-800">
        Thanks — we received your request and will call you to agree on a new date.
      </p>
    );
  return (
    <form onSubmit={submit} className="space-y-3">
      <label htmlFor="date-request" className="field-label">
        Need another date? Tell us what suits you
      </label>
      <textarea
        id="date-request"
        className="field-input"
        rows={3}
        required
        value={message}
        onChange={(event) => setMessage(event.target.value)}
      />
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <button type="submit" className="btn-outline" disabled={state === "busy"}>
        Ask for another date
      </button>
    </form>
  );
}
