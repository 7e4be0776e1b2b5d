import { useEffect, useState } from "react";

/**
 * The secret of an emailed link (`?token=…`) on the page it lands on, read in the browser only
 * (the server-rendered page never holds it), then taken out of the address bar and the history at
 * once, leaving `path`. Null until read, and when the link carried none.
 */
export function useEmailedLinkToken(path: string): string | null {
  const [token, setToken] = useState<string | null>(null);
  useEffect(() => {
    setToken(new URLSearchParams(window.location.search).get("token"));
    window.history.replaceState(null, "", path);
  }, [path]);
  return token;
}
