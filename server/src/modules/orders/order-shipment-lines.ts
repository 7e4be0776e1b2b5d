import { inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { orderShipmentLines, orderShipments } from "../../db/schema/shipments.ts";

/** The boxes of each order line (order_item_id → boxes) that left in these orders' shipments. */
export async function shippedBoxesByItem(
  db: DbOrTx,
  orderIds: string[],
): Promise<Map<number, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({
      itemId: orderShipmentLines.order_item_id,
      boxes: sql<number>`sum(${orderShipmentLines.boxes})::integer`,
    })
    .from(orderShipmentLines)
    .innerJoin(orderShipments, sql`${orderShipments.id} = ${orderShipmentLines.shipment_id}`)
    .where(inArray(orderShipments.order_id, orderIds))
    .groupBy(orderShipmentLines.order_item_id);
  return new Map(rows.map((row) => [row.itemId, Number(row.boxes)]));
}
