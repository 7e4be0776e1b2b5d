import { formatUsd, toDollars } from "@mcf/contracts/money";
import type { StaffRole } from "@mcf/contracts/staff";
import { storeToday } from "@mcf/contracts/store-today";
import { eq, sql } from "drizzle-orm";
import type { Db, DbOrTx, Tx } from "../../db/client.ts";
import { installJobs } from "../../db/schema/installs.ts";
import { notFound } from "../../errors.ts";
import { writeAudit } from "../audit/audit.service.ts";
import type { OrderRow } from "../orders/orders.service.ts";
import {
  assertMayRefund,
  cancelOrderWithRefund,
  getOrderWithItems,
  type RefundIssuer,
  refundUnwantedPayment,
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
 * answering and says what was refunded. A refund the staff member's role may not give (at all,
 * or not that much) refuses the cancel with 403, as for any order refund.
 */
export async function cancelJob(
  db: Db,
  id: number,
  options: {
    refunds: RefundIssuer;
    policy: CancellationPolicy;
    publicUrl: string;
    now?: Date;
    /** The staff member's role: a refund past what it may give is refused (403) first. */
    role: StaffRole;
  },
  actor: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const job = await lockJobById(tx, id);
    nextStage("cancel", job.stage);
    const { money, deposit } = await depositOnCancel(tx, job, options.policy, options.now);
    if (money.refundCents > 0) await assertMayRefund(tx, options.role, money.refundCents);
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

/** Who the ledger and the audit log name for the refund of a payment that came too late. */
export const lateRefundActor = "Automatic refund (installation cancelled)";

/**
 * A deposit (or balance) whose payment arrived after the job was cancelled, for example from a
 * customer still on the payment page: nothing is due, so all of it goes back through the provider
 * that took it (the order's ledger shows the charge and the refund), the order is cancelled and
 * its materials released, the refund is added to what the job's page says went back, noted on the
 * job's timeline and emailed to the customer. Runs inside recordJobPayment's transaction, under the
 * job's lock: a duplicate or concurrent confirmation finds nothing held and refunds nothing.
 * Returns whether this call refunded.
 */
export async function refundPaymentOfCancelledJob(
  tx: Tx,
  job: JobRow,
  order: OrderRow,
  options: { refunds: RefundIssuer; publicUrl: string },
): Promise<boolean> {
  const refund = await refundUnwantedPayment(tx, order.id, {
    refunds: options.refunds,
    idempotencyKey: `job-late-payment:${order.id}`,
    actor: lateRefundActor,
    reason: "Paid after the installation was cancelled",
  });
  if (!refund) return false;
  const [refunded] = await tx
    .update(installJobs)
    .set({
      cancel_refund_cents: sql`coalesce(${installJobs.cancel_refund_cents}, 0) + ${refund.amount_cents}`,
      updated_at: new Date(),
    })
    .where(eq(installJobs.id, job.id))
    .returning();
  if (!refunded) throw new Error("the locked job vanished");
  await writeAudit(tx, {
    action: "job.late_payment_refunded",
    entityType: "job",
    entityId: job.id,
    after: {
      stage: job.stage,
      note: `Payment of ${usd(refund.amount_cents)} (order ${order.friendly_order_id}) arrived after the cancellation: refunded in full`,
    },
    actor: lateRefundActor,
  });
  await queueJobEmail(
    tx,
    refunded,
    jobEmails.latePaymentRefunded(
      refunded,
      {
        amountCents: refund.amount_cents,
        orderNumber: order.friendly_order_id,
        reference: refund.provider_id,
      },
      options.publicUrl,
    ),
  );
  return true;
}
