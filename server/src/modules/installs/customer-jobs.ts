import type { CustomerJob, dateRequestSchema, estimateAcceptSchema } from "@mcf/contracts/installs";
import { jobStageLabels } from "@mcf/contracts/installs-options";
import { dollarsText, toDollars } from "@mcf/contracts/money";
import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { z } from "zod";
import type { Db, DbOrTx } from "../../db/client.ts";
import { installJobs } from "../../db/schema/installs.ts";
import { AppError, conflict, invalid } from "../../errors.ts";
import { listAudit, writeAudit } from "../audit/audit.service.ts";
import { getProductRow } from "../catalog/catalog.service.ts";
import { closeInquiryWon } from "../leads/leads.service.ts";
import {
  cancelUnpaid,
  findOrdersByIds,
  getOrderWithItems,
  type NewOrder,
  paymentExpiresAt,
  placePendingOrder,
  type RefundIssuer,
} from "../orders/orders.service.ts";
import type { CancellationPolicy } from "./cancellation-policy.ts";
import { estimateTerms } from "./estimate-terms.ts";
import { installIcs } from "./install-calendar.ts";
import { jobBillingAddress } from "./job-address.ts";
import { balanceCentsOf, balanceOrder, recordBalancePaid } from "./job-balance.ts";
import { refundPaymentOfCancelledJob } from "./job-cancellation.ts";
import { jobEmails, queueDateRequest, queueJobEmail } from "./job-emails.ts";
import { openPayment, type PaymentProvider } from "./job-payment-session.ts";
import {
  activeAppointments,
  estimateBeingAnswered,
  findJobByToken,
  findOpenJobByToken,
  type JobRow,
  latestEstimate,
  moveJob,
  toEstimate,
} from "./job-records.ts";
import { auditActionOf } from "./job-stages.ts";
import { settleSupersededPayment } from "./job-superseded-payments.ts";

const visitOfStage: Partial<Record<JobRow["stage"], "measure" | "install">> = {
  measure_scheduled: "measure",
  install_scheduled: "install",
};

/** The order a payment of this job waits on: the deposit's, or the balance's after the install. */
function awaitedPayment(job: JobRow): string | null {
  if (job.stage === "estimate_accepted") return job.deposit_order_id;
  if (job.stage === "completed" && !job.balance_paid_at) return job.balance_order_id;
  return null;
}

/**
 * What the customer's page shows: the stage, the visit it waits for, the newest estimate, whether
 * the deposit or (once completed) the balance can be paid, and for a cancelled job what of the
 * deposit went back. A payment the job did not hear of yet (the report came in while the job was
 * busy) is recorded here first. Throws 404 for an unknown token.
 */
export async function getCustomerJob(
  db: Db,
  token: string,
  options: { publicUrl: string; policy: CancellationPolicy; refunds: RefundIssuer },
): Promise<CustomerJob> {
  let job = await findJobByToken(db, token);
  const awaited = awaitedPayment(job);
  if (awaited) {
    await recordJobPayment(db, awaited, options);
    job = await findJobByToken(db, token);
  }
  const estimate = await latestEstimate(db, job.id);
  // The visit the customer is waiting for: the one of the stage (measure, then install) or else
  // the soonest booked one still ahead (staff may send the estimate before the measure visit).
  // A completed job waits for no visit.
  const now = Date.now();
  const ahead =
    job.stage === "completed"
      ? []
      : (await activeAppointments(db, job.id)).filter((a) => Date.parse(a.ends_at) > now);
  const next = ahead.find((a) => a.kind === visitOfStage[job.stage]) ?? ahead[0];
  return {
    stage: job.stage,
    stage_label: jobStageLabels[job.stage],
    customer_name: job.customer_name,
    address: job.address,
    flooring_type: job.flooring_type,
    next_appointment: next
      ? {
          kind: next.kind,
          crew_name: next.crew_name,
          starts_at: next.starts_at,
          ends_at: next.ends_at,
        }
      : null,
    estimate: estimate ? toEstimate(estimate) : null,
    accepted_version: job.accepted_version,
    accepted_name: job.accepted_name,
    accepted_at: job.accepted_at?.toISOString() ?? null,
    can_pay_deposit: job.stage === "estimate_accepted",
    balance:
      job.stage === "completed" && estimate
        ? {
            amount: toDollars(balanceCentsOf(estimate)),
            paid_at: job.balance_paid_at?.toISOString() ?? null,
          }
        : null,
    can_pay_balance:
      job.stage === "completed" &&
      !job.balance_paid_at &&
      !!estimate &&
      balanceCentsOf(estimate) > 0,
    cancellation: job.cancelled_at
      ? {
          cancelled_at: job.cancelled_at.toISOString(),
          refunded: toDollars(job.cancel_refund_cents ?? 0),
          kept: toDollars(job.cancel_kept_cents ?? 0),
          declined: await wasDeclined(db, job.id),
        }
      : null,
    terms: estimate ? estimateTerms(estimate, options.policy) : [],
  };
}

