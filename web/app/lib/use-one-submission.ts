import { useRef, useState } from "react";

/**
 * One submission at a time: `run` does nothing while an earlier one is still in flight (a double
 * click lands before the disabled button renders), clears the last error first, and puts the
 * failure's message in `error`. `isBusy` lets a form skip its own checks while one is in flight.
 */
export function useOneSubmission(initialError: string | null = null) {
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState(initialError);
  const busy = useRef(false);

  async function run(task: () => Promise<void>, failureMessage: (caught: unknown) => string) {
    if (busy.current) return;
    busy.current = true;
    setSubmitting(true);
    setError(null);
    try {
      await task();
    } catch (caught) {
      setError(failureMessage(caught));
    } finally {
      busy.current = false;
      setSubmitting(false);
    }
  }

  return { submitting, error, setError, isBusy: () => busy.current, run };
}
