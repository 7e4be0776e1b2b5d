import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { orderItemLots, orderItems, orders } from "../../db/schema/orders.ts";
import { boxesFromLotSql } from "./order-line-boxes.ts";

/** The boxes open orders hold in one dye lot: allocated (paid) and reserved (open checkouts). */
export interface LotHolding {
  allocated: number;
  reserved: number;
}

/**
 * What open orders hold in each of a product's lots, by lot id: the boxes a line took from the
 * lot and has not given back, of orders that still hold their boxes (paid: allocated; unpaid with
 * the payment open: reserved). A lot's boxes are what it has available, so its on hand is those
 * plus what open orders hold in it.
 */
export async function heldBoxesByLot(
  db: DbOrTx,
  productId: number,
): Promise<Map<number, LotHolding>> {
  const held = sql<number>`sum(${boxesFromLotSql})::integer`;
  const rows = await db
    .select({ lotId: orderItemLots.lot_id, stockStatus: orders.stock_status, boxes: held })
    .from(orderItemLots)
    .innerJoin(orderItems, eq(orderItems.id, orderItemLots.order_item_id))
    .innerJoin(orders, eq(orders.id, orderItems.order_id))
    .where(
      and(
        isNotNull(orderItemLots.lot_id),
        eq(orderItems.product_id, productId),
        inArray(orders.stock_status, ["reserved", "committed"]),
      ),
    )
    .groupBy(orderItemLots.lot_id, orders.stock_status);
  const byLot = new Map<number, LotHolding>();
  for (const row of rows) {
    if (row.lotId === null) continue;
    const holding = byLot.get(row.lotId) ?? { allocated: 0, reserved: 0 };
    if (row.stockStatus === "committed") holding.allocated += Number(row.boxes);
    else holding.reserved += Number(row.boxes);
    byLot.set(row.lotId, holding);
  }
  return byLot;
}