/** Whether the job ended because the customer declined its estimate. */
async function wasDeclined(db: Db, jobId: number): Promise<boolean> {
  const entries = await listAudit(db, {
    entity_type: "job",
    entity_id: String(jobId),
    limit: 200,
    offset: 0,
  });
  return entries.some((entry) => entry.action === auditActionOf("declineEstimate"));
}

/** "  casey  HOMEOWNER " and "Casey Homeowner" are the same signature. */
const signatureOf = (name: string) =>
  name
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();

/**
 * A signature is the customer's full name as the store has it (case, spacing and punctuation
 * aside): an initial or a nickname does not bind anyone. Throws 422 naming the expected name.
 */
function checkSignature(job: JobRow, fullName: string): void {
  if (signatureOf(fullName) !== signatureOf(job.customer_name))
    throw invalid(
      `Please sign with your full name as it appears on the estimate: ${job.customer_name}`,
    );
}

/**
 * The customer accepts the estimate version they read, signing with their typed full name; the
 * time and their address are recorded. Refused (409) when the estimate was revised since, when
 * it is already accepted, or when there is nothing to accept.
 */
export async function acceptEstimate(
  db: Db,
  token: string,
  input: z.infer<typeof estimateAcceptSchema>,
  clientIp: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const job = await findOpenJobByToken(tx, token, { forUpdate: true });
    const estimate = await estimateBeingAnswered(tx, job, input.version, "accept");
    checkSignature(job, input.full_name);
    await moveJob(tx, job, "acceptEstimate", {
      note: `Estimate version ${estimate.version} accepted, signed "${input.full_name}"`,
      actor: "customer",
      changes: {
        accepted_version: estimate.version,
        accepted_name: input.full_name,
        accepted_at: new Date(),
        accepted_ip: clientIp,
      },
    });
  });
}

/** The deposit order: one deposit line, and the materials at $0 so their boxes are held. */
async function depositOrder(
  db: DbOrTx,
  job: JobRow,
  providerName: PaymentProvider["name"],
  showroomState: string,
): Promise<NewOrder> {
  const estimate = await latestEstimate(db, job.id);
  if (!estimate || estimate.version !== job.accepted_version)
    throw conflict("The accepted estimate was not found");
  const materials = [];
  for (const line of estimate.lines) {
    if (line.kind !== "material" || line.product_id === null) continue;
    const product = await getProductRow(db, line.product_id);
    const sqftPerBox = Number(product.sqft_per_carton ?? 0);
    materials.push({
      product_id: product.id,
      product_name: `${product.name} (for your installation)`,
      sku: product.sku,
      quantity: line.quantity,
      unit_price_cents: 0,
      total_price_cents: 0,
      sqft_per_box: sqftPerBox.toFixed(2),
      total_sqft: (sqftPerBox * line.quantity).toFixed(2),
      image_url: product.thumbnail_image_url ?? product.main_image_url ?? product.image_url,
      color: product.color,
      brand: product.brand,
      collection: product.collection,
      type: product.type,
    });
  }
  const deposit = estimate.deposit_cents;
  return {
    order: {
      purpose: "installation",
      install_job_id: job.id,
      install_payment: "deposit",
      payment_provider: providerName,
      payment_expires_at: paymentExpiresAt(),
      customer_name: job.customer_name,
      customer_email: job.customer_email,
      customer_phone: job.customer_phone,
      billing_address: jobBillingAddress(job.address, showroomState),
      shipping_address: null,
      partner_user_id: null,
      coupon_code: null,
      subtotal_cents: deposit,
      shipping_cost_cents: 0,
      tax_amount_cents: 0,
      total_amount_cents: deposit,
      total_sqft: materials.reduce((sum, m) => sum + Number(m.total_sqft), 0).toFixed(2),
      total_cartons: materials.reduce((sum, m) => sum + m.quantity, 0),
      pallets_needed: 0,
    },
    items: [
      {
        product_id: null,
        product_name: `Installation deposit - job #${job.id} (${estimate.deposit_percent}% of estimate version ${estimate.version})`,
        sku: null,
        quantity: 1,
        unit_price_cents: deposit,
        total_price_cents: deposit,
        sqft_per_box: "0.00",
        total_sqft: "0.00",
      },
      ...materials,
    ],
  };
}

