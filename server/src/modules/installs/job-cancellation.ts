import { formatUsd, toDollars } from "@mcf/contracts/money";
import { storeToday } from "@mcf/contracts/store-today";
import { eq } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client.ts";
import { installJobs } from "../../db/schema/installs.ts";
import { notFound } from "../../errors.ts";
import type { OrderRow } from "../orders/orders.service.ts";
import {
  cancelOrderWithRefund,
  getOrderWithItems,
  type RefundIssuer,
} from "../orders/orders.service.ts";
import { type CancellationPolicy, cancellationRefund } from "./cancellation-policy.ts";
import { jobEmails, queueJobEmail } from "./job-emails.ts";
import {
  activeAppointments,
  type JobRow,
  latestEstimate,
  lockJobById,
  moveJob,
} from "./job-records.ts";
import { nextStage } from "./job-stages.ts";
import { cancelVisits } from "./scheduling.ts";

const usd = (cents: number) => formatUsd(toDollars(cents));

/**
 * What cancelling the job on store day `now` does to its deposit: refunded and kept cents (both 0
 * when no deposit was paid), and the deposit order.
 */
async function depositOnCancel(
  db: DbOrTx,
  job: JobRow,
  policy: CancellationPolicy,
  now = new Date(),
): Promise<{ money: { refundCents: number; keptCents: number }; deposit: OrderRow | null }> {
  const none = { refundCents: 0, keptCents: 0 };
  if (!job.deposit_order_id) return { money: none, deposit: null };
  const deposit = (await getOrderWithItems(db, job.deposit_order_id))?.order ?? null;
  const estimate = await latestEstimate(db, job.id);
  if (deposit?.payment_status !== "paid" || !estimate) return { money: none, deposit };
  const install = (await activeAppointments(db, job.id)).find((a) => a.kind === "install");
  const money = cancellationRefund(
    estimate.deposit_cents,
    install ? storeToday(new Date(install.starts_at)) : null,
    storeToday(now),
    policy,
  );
  return { money, deposit };
}

/**
 * What cancelling the job now would refund and keep of its deposit, in dollars, for staff to read
 * before they confirm. Throws 404 for an unknown job, 409 when it can no longer be cancelled.
 */
export async function cancellationQuote(
  db: Db,
  id: number,
  policy: CancellationPolicy,
): Promise<{ refund: number; kept: number }> {
  const [job] = await db.select().from(installJobs).where(eq(installJobs.id, id));
  if (!job) throw notFound("Job not found");
  nextStage("cancel", job.stage);
  const { money } = await depositOnCancel(db, job, policy);
  return { refund: toDollars(money.refundCents), kept: toDollars(money.keptCents) };
}

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
    const { money, deposit } = await depositOnCancel(tx, job, options.policy, options.now);
    if (job.deposit_order_id && deposit && deposit.status !== "cancelled")
      await cancelOrderWithRefund(tx, job.deposit_order_id, {
        refundCents: money.refundCents,
        idempotencyKey: `job-cancel:${job.id}`,
        actor,
        reason: "Installation cancelled",
        refunds: options.refunds,
      });
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
