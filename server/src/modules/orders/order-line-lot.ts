import type { OrderLineLotChoices } from "@mcf/contracts/lots";
import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import {
  type OrderItemLotRow,
  type OrderItemRow,
  type OrderRow,
  orderItemLots,
  orderItems,
} from "../../db/schema/orders.ts";
import { conflict, notFound } from "../../errors.ts";
import { writeAudit } from "../audit/audit.service.ts";
import { findLot, lockProductStock, lotsOfProduct, takeFromLot } from "../stock/stock.service.ts";
import { boxesFromLot } from "./order-line-boxes.ts";
import { lotsByItem, returnLotsOfItems } from "./order-lots.ts";
import { lotChangeRefusal } from "./order-status.ts";

/**
 * Staff choose a line's dye lot by hand while packing (decision 103): the customer asked for the
 * lot of an earlier purchase, or allocation spread the line over several lots. The line's boxes
 * stay the order's (the stock count never moves), only the lot they come from changes.
 */

/** The box line `itemId` of the order, its product still in the catalogue; 404 or 409 otherwise. */
async function boxLineOf(
  db: DbOrTx,
  orderId: string,
  itemId: number,
): Promise<OrderItemRow & { product_id: number }> {
  const [item] = await db
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.id, itemId), eq(orderItems.order_id, orderId)));
  if (!item) throw notFound("This order has no such line");
  if (item.kind !== "box")
    throw conflict("Samples are cut from showroom stock: they come from no dye lot.");
  if (item.product_id === null)
    throw conflict("The product of this line was deleted: it has no dye lots to choose from.");
  return { ...item, product_id: item.product_id };
}

/** The boxes each lot gave the line and still misses (none once they went back), by lot id. */
function heldByLot(rows: OrderItemLotRow[]): Map<number, number> {
  const held = new Map<number, number>();
  for (const row of rows)
    if (row.lot_id !== null) held.set(row.lot_id, (held.get(row.lot_id) ?? 0) + boxesFromLot(row));
  return held;
}

/** The line comes whole from `lotId` already, and is not marked short. */
function comesWholeFrom(item: OrderItemRow, rows: OrderItemLotRow[], lotId: number): boolean {
  return (
    !item.lot_short &&
    rows.length === 1 &&
    rows[0]?.lot_id === lotId &&
    boxesFromLot(rows[0]) === item.quantity
  );
}

/**
 * The lots of a line's product for the order panel's picker: each lot's boxes left, whether it
 * can give the whole line (the boxes it already gave the line count, since they would go back
 * into it first), and whether the line comes from it now. 404 for an unknown line.
 */
export async function lineLotChoices(
  db: DbOrTx,
  order: OrderRow,
  itemId: number,
): Promise<OrderLineLotChoices> {
  const item = await boxLineOf(db, order.id, itemId);
  const rows = (await lotsByItem(db, [item.id])).get(item.id) ?? [];
  const held = heldByLot(rows);
  const lots = await lotsOfProduct(db, item.product_id);
  return {
    order_item_id: item.id,
    product_id: item.product_id,
    quantity: item.quantity,
    lots: lots.map((lot) => ({
      lot_id: lot.id,
      lot_code: lot.lot_code,
      boxes_left: lot.boxes,
      covers_line: lot.boxes + (held.get(lot.id) ?? 0) >= item.quantity,
      current: comesWholeFrom(item, rows, lot.id),
    })),
  };
}

/** The lot codes and boxes a line came from, as its audit entry records them. */
const lotsView = (rows: OrderItemLotRow[]) =>
  rows.map((row) => ({ lot_code: row.lot_code, boxes: boxesFromLot(row) }));

/**
 * Moves all of a line's boxes to lot `lotId` of the same product, inside the caller's transaction
 * on the locked `order`: under the product's row lock (the lock every stock change takes before
 * its lots), the boxes the line holds go back into the lots they came from, then the whole line
 * is taken from the chosen lot and the line is no longer marked short. Prices and the stock count
 * never change. 409 when the order no longer holds its boxes (see `lotChangeRefusal`), when the
 * lot is of another product or gone, or when it cannot give the whole line; nothing changes then.
 * Audited as order.lot, naming `actor`.
 */
export async function moveLineToLot(
  tx: DbOrTx,
  order: OrderRow,
  itemId: number,
  lotId: number,
  actor: string,
): Promise<void> {
  const refusal = lotChangeRefusal(order);
  if (refusal) throw conflict(refusal);
  const item = await boxLineOf(tx, order.id, itemId);
  if (!(await lockProductStock(tx, item.product_id)))
    throw conflict("The product of this line was deleted: it has no dye lots to choose from.");
  const lot = await findLot(tx, lotId);
  if (!lot) throw conflict("That dye lot no longer exists: reload the order and choose another.");
  if (lot.product_id !== item.product_id)
    throw conflict(
      `Lot ${lot.lot_code} is a lot of another product, not of "${item.product_name}".`,
    );
  const before = (await lotsByItem(tx, [item.id])).get(item.id) ?? [];
  if (comesWholeFrom(item, before, lot.id)) return;
  const available = lot.boxes + (heldByLot(before).get(lot.id) ?? 0);
  const tooSmall = conflict(
    `Lot ${lot.lot_code} has only ${available} ${available === 1 ? "box" : "boxes"} for this line, which needs ${item.quantity}. Choose another lot.`,
  );
  if (available < item.quantity) throw tooSmall;
  // Back into their lots first (so the chosen lot counts the boxes it gave), then all from it.
  await returnLotsOfItems(tx, [item.id]);
  await tx.delete(orderItemLots).where(eq(orderItemLots.order_item_id, item.id));
  if (!(await takeFromLot(tx, lot.id, item.quantity))) throw tooSmall;
  await tx.insert(orderItemLots).values({
    order_item_id: item.id,
    lot_id: lot.id,
    lot_code: lot.lot_code,
    boxes: item.quantity,
  });
  await tx.update(orderItems).set({ lot_short: false }).where(eq(orderItems.id, item.id));
  await writeAudit(tx, {
    actor,
    action: "order.lot",
    entityType: "order",
    entityId: order.id,
    before: {
      order_item_id: item.id,
      product_name: item.product_name,
      lots: lotsView(before),
      lot_short: item.lot_short,
    },
    after: {
      order_item_id: item.id,
      product_name: item.product_name,
      lot_code: lot.lot_code,
      lots: [{ lot_code: lot.lot_code, boxes: item.quantity }],
      lot_short: false,
    },
  });
}
