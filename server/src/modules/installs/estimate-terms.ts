import { formatUsd, toDollars } from "@mcf/contracts/money";
import type { installEstimates } from "../../db/schema/installs.ts";
import type { CancellationPolicy } from "./cancellation-policy.ts";
import { balanceCentsOf } from "./job-balance.ts";

const usd = (cents: number) => formatUsd(toDollars(cents));

/**
 * The terms the customer reads and ticks before signing an estimate, in the store's current
 * numbers: what the deposit and the balance are, what a cancellation gives back, and when the
 * price may change.
 */
export function estimateTerms(
  estimate: typeof installEstimates.$inferSelect,
  policy: CancellationPolicy,
): string[] {
  const late =
    policy.keptPercent > 0
      ? `later than that, we keep ${policy.keptPercent}% of the deposit and refund the rest`
      : "later than that, we still refund the whole deposit";
  return [
    `The deposit of ${usd(estimate.deposit_cents)} (${estimate.deposit_percent}% of the estimate) is paid before we reserve your materials; the balance of ${usd(balanceCentsOf(estimate))} is due once the install is completed.`,
    `Cancel ${policy.fullRefundDays} days or more before the install date and we refund the whole deposit; ${late}.`,
    "The price covers the rooms measured at our visit. Extra work found on the day (subfloor repair, more area) is priced in a revised estimate you accept before we do it.",
    "The materials rest in your home for the days the flooring needs to acclimate before the install.",
  ];
}
