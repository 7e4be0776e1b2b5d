import type { FailureCounter } from "../../plugins/failure-counter.ts";

/**
 * Failed back-office sign-ins, counted in Redis when REDIS_URL is set (so every process sees
 * them) and in the process otherwise. By address: the admin-password header and the shop
 * password share it with named sign-ins. By account: the email tried, from any address.
 */
export interface SignInFailures {
  byAddress: FailureCounter;
  byAccount: FailureCounter;
}

export const lockoutWindowMs = 15 * 60_000;
/** Wrong passwords from one address within the window before it must wait. */
export const maxAddressFailures = 10;
/** Wrong passwords for one account within the window before it is locked, from anywhere. */
export const maxAccountFailures = 5;

const accountKey = (email: string) => email.trim().toLowerCase();

/**
 * Seconds until this address (and this account, when an email is given) may try again, or null
 * when neither is locked.
 */
export async function secondsLockedOut(
  failures: SignInFailures,
  address: string,
  email: string | null,
): Promise<number | null> {
  const [byAddress, byAccount] = await Promise.all([
    failures.byAddress.current(address),
    email ? failures.byAccount.current(accountKey(email)) : null,
  ]);
  const resets = [
    byAddress && byAddress.count >= maxAddressFailures ? byAddress.resetAt : 0,
    byAccount && byAccount.count >= maxAccountFailures ? byAccount.resetAt : 0,
  ];
  const until = Math.max(...resets);
  return until > 0 ? Math.max(1, Math.ceil((until - Date.now()) / 1000)) : null;
}

/** Counts one wrong password for the address (and the account tried, when there is one). */
export async function countSignInFailure(
  failures: SignInFailures,
  address: string,
  email: string | null,
): Promise<void> {
  await Promise.all([
    failures.byAddress.add(address),
    email ? failures.byAccount.add(accountKey(email)) : undefined,
  ]);
}