/**
 * Opens a payment of the deposit with the store's payment provider. The deposit order holds the
 * estimate's materials (stock reserved as for any order) and is paid like one; an earlier unpaid
 * deposit order is cancelled first, so only one can be paid. Refused (409) unless the estimate
 * is accepted and the deposit not yet paid.
 */
export async function startDeposit(
  db: Db,
  token: string,
  provider: PaymentProvider,
  log: FastifyBaseLogger,
  options: { publicUrl: string; storeUrl: string; showroomState: string },
): Promise<{ payment_url: string }> {
  const before = await findOpenJobByToken(db, token);
  if (before.deposit_order_id) {
    await cancelUnpaid(db, { orderId: before.deposit_order_id }, "cancelled", provider.metrics);
    await recordJobPayment(db, before.deposit_order_id, { ...options, refunds: provider });
  }
  const { order, items } = await db.transaction(async (tx) => {
    const job = await findOpenJobByToken(tx, token, { forUpdate: true });
    if (job.stage !== "estimate_accepted")
      throw conflict(
        job.accepted_version === null
          ? "Please accept the estimate before paying the deposit"
          : "Your deposit is already paid",
      );
    const placed = await placePendingOrder(
      tx,
      await depositOrder(tx, job, provider.name, options.showroomState),
    );
    await tx
      .update(installJobs)
      .set({ deposit_order_id: placed.order.id, updated_at: new Date() })
      .where(eq(installJobs.id, job.id));
    return placed;
  });
  return openPayment(db, { order, items }, provider, log, options.storeUrl, token);
}

/**
 * When a paid order is a job's deposit, moves the job to "deposit paid" and queues the "deposit
 * received" email; when it is a job's balance, records the balance paid and queues its receipt;
 * when the job was cancelled before the payment arrived, refunds all of it (see
 * refundPaymentOfCancelledJob); when the order was superseded by a newer one, counts it while the
 * payment is still due and refunds it when the job was paid already (see settleSupersededPayment).
 * Exactly once however many times the payment is reported (the job row is locked and only a job
 * still waiting for that payment changes). Does nothing for another order or an unpaid one.
 * Returns whether this call recorded the payment.
 */
