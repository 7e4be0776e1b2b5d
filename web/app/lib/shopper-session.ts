import { shopperHintCookieName } from "@mcf/contracts/accounts-options";

/**
 * Whether this browser may hold a shopper's session: the session cookie is HttpOnly, so the
 * server sets a second, non-secret cookie beside it. Guest pages read this instead of asking the
 * API who is signed in, so a guest's checkout makes no extra request.
 */
export function mayBeSignedIn(): boolean {
  if (typeof document === "undefined") return false;
  return document.cookie
    .split(";")
    .some((part) => part.trim().startsWith(`${shopperHintCookieName}=`));
}

/** Drops the hint when the API says the session is over (expired, or signed out elsewhere). */
export function forgetSignedIn(): void {
  if (typeof document === "undefined") return;
  // biome-ignore lint/suspicious/noDocumentCookie: one fixed, non-secret name; the Cookie Store API is missing from Safari before 18.4
  document.cookie = `${shopperHintCookieName}=; Max-Age=0; Path=/; SameSite=Lax`;
}
