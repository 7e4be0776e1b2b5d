import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.ts";
import { installJobs } from "../../db/schema/installs.ts";
import { AppError } from "../../errors.ts";
import type { OrderItemRow, OrderRow } from "../orders/orders.service.ts";
import { attachPaymentSession, cancelUnpaid, type RefundIssuer } from "../orders/orders.service.ts";

/**
 * The part of the store's payment provider a job's payments use (the same one orders use): it
 * opens payments, and gives back one that arrived after the job was cancelled.
 */
export interface PaymentProvider extends RefundIssuer {
  readonly name: "test" | "stripe";
  createSession(
    order: OrderRow,
    items: OrderItemRow[],
    storeUrl: string,
    backPath?: string,
  ): Promise<{ id: string; url: string; expiresAt: Date }>;
}

/** The customer's page of a job: where leaving one of its payment pages leads back to. */
const jobPage = (jobToken: string) => `/installation/jobs/${encodeURIComponent(jobToken)}`;

/** The page of the job an installation order pays, or null when the order names no job. */
export async function jobPagePath(db: Db, jobId: number | null): Promise<string | null> {
  if (jobId === null) return null;
  const [job] = await db
    .select({ token: installJobs.token })
    .from(installJobs)
    .where(eq(installJobs.id, jobId));
  return job ? jobPage(job.token) : null;
}

/**
 * Opens the provider's payment session of a just-placed job order (deposit or balance). When the
 * provider cannot, the order is cancelled (its boxes released) and the customer reads 503. Leaving
 * the payment page leads back to the job's page.
 */
export async function openPayment(
  db: Db,
  { order, items }: { order: OrderRow; items: OrderItemRow[] },
  provider: PaymentProvider,
  log: FastifyBaseLogger,
  storeUrl: string,
  jobToken: string,
): Promise<{ payment_url: string }> {
  try {
    const session = await provider.createSession(order, items, storeUrl, jobPage(jobToken));
    await attachPaymentSession(db, order.id, session);
    return { payment_url: session.url };
  } catch (error) {
    log.error({ err: error, orderId: order.id }, "payment provider could not open a session");
    await cancelUnpaid(db, { orderId: order.id }, "failed", provider.metrics);
    throw new AppError(
      "unavailable",
      "We could not start the payment right now. Nothing was charged; please try again in a moment.",
    );
  }
}
