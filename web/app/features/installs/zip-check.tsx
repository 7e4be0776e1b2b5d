import { type FormEvent, useEffect, useState } from "react";
import { api, isAbortError, serverDetail } from "../../lib/api.ts";

type Answer = { zip: string; served: boolean } | null;

/**
 * "Do we install at your ZIP code?": says whether our crews serve it (the service area in
 * Settings) and offers the booking only where they do.
 */
export function ZipCheck({
  initialZip = "",
  onServed,
  bookLabel = "Book a free measure visit",
}: {
  initialZip?: string;
  /** Called with a served ZIP code (instead of showing the booking link). */
  onServed?: (zip: string) => void;
  /** The booking link's text; null shows no link. */
  bookLabel?: string | null;
}) {
  const [zip, setZip] = useState(initialZip);
  const [answer, setAnswer] = useState<Answer>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function check(value: string) {
    setBusy(true);
    setError(null);
    try {
      const result = await api<{ zip: string; served: boolean }>(
        `/api/installation/served?zip=${encodeURIComponent(value.trim())}`,
      );
      setAnswer(result);
      if (result.served) onServed?.(result.zip);
    } catch (caught) {
      if (!isAbortError(caught)) setError(serverDetail(caught) ?? "Enter a 5-digit ZIP code");
    } finally {
      setBusy(false);
    }
  }

  // A ZIP code in the address the visitor came with is checked at once.
  useEffect(() => {
    if (/^\d{5}$/.test(initialZip)) void check(initialZip);
  }, []);

  function submit(event: FormEvent) {
    event.preventDefault();
    void check(zip);
  }

  return (
    <div className="space-y-3" data-testid="zip-check">
      <form onSubmit={submit} className="flex flex-wrap items-end gap-3" aria-label="Area check">
        <div>
          <label htmlFor="zip-check" className="field-label">
            Your ZIP code
          </label>
          <input
            id="zip-check"
            name="zip"
            inputMode="numeric"
            autoComplete="postal-code"
            pattern="\d{5}"
            maxLength={5}
            required
            className="field-input w-32"
            value={zip}
            onChange={(event) => setZip(event.target.value)}
          />
        </div>
        <button type="submit" className="btn-outline min-h-11 px-4 py-2" disabled={busy}>
          {busy ? "Checking…" : "Check my area"}
        </button>
      </form>
      {error && (
        <p role="alert" className="text-red-800">
          {error}
        </p>
      )}
      {answer?.served && (
        <p role="status" className="text-sage-700 font-semibold">
          Good news: our crews measure and install at {answer.zip}.{" "}
          {bookLabel && (
            <a href={`/installation/book?zip=${answer.zip}`} className="text-oak-700 underline">
              {bookLabel}
            </a>
          )}
        </p>
      )}
      {answer && !answer.served && (
        <p role="status" className="text-stone-700">
          We do not install at {answer.zip} yet. Call us and we will tell you who can help.
        </p>
      )}
    </div>
  );
}
