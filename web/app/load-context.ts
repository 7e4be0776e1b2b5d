/** What the server passes to every loader and action as `context` (see server/src/web/ssr.ts). */
export interface WebLoadContext {
  cspNonce: string;
  publicUrl: string;
  apiFetch: (
    path: string,
    init?: { method?: string; headers?: Record<string, string>; body?: string },
  ) => Promise<Response>;
}

declare module "react-router" {
  interface AppLoadContext extends WebLoadContext {}
}
