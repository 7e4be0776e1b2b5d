import { formatUsd, toDollars } from "@mcf/contracts/money";
import { eq } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { installJobs } from "../../db/schema/installs.ts";
import { writeAudit } from "../audit/audit.service.ts";
import {
  cancelUnpaid,
  findOrdersByIds,
  type OrderRow,
  type RefundIssuer,
  refundUnwantedPayment,
} from "../orders/orders.service.ts";
import { jobEmails, queueJobEmail } from "./job-emails.ts";
import type { JobRow } from "./job-records.ts";

const usd = (cents: number) => formatUsd(toDollars(cents));

type InstallPayment = "deposit" | "balance";

/** Who the ledger and the audit log name for the refund of an installation payment made twice. */
export const duplicateRefundActor = "Automatic refund (installation paid twice)";

/** The job's order for that payment now: the newest one the customer started. */
const currentOrderId = (job: JobRow, kind: InstallPayment) =>
  kind === "deposit" ? job.deposit_order_id : job.balance_order_id;

/** Whether the job still waits for that payment. */
const isDue = (job: JobRow, kind: InstallPayment) =>
  kind === "deposit"
    ? job.stage === "estimate_accepted"
    : job.stage === "completed" && !job.balance_paid_at;

/**
 * A paid order the customer had replaced by starting the payment again (the older payment page
 * stayed open and they paid there). Runs inside recordJobPayment's transaction, under the job's
 * lock. While the job still waits for that payment and the newer order is not paid, the payment
 * counts: the newer order is cancelled (its row lock decides against a payment of it confirmed at
 * the same moment) and this one becomes the job's order again; the job row is returned for the
 * caller to record the payment on. Otherwise the job was already paid by the other order: this
 * payment goes back in full and the customer is told (null is returned with whether it refunded).
 */
export async function settleSupersededPayment(
  tx: Tx,
  job: JobRow,
  order: OrderRow,
  kind: InstallPayment,
  options: { refunds: RefundIssuer; publicUrl: string },
): Promise<{ job: JobRow } | { refunded: boolean }> {
  const currentId = currentOrderId(job, kind);
  if (isDue(job, kind)) {
    if (currentId)
      await cancelUnpaid(tx, { orderId: currentId }, "cancelled", options.refunds.metrics);
    const current = currentId ? (await findOrdersByIds(tx, [currentId])).get(currentId) : null;
    if (current?.payment_status !== "paid") {
      const [adopted] = await tx
        .update(installJobs)
        .set({
          ...(kind === "deposit" ? { deposit_order_id: order.id } : { balance_order_id: order.id }),
          updated_at: new Date(),
        })
        .where(eq(installJobs.id, job.id))
        .returning();
      if (!adopted) throw new Error("the locked job vanished");
      await writeAudit(tx, {
        action: "job.payment_order_replaced",
        entityType: "job",
        entityId: job.id,
        after: {
          stage: job.stage,
          note: `The ${kind} was paid on an earlier payment page (order ${order.friendly_order_id}): it counts${current ? `, and the newer order ${current.friendly_order_id} was cancelled` : ""}`,
        },
        actor: "customer",
      });
      return { job: adopted };
    }
  }
  return { refunded: await refundDuplicatePayment(tx, job, order, kind, currentId, options) };
}

/** Refunds in full a payment of a deposit or balance the job already has, once, and says so. */
async function refundDuplicatePayment(
  tx: Tx,
  job: JobRow,
  order: OrderRow,
  kind: InstallPayment,
  keptOrderId: string | null,
  options: { refunds: RefundIssuer; publicUrl: string },
): Promise<boolean> {
  const refund = await refundUnwantedPayment(tx, order.id, {
    refunds: options.refunds,
    idempotencyKey: `job-duplicate-payment:${order.id}`,
    actor: duplicateRefundActor,
    reason: `The installation's ${kind} was already paid`,
  });
  if (!refund) return false;
  const kept = keptOrderId ? (await findOrdersByIds(tx, [keptOrderId])).get(keptOrderId) : null;
  const keptOrder = kept?.friendly_order_id ?? "another order";
  await writeAudit(tx, {
    action: "job.duplicate_payment_refunded",
    entityType: "job",
    entityId: job.id,
    after: {
      stage: job.stage,
      note: `The ${kind} was paid twice: ${usd(refund.amount_cents)} (order ${order.friendly_order_id}) refunded in full, order ${keptOrder} kept`,
    },
    actor: duplicateRefundActor,
  });
  await queueJobEmail(
    tx,
    job,
    jobEmails.duplicatePaymentRefunded(
      job,
      {
        amountCents: refund.amount_cents,
        orderNumber: order.friendly_order_id,
        reference: refund.provider_id,
        keptOrder,
      },
      options.publicUrl,
    ),
  );
  return true;
}
