import { storageKeys } from "@mcf/contracts/business";

/**
 * The partner's session token from localStorage["ace_token"], or null (also on the server).
 * Checkout and cart calls pass it as `token` so an approved partner is priced as one.
 */
export function readAceToken(): string | null {
  if (typeof window === "undefined") return null;
  try {
    return window.localStorage.getItem(storageKeys.aceToken);
  } catch {
    return null;
  }
}

export function storeAceToken(token: string | null): void {
  try {
    if (token) window.localStorage.setItem(storageKeys.aceToken, token);
    else window.localStorage.removeItem(storageKeys.aceToken);
  } catch {
    // Storage unavailable (private mode): the session lasts for this page only.
  }
}
