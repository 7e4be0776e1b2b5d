/**
 * What the server passes to every React Router loader and action as `context`: the in-process
 * API and page settings. The server builds it; the web app reads it.
 */
export interface WebLoadContext {
  /** The nonce every inline script of this response carries (the CSP allows only it). */
  cspNonce: string;
  publicUrl: string;
  /** Calls our own API in-process (Fastify inject): the one path to the data. */
  apiFetch: (
    path: string,
    init?: { method?: string; headers?: Record<string, string>; body?: string },
  ) => Promise<Response>;
}
