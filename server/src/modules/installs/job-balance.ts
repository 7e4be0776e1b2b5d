import { formatUsd, toDollars } from "@mcf/contracts/money";
import { eq } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { type installEstimates, installJobs } from "../../db/schema/installs.ts";
import { writeAudit } from "../audit/audit.service.ts";
import type { NewOrder, OrderRow } from "../orders/orders.service.ts";
import type { OrderAddress } from "./job-address.ts";
import { jobEmails, queueJobEmail } from "./job-emails.ts";
import type { PaymentProvider } from "./job-payment-session.ts";
import type { JobRow } from "./job-records.ts";

type EstimateRow = typeof installEstimates.$inferSelect;

/** What is due after the install: the estimate's total less the deposit, in cents. */
export function balanceCentsOf(estimate: Pick<EstimateRow, "total_cents" | "deposit_cents">) {
  return estimate.total_cents - estimate.deposit_cents;
}

/**
 * The balance order: one line, the balance of the accepted estimate, billed to the job's address.
 * The materials travelled with the deposit order, so it holds no boxes.
 */
export function balanceOrder(
  job: JobRow,
  estimate: EstimateRow,
  options: {
    providerName: PaymentProvider["name"];
    billingAddress: OrderAddress;
    expiresAt: Date;
  },
): NewOrder {
  const balance = balanceCentsOf(estimate);
  return {
    order: {
      purpose: "installation",
      install_job_id: job.id,
      install_payment: "balance",
      payment_provider: options.providerName,
      payment_expires_at: options.expiresAt,
      customer_name: job.customer_name,
      customer_email: job.customer_email,
      customer_phone: job.customer_phone,
      billing_address: options.billingAddress,
      shipping_address: null,
      partner_user_id: null,
      coupon_code: null,
      subtotal_cents: balance,
      shipping_cost_cents: 0,
      tax_amount_cents: 0,
      total_amount_cents: balance,
      total_sqft: "0.00",
      total_cartons: 0,
      pallets_needed: 0,
    },
    items: [
      {
        product_id: null,
        product_name: `Installation balance - job #${job.id} (estimate version ${estimate.version} less the deposit)`,
        sku: null,
        quantity: 1,
        unit_price_cents: balance,
        total_price_cents: balance,
        sqft_per_box: "0.00",
        total_sqft: "0.00",
      },
    ],
  };
}

/**
 * Records a job's balance paid (inside recordJobPayment's transaction, under the job's lock):
 * once, with a timeline line and the receipt email. Returns false when it already was.
 */
export async function recordBalancePaid(
  tx: Tx,
  job: JobRow,
  order: OrderRow,
  options: { publicUrl: string },
): Promise<boolean> {
  if (job.balance_paid_at) return false;
  const [paid] = await tx
    .update(installJobs)
    .set({ balance_paid_at: new Date(), updated_at: new Date() })
    .where(eq(installJobs.id, job.id))
    .returning();
  if (!paid) return false;
  await writeAudit(tx, {
    action: "job.balance",
    entityType: "job",
    entityId: job.id,
    after: {
      stage: job.stage,
      note: `Balance of ${formatUsd(toDollars(order.total_amount_cents))} paid (order ${order.friendly_order_id})`,
    },
    actor: "customer",
  });
  await queueJobEmail(
    tx,
    paid,
    jobEmails.balanceReceived(
      paid,
      { amountCents: order.total_amount_cents, orderNumber: order.friendly_order_id },
      options.publicUrl,
    ),
  );
  return true;
}
