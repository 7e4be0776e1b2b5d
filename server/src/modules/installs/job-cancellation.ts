import { formatUsd, toDollars } from "@mcf/contracts/money";
import { storeToday } from "@mcf/contracts/store-today";
import type { Db } from "../../db/client.ts";
import {
  cancelOrderWithRefund,
  getOrderWithItems,
  type RefundIssuer,
} from "../orders/orders.service.ts";
import { type CancellationPolicy, cancellationRefund } from "./cancellation-policy.ts";
import { jobEmails, queueJobEmail } from "./job-emails.ts";
import { activeAppointments, latestEstimate, lockJobById, moveJob } from "./job-records.ts";
import { nextStage } from "./job-stages.ts";
import { cancelVisits } from "./scheduling.ts";

const usd = (cents: number) => formatUsd(toDollars(cents));

/**
 * Cancels an open job and frees its crews. A paid deposit follows the cancellation policy of the
 * store's day `now`: refunded through the provider that took it (in full, or less the kept
 * percent once the install is near), recorded in the deposit order's payments ledger, the
 * materials it holds released as a cancelled order's are, and the customer emailed the amount.
 * An unpaid deposit order just stops waiting for its payment. Exactly once: the job's row lock
 * makes a second cancel wait, then find the job cancelled (409). The customer's page keeps
 * answering and says what was refunded.
 */
export async function cancelJob(
  db: Db,
  id: number,
  options: { refunds: RefundIssuer; policy: CancellationPolicy; publicUrl: string; now?: Date },
  actor: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const job = await lockJobById(tx, id);
    nextStage("cancel", job.stage);
    let money = { refundCents: 0, keptCents: 0 };
    if (job.deposit_order_id) {
      const deposit = await getOrderWithItems(tx, job.deposit_order_id);
      const estimate = await latestEstimate(tx, job.id);
      if (deposit?.order.payment_status === "paid" && estimate) {
        const install = (await activeAppointments(tx, job.id)).find((a) => a.kind === "install");
        money = cancellationRefund(
          estimate.deposit_cents,
          install ? storeToday(new Date(install.starts_at)) : null,
          storeToday(options.now),
          options.policy,
        );
      }
      if (deposit && deposit.order.status !== "cancelled")
        await cancelOrderWithRefund(tx, job.deposit_order_id, {
          refundCents: money.refundCents,
          idempotencyKey: `job-cancel:${job.id}`,
          actor,
          reason: "Installation cancelled",
          refunds: options.refunds,
        });
    }
    const paid = money.refundCents + money.keptCents > 0;
    const moved = await moveJob(tx, job, "cancel", {
      actor,
      note: paid
        ? `Job cancelled: ${usd(money.refundCents)} of the ${usd(money.refundCents + money.keptCents)} deposit refunded, ${usd(money.keptCents)} kept`
        : "Job cancelled",
      changes: {
        cancelled_at: options.now ?? new Date(),
        cancel_refund_cents: money.refundCents,
        cancel_kept_cents: money.keptCents,
      },
    });
    await cancelVisits(tx, id);
    if (paid) await queueJobEmail(tx, moved, jobEmails.cancelled(moved, money, options.publicUrl));
  });
}
