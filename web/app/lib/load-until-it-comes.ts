import { lazy } from "react";

/** Seconds between tries of code that failed to come; the last repeats. */
const retryDelaysSeconds = [1, 2, 5, 10, 30];

/**
 * A chunk of the page's code (`load`, a dynamic import), fetched again while the fetch fails (a
 * dropped connection, a phone between cell towers: the browser fetches a module again after a
 * failed fetch), so a part whose code did not come waits for it instead of turning the page into
 * an error. `onFailure` hears how many tries have failed so far. On the server a failure throws.
 */
export async function loadUntilItComes<T>(
  load: () => Promise<T>,
  onFailure?: (failures: number) => void,
): Promise<T> {
  for (let failures = 1; ; failures++) {
    try {
      return await load();
    } catch (error) {
      if (import.meta.env.SSR) throw error;
      onFailure?.(failures);
      const seconds = retryDelaysSeconds[Math.min(failures, retryDelaysSeconds.length) - 1] ?? 30;
      await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    }
  }
}

/**
 * React's `lazy` for a component whose code is fetched when it is first shown: its Suspense
 * fallback shows until the code has come, however many tries that takes, never an error page.
 */
export const lazyUntilItComes: typeof lazy = (load) => lazy(() => loadUntilItComes(load));
