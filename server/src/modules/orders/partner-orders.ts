import { toDollars } from "@mcf/contracts/money";
import type { PartnerOrder } from "@mcf/contracts/partners";
import { and, desc, eq, isNotNull } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { orders } from "../../db/schema/index.ts";

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
