import { toDollars } from "@mcf/contracts/money";
import type { PartnerOrder } from "@mcf/contracts/partners";
import { and, count, desc, eq, inArray, isNotNull } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { orders } from "../../db/schema/orders.ts";

/**
 * A partner's paid orders, newest first (at most 100): what their ACE account lists, each with
 * its tracking page. Unpaid checkouts they left are not orders yet.
 */
export async function listPartnerOrders(
  db: DbOrTx,
  partnerUserId: string,
): Promise<PartnerOrder[]> {
  const rows = await db
    .select({
      friendly_order_id: orders.friendly_order_id,
      paid_at: orders.paid_at,
      created_at: orders.created_at,
      status: orders.status,
      total_amount_cents: orders.total_amount_cents,
      tracking_token: orders.tracking_token,
    })
    .from(orders)
    .where(and(eq(orders.partner_user_id, partnerUserId), isNotNull(orders.paid_at)))
    .orderBy(desc(orders.created_at))
    .limit(100);
  return rows.map((row) => ({
    order_number: row.friendly_order_id,
    placed_at: (row.paid_at ?? row.created_at).toISOString(),
    status: row.status,
    total: toDollars(row.total_amount_cents),
    track_url: `/track/${row.tracking_token}`,
  }));
}

/** How many paid orders each of these partner accounts placed, by account id (none: 0). */
export async function paidOrderCounts(
  db: DbOrTx,
  partnerIds: string[],
): Promise<Map<string, number>> {
  if (partnerIds.length === 0) return new Map();
  const rows = await db
    .select({ partnerId: orders.partner_user_id, n: count() })
    .from(orders)
    .where(and(inArray(orders.partner_user_id, partnerIds), eq(orders.payment_status, "paid")))
    .groupBy(orders.partner_user_id);
  return new Map(rows.map((row) => [row.partnerId ?? "", Number(row.n)]));
}