export async function recordJobPayment(
  db: Db,
  orderId: string,
  options: { publicUrl: string; refunds: RefundIssuer },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    // The order names its job and which payment it is; the job row is locked first, so every
    // confirmation of every order of one job takes turns.
    const named = (await findOrdersByIds(tx, [orderId])).get(orderId);
    const jobId = named?.install_job_id ?? null;
    if (jobId === null) return false;
    const [locked] = await tx
      .select()
      .from(installJobs)
      .where(eq(installJobs.id, jobId))
      .for("update");
    if (!locked) return false;
    let job = locked;
    const order = await getOrderWithItems(tx, orderId);
    if (order?.order.payment_status !== "paid") return false;
    if (job.stage === "cancelled")
      return refundPaymentOfCancelledJob(tx, job, order.order, options);
    const kind = order.order.install_payment;
    if (!kind) return false;
    // A superseded order (the customer started the payment again) paid on its still-open page.
    if ((kind === "deposit" ? job.deposit_order_id : job.balance_order_id) !== orderId) {
      const settled = await settleSupersededPayment(tx, job, order.order, kind, options);
      if ("refunded" in settled) return settled.refunded;
      job = settled.job;
    }
    if (kind === "balance") return recordBalancePaid(tx, job, order.order, options);
    if (job.stage !== "estimate_accepted") return false;
    const moved = await moveJob(tx, job, "payDeposit", {
      note: `Deposit of $${dollarsText(order.order.total_amount_cents)} paid (order ${order.order.friendly_order_id})`,
      actor: "customer",
    });
    await queueJobEmail(tx, moved, jobEmails.depositReceived(moved, options.publicUrl));
    // A paid deposit is a won lead: the inquiry it came from leaves the open inbox.
    if (job.inquiry_id) await closeInquiryWon(tx, job.inquiry_id, job.id, "customer");
    return true;
  });
}

/** The customer asks for another date: the staff get an email and the job's timeline a line. */
export async function requestAnotherDate(
  db: Db,
  token: string,
  input: z.infer<typeof dateRequestSchema>,
  options: { staffEmail: string; publicUrl: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const job = await findOpenJobByToken(tx, token);
    await queueDateRequest(tx, job, input.message, options.staffEmail, options.publicUrl);
    await writeAudit(tx, {
      action: "job.date_request",
      entityType: "job",
      entityId: job.id,
      after: { stage: job.stage, note: `Customer asked for another date: ${input.message}` },
      actor: "customer",
    });
  });
}

/** The booked install as an iCalendar file for the customer's calendar. Throws 404 without one. */
export async function customerInstallIcs(db: Db, token: string): Promise<string> {
  const job = await findOpenJobByToken(db, token);
  const install = (await activeAppointments(db, job.id)).find((a) => a.kind === "install");
  if (!install) throw new AppError("not_found", "No install date is set yet");
  return installIcs(install, job.address);
}

/**
 * Opens the payment of the balance (estimate total less deposit) of a completed job, with the
 * store's payment provider; an earlier unpaid balance order is cancelled first, so only one can be
 * paid. Refused (409, saying why) for a cancelled job, before the install is completed, when the
 * balance is already paid or nothing is left to pay.
 */
export async function startBalance(
  db: Db,
  token: string,
  provider: PaymentProvider,
  log: FastifyBaseLogger,
  options: { publicUrl: string; storeUrl: string; showroomState: string },
): Promise<{ payment_url: string }> {
  const before = await findJobByToken(db, token);
  if (before.balance_order_id && !before.balance_paid_at) {
    await cancelUnpaid(db, { orderId: before.balance_order_id }, "cancelled", provider.metrics);
    await recordJobPayment(db, before.balance_order_id, { ...options, refunds: provider });
  }
  const placed = await db.transaction(async (tx) => {
    const job = await findJobByToken(tx, token, { forUpdate: true });
    if (job.stage === "cancelled")
      throw conflict("This installation was cancelled, so there is no balance to pay.");
    if (job.balance_paid_at) throw conflict("Your balance is already paid. Thank you!");
    if (job.stage !== "completed")
      throw conflict("The balance is due once your installation is completed.");
    const estimate = await latestEstimate(tx, job.id);
    if (!estimate || balanceCentsOf(estimate) <= 0)
      throw conflict("Nothing is left to pay: your deposit covered the whole estimate.");
    const order = await placePendingOrder(
      tx,
      balanceOrder(job, estimate, {
        providerName: provider.name,
        billingAddress: jobBillingAddress(job.address, options.showroomState),
        expiresAt: paymentExpiresAt(),
      }),
    );
    await tx
      .update(installJobs)
      .set({ balance_order_id: order.order.id, updated_at: new Date() })
      .where(eq(installJobs.id, job.id));
    return order;
  });
  return openPayment(db, placed, provider, log, options.storeUrl, token);
}
