import type { AccountOrder } from "@mcf/contracts/accounts";
import { and, asc, desc, eq, inArray, isNotNull } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { sameEmail } from "../../db/same-email.ts";
import { orderItems, orderReturns, orders } from "../../db/schema/orders.ts";
import { orderedBoxes } from "./order-line-boxes.ts";
import { lotsByItem } from "./order-lots.ts";
import { lineLotFields } from "./order-views.ts";

/** The most orders one account lists. */
const maxListedOrders = 100;

/**
 * The paid orders placed with this (verified) email, newest first: what a shopper's account
 * lists, guest checkouts included. Unpaid checkouts they left are not orders yet. Each box line
 * names the dye lot its boxes came from when they all came from one.
 */
export async function listOrdersByEmail(db: DbOrTx, email: string): Promise<AccountOrder[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(and(sameEmail(orders.customer_email, email), isNotNull(orders.paid_at)))
    .orderBy(desc(orders.created_at))
    .limit(maxListedOrders);
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const items = await db
    .select()
    .from(orderItems)
    .where(inArray(orderItems.order_id, ids))
    .orderBy(asc(orderItems.id));
  const returns = await db
    .select({
      order_id: orderReturns.order_id,
      status: orderReturns.status,
      created_at: orderReturns.created_at,
    })
    .from(orderReturns)
    .where(inArray(orderReturns.order_id, ids))
    .orderBy(asc(orderReturns.id));
  const lots = await lotsByItem(
    db,
    items.filter((item) => item.kind === "box").map((item) => item.id),
  );
  return rows.map((row) => ({
    order_number: row.friendly_order_id,
    placed_at: (row.paid_at ?? row.created_at).toISOString(),
    status: row.status,
    total_cents: row.total_amount_cents,
    track_url: `/track/${row.tracking_token}`,
    shipping_carrier: row.shipping_carrier,
    tracking_number: row.tracking_number,
    returns: returns
      .filter((entry) => entry.order_id === row.id)
      .map((entry) => ({ status: entry.status, requested_at: entry.created_at.toISOString() })),
    lines: items
      .filter((item) => item.order_id === row.id)
      .map((item) => {
        const lot = lineLotFields(item, lots.get(item.id));
        return {
          product_id: item.product_id,
          product_name: item.product_name,
          kind: item.kind,
          quantity: orderedBoxes(item),
          lot_id: item.kind === "box" ? lot.lot_id : null,
          lot_code: item.kind === "box" ? lot.lot_code : null,
          image_url: item.image_url,
        };
      }),
  }));
}

/** The products this email ordered samples of (paid orders): a project marks their rooms. */
export async function sampledProductIdsByEmail(db: DbOrTx, email: string): Promise<Set<number>> {
  const rows = await db
    .selectDistinct({ product_id: orderItems.product_id })
    .from(orderItems)
    .innerJoin(orders, eq(orderItems.order_id, orders.id))
    .where(
      and(
        eq(orderItems.kind, "sample"),
        isNotNull(orders.paid_at),
        sameEmail(orders.customer_email, email),
      ),
    );
  return new Set(rows.flatMap((row) => (row.product_id === null ? [] : [row.product_id])));
}
