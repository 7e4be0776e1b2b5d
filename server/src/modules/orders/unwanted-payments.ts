import type { Tx } from "../../db/client.ts";
import type { OrderPaymentRow } from "../../db/schema/order-payments.ts";
import {
  auditRefund,
  moneyFacts,
  paymentsOf,
  type RefundIssuer,
  refundPayment,
} from "./order-payments.ts";
import { applyEvent } from "./order-transitions.ts";
import { lockOrder } from "./orders.repository.ts";

/**
 * Gives back all the customer paid for an order nobody wants any more (an installation deposit
 * paid after its job was cancelled, or a deposit or balance the job already had paid), inside the caller's transaction under the order's lock:
 * refunded in full through the provider that took it (a ledger row under `idempotencyKey`), the
 * order cancelled and its boxes released (a late payment may have taken them again), the refund
 * audited. Exactly once: an order that holds nothing of the customer's money is left alone (null),
 * so a second confirmation of the same payment refunds nothing. The caller tells the customer.
 */
export async function refundUnwantedPayment(
  tx: Tx,
  orderId: string,
  options: { refunds: RefundIssuer; idempotencyKey: string; actor: string; reason: string },
): Promise<OrderPaymentRow | null> {
  const order = await lockOrder(tx, { orderId });
  if (order?.payment_status !== "paid") return null;
  const { held } = moneyFacts(order, await paymentsOf(tx, order.id));
  if (held <= 0) return null;
  const refund = await refundPayment(tx, order, options.refunds, {
    amountCents: held,
    idempotencyKey: options.idempotencyKey,
    staff: options.actor,
    reason: options.reason,
  });
  // Nothing is owed and no boxes are wanted: the "look at this order" flag a late payment may
  // have raised (its boxes were gone) has nothing left for staff to do.
  if (order.status !== "cancelled")
    await applyEvent(tx, [order], "cancel", {
      actor: options.actor,
      changes: () => ({ needs_attention: false }),
    });
  await auditRefund(tx, options.actor, order.id, refund);
  return refund;
}
