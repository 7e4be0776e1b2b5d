import { QueryClient } from "@tanstack/react-query";

/**
 * The back office's query cache, one per signed-in session (signing out drops it with the
 * screen). Failed calls are not retried: staff see the error and a Try Again button at once.
 * Lists are not refetched on window focus, so a row being edited never changes under the cursor;
 * they are refetched when a tab is opened again.
 */
export function createAdminQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
