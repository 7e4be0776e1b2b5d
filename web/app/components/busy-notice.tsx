/** What a shopper sees while the API client waits out a busy server (503 or 429) and retries. */
export const busyRetryingMessage =
  "The store is very busy right now. Hold on, we are retrying for you.";

/** A calm "busy, retrying" line: a status, not an error; nothing for the shopper to do. */
export function BusyNotice({ className = "" }: { className?: string }) {
  return (
    <p
      role="status"
      className={`flex items-center gap-3 rounded-md border border-oak-100 bg-oak-50 p-4 text-sm font-medium text-navy-800 ${className}`}
    >
      <span
        aria-hidden="true"
        className="h-4 w-4 shrink-0 animate-spin rounded-full border-2 border-oak-100 border-t-oak-600"
      />
      {busyRetryingMessage}
    </p>
  );
}
