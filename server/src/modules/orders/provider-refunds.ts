import type { Db } from "../../db/client.ts";
import { auditRefund, insertRefund, queueRefundEmail } from "./order-payments.ts";
import { lockOrder } from "./orders.repository.ts";

/** Who the ledger and the audit log name for a refund staff made in the provider's dashboard. */
export const providerDashboardActor = "Stripe dashboard";

/**
 * Records the refunds the provider reports for an order that its ledger does not hold yet (made
 * in the provider's dashboard, not here), under the order's row lock: one row per provider refund
 * id, however often the event comes. Each new one is audited as made in the dashboard and emailed
 * to the customer once (a refund made here already has its row and its email). Returns how many
 * were new; 0 for an unknown order.
 */
export async function recordProviderRefunds(
  db: Db,
  orderId: string,
  refunds: Array<{ id: string; amountCents: number }>,
  options: { publicUrl: string },
): Promise<number> {
  // Metadata is free text: anything but a UUID names no order (and must not reach a uuid column).
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(orderId)) return 0;
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, { orderId });
    if (!order) return 0;
    let recorded = 0;
    for (const refund of refunds) {
      if (refund.amountCents <= 0) continue;
      const row = await insertRefund(tx, order, {
        providerId: refund.id,
        amountCents: refund.amountCents,
        staff: providerDashboardActor,
        reason: "Refunded in the Stripe dashboard",
      });
      if (!row) continue;
      recorded += 1;
      await auditRefund(tx, providerDashboardActor, order.id, row);
      await queueRefundEmail(tx, order, row, { publicUrl: options.publicUrl, cancelled: false });
    }
    return recorded;
  });
}
