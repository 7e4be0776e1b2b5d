import type { OrderPayment } from "@mcf/contracts/admin";
import { formatUsd, toDollars } from "@mcf/contracts/money";
import { refundDestination } from "@mcf/contracts/refund-wording";
import { asc, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { type OrderPaymentRow, orderPayments } from "../../db/schema/order-payments.ts";
import type { OrderRow } from "../../db/schema/orders.ts";
import { AppError, conflict } from "../../errors.ts";
import { enqueueMail } from "../../mail/outbox.ts";
import { storeIdentity } from "../../mail/store-identity.ts";
import { renderEmail } from "../../mail/templates.ts";
import { writeAudit } from "../audit/audit.service.ts";
import { type OrderMetricsHook, orderMetrics } from "./order-metrics.ts";
import { trackingPageUrl } from "./order-views.ts";

/** What a refund needs of the payment provider: one refund per idempotency key, never two. */
export interface RefundIssuer {
  /** "test" or "stripe": a refund goes back through the provider that took the payment. */
  readonly name: string;
  /** The app's counters a refund through this provider is counted in (none: not counted). */
  readonly metrics?: OrderMetricsHook;
  refund(order: OrderRow, amountCents: number, idempotencyKey: string): Promise<{ id: string }>;
}

/** The rows of an order's payments ledger, oldest first. */
export function paymentsOf(db: DbOrTx, orderId: string): Promise<OrderPaymentRow[]> {
  return db
    .select()
    .from(orderPayments)
    .where(eq(orderPayments.order_id, orderId))
    .orderBy(asc(orderPayments.created_at), asc(orderPayments.id));
}

/** What the ledger says of an order's money, in cents. */
export interface MoneyFacts {
  charged: number;
  refunded: number;
  /** Charged less refunded: what the store holds of the customer's money. */
  held: number;
  /**
   * What the customer still owes: the total less what was charged while the order stands; once it
   * is cancelled nothing is owed, so a negative balance is money the store owes back.
   */
  balance: number;
}

export function moneyFacts(
  order: Pick<OrderRow, "status" | "total_amount_cents">,
  rows: OrderPaymentRow[],
): MoneyFacts {
  const sum = (kind: OrderPaymentRow["kind"]) =>
    rows.filter((row) => row.kind === kind).reduce((total, row) => total + row.amount_cents, 0);
  const charged = sum("charge");
  const refunded = sum("refund");
  // A refund of a returned line lowers what the order costs as much as what was paid for it.
  const owed = order.status === "cancelled" ? 0 : order.total_amount_cents - refunded;
  return { charged, refunded, held: charged - refunded, balance: owed - (charged - refunded) };
}

/** Charged and refunded cents of each of these orders, from their ledgers (none: both 0). */
export async function moneyTotalsByOrder(
  db: DbOrTx,
  orderIds: string[],
): Promise<Map<string, { charged: number; refunded: number }>> {
  const totals = new Map<string, { charged: number; refunded: number }>();
  if (orderIds.length === 0) return totals;
  const rows = await db
    .select({
      orderId: orderPayments.order_id,
      charged:
        sql<number>`coalesce(sum(${orderPayments.amount_cents}) filter (where ${orderPayments.kind} = 'charge'), 0)`.mapWith(
          Number,
        ),
      refunded:
        sql<number>`coalesce(sum(${orderPayments.amount_cents}) filter (where ${orderPayments.kind} = 'refund'), 0)`.mapWith(
          Number,
        ),
    })
    .from(orderPayments)
    .where(inArray(orderPayments.order_id, orderIds))
    .groupBy(orderPayments.order_id);
  for (const row of rows) totals.set(row.orderId, { charged: row.charged, refunded: row.refunded });
  return totals;
}

/** Paid, refunded and net (paid less refunded) as the admin order answer shows them, in dollars. */
export function paidRefundedNet(totals: { charged: number; refunded: number } | undefined) {
  const charged = totals?.charged ?? 0;
  const refunded = totals?.refunded ?? 0;
  return {
    paid: toDollars(charged),
    refunded: toDollars(refunded),
    net: toDollars(charged - refunded),
  };
}

/** Whether the customer's money for this order all went back to them (nothing is held). */
export function isRefunded(facts: MoneyFacts): boolean {
  return facts.refunded > 0 && facts.held === 0;
}

/** The ledger as the back office shows it (dollars, as every amount in the admin answer). */
export function toOrderPayment(row: OrderPaymentRow): OrderPayment {
  return {
    kind: row.kind,
    amount: toDollars(row.amount_cents),
    provider: row.provider,
    provider_id: row.provider_id,
    staff: row.staff,
    reason: row.reason,
    created_at: row.created_at.toISOString(),
  };
}

/**
 * Records the customer's payment of a just-paid order (inside markPaid's transaction, under the
 * order's lock): its total, under the payment session's id. A free order charges nothing (false).
 */
export async function recordCharge(tx: DbOrTx, order: OrderRow): Promise<boolean> {
  const amount = order.total_amount_cents;
  if (amount <= 0) return false;
  await tx
    .insert(orderPayments)
    .values({
      order_id: order.id,
      kind: "charge",
      amount_cents: amount,
      provider: order.payment_provider,
      provider_id: order.payment_session_id ?? `order:${order.id}`,
    })
    .onConflictDoNothing();
  return true;
}

/**
 * Writes a refund's ledger row, once per provider refund id: undefined when the ledger already
 * holds that refund.
 */
export async function insertRefund(
  tx: DbOrTx,
  order: OrderRow,
  refund: { providerId: string; amountCents: number; staff: string; reason: string },
): Promise<OrderPaymentRow | undefined> {
  const [row] = await tx
    .insert(orderPayments)
    .values({
      order_id: order.id,
      kind: "refund",
      amount_cents: refund.amountCents,
      provider: order.payment_provider,
      provider_id: refund.providerId,
      staff: refund.staff,
      reason: refund.reason,
    })
    .onConflictDoNothing()
    .returning();
  return row;
}

/**
 * Gives `amountCents` back to the customer of a locked order through the provider that took the
 * payment, and records the refund in the ledger, once: the provider refunds one idempotency key
 * once, and the ledger holds one row per provider id. Refused with 409 when it is more than the
 * store still holds of the customer's money (nothing is refunded then), or when the payment went
 * through a provider this server does not run. Returns the ledger row.
 */
export async function refundPayment(
  tx: DbOrTx,
  order: OrderRow,
  issuer: RefundIssuer,
  refund: { amountCents: number; idempotencyKey: string; staff: string; reason: string },
): Promise<OrderPaymentRow> {
  const facts = moneyFacts(order, await paymentsOf(tx, order.id));
  if (!Number.isSafeInteger(refund.amountCents) || refund.amountCents <= 0)
    throw new AppError("invalid", "A refund must be a positive amount in whole cents.");
  if (refund.amountCents > facts.held)
    throw conflict(
      `A refund of ${formatUsd(toDollars(refund.amountCents))} is more than the ${formatUsd(toDollars(facts.held))} the customer paid and has not had back: nothing was refunded. Refund at most ${formatUsd(toDollars(facts.held))}.`,
    );
  if (order.payment_provider !== issuer.name)
    throw conflict(
      `This order was paid through ${order.payment_provider}, which this server is not set up to refund through: refund it in that provider's dashboard.`,
    );
  let providerId: string;
  try {
    providerId = (await issuer.refund(order, refund.amountCents, refund.idempotencyKey)).id;
  } catch (error) {
    // Nothing changed here: the transaction rolls back and staff may try again (same key).
    throw new AppError(
      "unavailable",
      `The payment provider did not make the refund (${error instanceof Error ? error.message : String(error)}). Nothing was changed: try again in a minute.`,
    );
  }
  const row = await insertRefund(tx, order, { ...refund, providerId });
  if (row) {
    // Counted when its ledger row is first written: a retried key finds the row and is not.
    orderMetrics(issuer.metrics).refundIssued(row.provider, row.amount_cents);
    return row;
  }
  // The provider answered a retried key with the refund already recorded.
  const [recorded] = (await paymentsOf(tx, order.id)).filter(
    (payment) => payment.kind === "refund" && payment.provider_id === providerId,
  );
  if (!recorded) throw new Error("the refund row vanished under the order's lock");
  return recorded;
}

/**
 * Queues the email that tells the customer about a refund. It is always sent, whatever staff
 * chose about emails: money leaving must never be a surprise. Once per refund (its provider id).
 */
export async function queueRefundEmail(
  db: DbOrTx,
  order: OrderRow,
  refund: OrderPaymentRow,
  options: { publicUrl: string; cancelled: boolean; cancelledLines?: string[] },
): Promise<boolean> {
  const amount = formatUsd(toDollars(refund.amount_cents));
  const lines = options.cancelledLines ?? [];
  const content = renderEmail({
    subject: `Your refund of ${amount} for order ${order.friendly_order_id}`,
    heading: options.cancelled
      ? `Order ${order.friendly_order_id} was cancelled and refunded`
      : lines.length > 0
        ? `Part of order ${order.friendly_order_id} was cancelled and refunded`
        : `We refunded ${amount} for order ${order.friendly_order_id}`,
    paragraphs: [
      ...(lines.length > 0 ? [`We cancelled ${lines.join(", ")} from your order.`] : []),
      `We refunded ${amount} to ${refundDestination(order.payment_provider)}.`,
      "Card refunds usually appear on your statement within 5 to 10 business days.",
    ],
    table: [
      ["Order", order.friendly_order_id],
      ["Refund", amount],
      ["Refund reference", refund.provider_id],
    ],
    action: {
      label: "View your order",
      url: trackingPageUrl(options.publicUrl, order.tracking_token),
    },
    footnotes: [`Questions about your refund? Call us at ${storeIdentity().phone}.`],
  });
  return enqueueMail(db, {
    kind: "order-refund",
    to: order.customer_email,
    dedupeKey: `order-refund:${order.id}:${refund.provider_id}`,
    ...content,
  });
}

/** The audit entry of a refund recorded on an order, by whoever gave or reported it. */
export function auditRefund(db: DbOrTx, actor: string, orderId: string, refund: OrderPaymentRow) {
  return writeAudit(db, {
    actor,
    action: "order.refunded",
    entityType: "order",
    entityId: orderId,
    after: {
      refund_id: refund.provider_id,
      amount: toDollars(refund.amount_cents),
      reason: refund.reason,
    },
  });
}
