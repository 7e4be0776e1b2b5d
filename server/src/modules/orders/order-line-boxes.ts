import { orderedBoxes } from "@mcf/contracts/order-boxes";
import { inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { type OrderItemLotRow, type OrderItemRow, orderItemLots } from "../../db/schema/orders.ts";
import { orderShipmentLines, orderShipments } from "../../db/schema/shipments.ts";

/** The boxes a line is still for (one rule for the server and the back office). */
export { orderedBoxes };

type LineCounts = Pick<OrderItemRow, "quantity" | "cancelled_quantity" | "backordered_boxes">;

/**
 * The boxes of a line the order holds in stock (reserved or allocated): its ordered boxes less
 * the backordered ones, which are not held until a purchase order's receipt allocates them; less
 * `shipped`, the boxes that already left in shipments (no longer the order's to ship, release or
 * take again), when given.
 */
export function heldBoxes(item: LineCounts, shipped = 0): number {
  return orderedBoxes(item, shipped) - item.backordered_boxes;
}

/** The boxes a line still has from one dye lot: those the lot gave it less those put back. */
export function boxesFromLot(lot: Pick<OrderItemLotRow, "boxes" | "returned_boxes">): number {
  return lot.boxes - lot.returned_boxes;
}

/** `boxesFromLot` in SQL, for sums over lot rows. */
export const boxesFromLotSql = sql<number>`${orderItemLots.boxes} - ${orderItemLots.returned_boxes}`;

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
