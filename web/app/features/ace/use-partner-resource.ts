import { useCallback, useEffect, useState } from "react";
import { apiCall, isAbortError, namesNothing } from "../../lib/api.ts";

export type PartnerResource<T> =
  | { status: "loading" }
  /** The API answered 404 (or 422 for an id that cannot exist). */
  | { status: "missing" }
  | { status: "error" }
  | { status: "ready"; data: T; headers: Headers };

/**
 * Loads a partner API path with the partner's token, in the browser (partner prices are never
 * rendered on the server). A null path waits (not signed in or not approved yet). A new path
 * aborts the load under way; `retry` loads the same path again.
 */
export function usePartnerResource<T>(
  path: string | null,
  token: string | null,
): { resource: PartnerResource<T>; retry: () => void } {
  const [resource, setResource] = useState<PartnerResource<T>>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);

  // `attempt` is a dependency only so that retry() runs the load again.
  useEffect(() => {
    if (!path || !token) return;
    const controller = new AbortController();
    setResource({ status: "loading" });
    apiCall<T>(path, { token, signal: controller.signal })
      .then(({ data, headers }) => setResource({ status: "ready", data, headers }))
      .catch((error: unknown) => {
        if (isAbortError(error)) return;
        const missing = namesNothing(error);
        setResource({ status: missing ? "missing" : "error" });
      });
    return () => controller.abort();
  }, [path, token, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { resource, retry };
}
