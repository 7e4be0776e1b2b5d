import type { AdminOrder } from "@mcf/contracts/admin";
import { formatUsd } from "@mcf/contracts/money";
import { actorDisplayName } from "@mcf/contracts/staff";
import { formatShopTime } from "./birmingham-time.ts";

/** The balance in words: what the customer owes, what the store owes back, or settled. */
export function balanceText(balance: number): { text: string; tone: "due" | "owed" | "settled" } {
  if (balance > 0) return { text: `Balance due: ${formatUsd(balance)}`, tone: "due" };
  if (balance < 0)
    return { text: `Owed back to the customer: ${formatUsd(-balance)}`, tone: "owed" };
  return { text: "Balance: $0.00 (settled)", tone: "settled" };
}

const toneClass = {
  due: "border-brick-600/40 bg-red-50 text-red-900",
  owed: "border-amber-500/50 bg-amber-50 text-amber-950",
  settled: "border-stone-200 bg-stone-50 text-stone-800",
} as const;

/** The order's payments ledger (every charge and refund) and its balance. */
export function OrderPayments({ order }: { order: AdminOrder }) {
  const payments = order.payments ?? [];
  const balance = balanceText(order.balance ?? 0);
  return (
    <section aria-labelledby="order-payments-heading">
      <h4
        id="order-payments-heading"
        className="mb-1 text-xs font-semibold tracking-wide text-stone-600 uppercase"
      >
        Payments
      </h4>
      {payments.length === 0 ? (
        <p className="text-sm text-stone-600">No payment received.</p>
      ) : (
        <ul className="divide-y divide-stone-200 rounded-md border border-stone-200 text-sm">
          {payments.map((payment) => (
            <li
              key={`${payment.kind}:${payment.provider_id}`}
              className="flex flex-wrap items-baseline justify-between gap-x-3 px-3 py-2"
            >
              <span className="min-w-0">
                <span className="font-medium">
                  {payment.kind === "charge" ? "Payment" : "Refund"}
                </span>{" "}
                <span className="text-stone-600">
                  {formatShopTime(payment.created_at)}
                  {payment.staff ? ` · by ${actorDisplayName(payment.staff)}` : ""}
                </span>
                {payment.reason ? (
                  <span className="block text-stone-600">{payment.reason}</span>
                ) : null}
                <span className="block break-all text-xs text-stone-500">
                  {payment.provider === "test" ? "Test provider" : "Stripe"} ref.{" "}
                  {payment.provider_id}
                </span>
              </span>
              <span
                className={`tabular-nums font-semibold ${payment.kind === "refund" ? "text-red-800" : ""}`}
              >
                {payment.kind === "refund" ? "−" : ""}
                {formatUsd(payment.amount)}
              </span>
            </li>
          ))}
        </ul>
      )}
      <p
        className={`mt-2 rounded border px-3 py-2 text-sm font-semibold ${toneClass[balance.tone]}`}
        data-testid="order-balance"
      >
        {balance.text}
      </p>
    </section>
  );
}
