import { multiplyCents } from "@mcf/contracts/money";

/** The owner's installation cancellation policy (business numbers in Settings). */
export interface CancellationPolicy {
  /** A cancellation this many days or more before the install date gets the whole deposit back. */
  fullRefundDays: number;
  /** Later than that (or on the day), the store keeps this percent of the deposit. */
  keptPercent: number;
}

const dayMs = 24 * 60 * 60 * 1000;

/** Whole days from `from` to `to`, both YYYY-MM-DD store days. */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / dayMs);
}

/**
 * What a cancellation on store day `today` gives back of a paid deposit and what it keeps: the whole
 * deposit until `fullRefundDays` days before the install day (or while no install is booked), then
 * all but `keptPercent` of it, rounded half up to the cent. Days are the store's (Birmingham) days.
 */
export function cancellationRefund(
  depositCents: number,
  installDay: string | null,
  today: string,
  policy: CancellationPolicy,
): { refundCents: number; keptCents: number } {
  if (installDay === null || daysBetween(today, installDay) >= policy.fullRefundDays)
    return { refundCents: depositCents, keptCents: 0 };
  const keptCents = multiplyCents(depositCents, policy.keptPercent / 100);
  return { refundCents: depositCents - keptCents, keptCents };
}

/** The policy as the owner set it in Settings' business numbers. */
export function cancellationPolicyOf(numbers: {
  install_full_refund_days: number;
  install_cancel_kept_percent: number;
}): CancellationPolicy {
  return {
    fullRefundDays: numbers.install_full_refund_days,
    keptPercent: numbers.install_cancel_kept_percent,
  };
}
