import { storeToday } from "@mcf/contracts/store-today";

/**
 * True when the coupon's `expires_at` has passed. A date (YYYY-MM-DD) is good through the end of
 * that day in Birmingham; a full timestamp is good until that instant.
 */
export function couponHasExpired(expiresAt: string | null, now: Date): boolean {
  if (!expiresAt) return false;
  if (/^\d{4}-\d{2}-\d{2}$/.test(expiresAt)) {
    return storeToday(now) > expiresAt;
  }
  const at = Date.parse(expiresAt);
  return Number.isNaN(at) ? true : now.getTime() >= at;
}
