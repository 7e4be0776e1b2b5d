import { and, asc, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { type OrderItemRow, type OrderRow, orderItems } from "../../db/schema/orders.ts";
import { conflict } from "../../errors.ts";
import {
  allocateReserved,
  availableBoxes,
  releaseStock,
  type ShortLine,
  type StockLine,
  type StockReference,
  shipStock,
  takeAgain,
} from "../stock/stock.service.ts";
import { boxesFromLot, heldBoxes, orderedBoxes, shippedBoxesByItem } from "./order-line-boxes.ts";
import {
  type LotLine,
  lotsByItem,
  reallocateLots,
  returnBoxesToLots,
  returnLotsOfItems,
} from "./order-lots.ts";
import { holdsStock } from "./order-status.ts";

export type { StockLine };

/**
 * The first line wanting more boxes than are on the shelf now (lines of one product added up),
 * with its name and how many are left; null when all fit. A read only: it reserves nothing.
 */
export async function findShortLine(
  db: DbOrTx,
  lines: StockLine[],
  /** Boxes beyond what is available that a line may want (open purchase orders bring them). */
  extra: Map<number, number> = new Map(),
): Promise<{ productId: number; name: string; available: number } | null> {
  const wanted = new Map<number, number>();
  for (const line of lines)
    wanted.set(line.productId, (wanted.get(line.productId) ?? 0) + line.quantity);
  if (wanted.size === 0) return null;
  const rows = await availableBoxes(db, [...wanted.keys()]);
  for (const row of rows.sort((a, b) => a.id - b.id)) {
    if ((wanted.get(row.id) ?? 0) > Math.max(0, row.stock) + (extra.get(row.id) ?? 0))
      return { productId: row.id, name: row.name, available: row.stock };
  }
  return null;
}

/**
 * The boxes (not samples) some orders still hold, summed per product (products deleted since are
 * skipped), so a batch moves each product with one update; with the dye lots the boxes are still
 * held in (what each line took from a lot and has not given back), so the ledger rows name their
 * lot. Boxes that already left in a shipment are no longer the order's to ship, release or take
 * again, and a line partly shipped no longer says which lot its other boxes are in.
 */
export async function orderStockLines(tx: DbOrTx, orderIds: string[]): Promise<StockLine[]> {
  if (orderIds.length === 0) return [];
  const rows = await tx
    .select({
      id: orderItems.id,
      productId: orderItems.product_id,
      quantity: orderItems.quantity,
      cancelled_quantity: orderItems.cancelled_quantity,
      backordered_boxes: orderItems.backordered_boxes,
    })
    .from(orderItems)
    // Sample lines never took box stock, so they never give any back.
    .where(and(inArray(orderItems.order_id, orderIds), eq(orderItems.kind, "box")))
    .orderBy(asc(orderItems.product_id));
  const shipped = await shippedBoxesByItem(tx, orderIds);
  const lotsOfItem = await lotsByItem(
    tx,
    rows.map((row) => row.id),
  );
  const byProduct = new Map<number, StockLine>();
  for (const row of rows) {
    const shippedBoxes = shipped.get(row.id) ?? 0;
    const held = heldBoxes(row, shippedBoxes);
    if (row.productId === null || held <= 0) continue;
    const line = byProduct.get(row.productId) ?? {
      productId: row.productId,
      quantity: 0,
      lots: [],
    };
    line.quantity += held;
    if (shippedBoxes === 0) {
      for (const lot of lotsOfItem.get(row.id) ?? []) {
        const boxes = boxesFromLot(lot);
        if (lot.lot_id !== null && boxes > 0) line.lots?.push({ lotId: lot.lot_id, boxes });
      }
    }
    byProduct.set(row.productId, line);
  }
  return [...byProduct.values()];
}

/** How an order is named in the stock ledger: its number, and who moved its boxes. */
export function orderReference(order: OrderRow, staff: string | null = null): StockReference {
  return { orderId: order.id, reference: `Order ${order.friendly_order_id}`, staff };
}

/**
 * The order's ledger reference, saying how many of its boxes are backordered (not held yet) when
 * any are: "Order MCF-… (3 boxes backordered)".
 */
export function backorderReference(
  order: OrderRow,
  items: Array<Pick<OrderItemRow, "backordered_boxes">>,
  staff: string | null = null,
): StockReference {
  const ref = orderReference(order, staff);
  const backordered = items.reduce((sum, item) => sum + item.backordered_boxes, 0);
  if (backordered === 0) return ref;
  return {
    ...ref,
    reference: `${ref.reference} (${backordered} ${backordered === 1 ? "box" : "boxes"} backordered)`,
  };
}

/** Which of the product's numbers an order's boxes count in now, or null when in none. */
export function heldAs(order: OrderRow): "reserved" | "allocated" | null {
  if (!holdsStock(order)) return null;
  return order.stock_status === "committed" ? "allocated" : "reserved";
}

/**
 * A cancel: the boxes the locked orders still hold go back to be sold (their allocation or
 * reservation released; on hand does not move), in one pass over the products in id order (a
 * batch never locks products in an order that could deadlock with a checkout). Returns the ids of
 * the orders whose boxes went back; the caller marks them released, so they go back at most once.
 */
export async function returnHeldStock(
  tx: DbOrTx,
  lockedOrders: OrderRow[],
  staff: string | null,
): Promise<Set<string>> {
  const holding = lockedOrders.filter(holdsStock);
  const moves = [];
  for (const order of holding)
    for (const line of await orderStockLines(tx, [order.id]))
      moves.push({ ...line, from: heldAs(order) ?? "reserved", ref: orderReference(order, staff) });
  await releaseStock(tx, moves);
  // Then each line's boxes back into the lots they came from (products locked above first); a
  // line partly shipped gives back only the boxes still here.
  const itemIds = await boxItemIds(
    tx,
    holding.map((order) => order.id),
  );
  const shipped = await shippedBoxesByItem(
    tx,
    holding.map((order) => order.id),
  );
  await returnLotsOfItems(
    tx,
    itemIds.filter((id) => !shipped.has(id)),
  );
  for (const [itemId, boxes] of shipped) {
    const [item] = await tx.select().from(orderItems).where(eq(orderItems.id, itemId));
    // Cancelled boxes went back when cancelled; backordered ones never came from a lot.
    const here = item ? heldBoxes(item, boxes) : 0;
    if (here > 0) await returnBoxesToLots(tx, itemId, here);
  }
  return new Set(holding.map((order) => order.id));
}

/**
 * An order waiting for backordered boxes ships whole or is picked up only once they arrived: 409
 * saying how many it waits for. (A part shipment of the boxes it holds may leave before: see
 * `recordShipment`.) An order that holds no boxes (cancelled) waits for none.
 */
async function refuseWhileBackordered(tx: DbOrTx, order: OrderRow): Promise<void> {
  if (!holdsStock(order)) return;
  const items = await tx.select().from(orderItems).where(eq(orderItems.order_id, order.id));
  const waiting = items.reduce((sum, item) => sum + item.backordered_boxes, 0);
  if (waiting > 0)
    throw conflict(
      `This order waits for ${waiting} backordered ${waiting === 1 ? "box" : "boxes"}: it ships when they arrive (receive the purchase order first), or cancel them.`,
    );
}

/** A 409 saying how many boxes are available when an order cannot take its boxes again. */
function notAvailableError(items: OrderItemRow[], short: ShortLine) {
  const name =
    items.find((item) => item.product_id === short.productId)?.product_name ??
    `Product ${short.productId}`;
  const wanted = items
    .filter((item) => item.kind === "box" && item.product_id === short.productId)
    .reduce((sum, item) => sum + orderedBoxes(item), 0);
  const available = Math.max(0, short.available);
  return conflict(
    `Only ${available} ${available === 1 ? "box" : "boxes"} of "${name}" ${available === 1 ? "is" : "are"} available now, and this order needs ${wanted}: it cannot take its boxes again. Count the stock or change the order first.`,
  );
}

/**
 * An order leaving "cancelled" (or a released order staff move on) takes its boxes again, once:
 * allocated when paid, else reserved, with its dye lots chosen anew. 409 saying how many are
 * available when they no longer are; nothing changes then. Returns the stock status to store.
 */
export async function takeStockAgain(
  tx: DbOrTx,
  order: OrderRow,
  staff: string | null,
): Promise<OrderRow["stock_status"]> {
  if (order.stock_status !== "released") return order.stock_status;
  const paid = order.payment_status === "paid";
  const short = await takeAgain(
    tx,
    await orderStockLines(tx, [order.id]),
    paid ? "allocated" : "reserved",
    orderReference(order, staff),
  );
  const items = await tx.select().from(orderItems).where(eq(orderItems.order_id, order.id));
  if (short) throw notAvailableError(items, short);
  await reallocateLots(tx, lotLinesOf(items));
  return paid ? "committed" : "reserved";
}

/**
 * The order's boxes leave the building (shipped or picked up): off on hand and off what it held.
 * An order that held none (it was cancelled) takes them from what is available, or is refused
 * with 409 saying how many are. Returns the stock status to store: shipped, once.
 */
export async function shipOrderStock(
  tx: DbOrTx,
  order: OrderRow,
  staff: string | null,
): Promise<OrderRow["stock_status"]> {
  if (order.stock_status === "shipped") return "shipped";
  await refuseWhileBackordered(tx, order);
  const from = order.stock_status === "released" ? "available" : heldAs(order);
  if (from === null) return order.stock_status;
  const short = await shipStock(
    tx,
    await orderStockLines(tx, [order.id]),
    from,
    orderReference(order, staff),
  );
  if (short || from === "available") {
    const items = await tx.select().from(orderItems).where(eq(orderItems.order_id, order.id));
    if (short) throw notAvailableError(items, short);
    // Boxes taken from what was available leave from its dye lots too.
    await reallocateLots(tx, lotLinesOf(items));
  }
  return "shipped";
}

async function boxItemIds(tx: DbOrTx, orderIds: string[]): Promise<number[]> {
  if (orderIds.length === 0) return [];
  const rows = await tx
    .select({ id: orderItems.id })
    .from(orderItems)
    .where(and(inArray(orderItems.order_id, orderIds), eq(orderItems.kind, "box")));
  return rows.map((row) => row.id);
}

/**
 * The box lines of an order as lot lines, with the boxes they still hold (samples, lines of
 * deleted products, wholly cancelled lines and backordered boxes left out).
 */
export function lotLinesOf(
  items: OrderItemRow[],
  lotIdOf: (index: number) => number | null = () => null,
): LotLine[] {
  return items.flatMap((item, index) => {
    const quantity = heldBoxes(item);
    if (item.kind !== "box" || item.product_id === null || quantity <= 0) return [];
    const { id: orderItemId, product_id: productId, product_name: productName } = item;
    return [{ orderItemId, productId, productName, quantity, lotId: lotIdOf(index) }];
  });
}

class StockShortError extends Error {}

/**
 * Makes a paid order's boxes sold: reserved boxes become allocated; a reservation already
 * released (it expired) is taken again when the stock is there, else the order is flagged
 * `needs_attention` (the customer was charged: never dropped). Boxes that already left stay gone.
 * Returns the columns to store.
 */
export async function commitStock(
  tx: DbOrTx,
  order: OrderRow,
): Promise<Pick<OrderRow, "stock_status" | "needs_attention">> {
  const keep = { needs_attention: order.needs_attention };
  if (order.stock_status === "shipped" || order.stock_status === "committed")
    return { stock_status: order.stock_status, ...keep };
  const lines = await orderStockLines(tx, [order.id]);
  if (order.stock_status === "reserved") {
    const items = await tx.select().from(orderItems).where(eq(orderItems.order_id, order.id));
    await allocateReserved(tx, lines, backorderReference(order, items));
    return { stock_status: "committed", ...keep };
  }
  try {
    await tx.transaction(async (savepoint) => {
      if (await takeAgain(savepoint, lines, "allocated", orderReference(order)))
        throw new StockShortError();
      const items = await savepoint
        .select()
        .from(orderItems)
        .where(eq(orderItems.order_id, order.id));
      await reallocateLots(savepoint, lotLinesOf(items));
    });
    return { stock_status: "committed", ...keep };
  } catch (error) {
    if (!(error instanceof StockShortError)) throw error;
    return { stock_status: "released", needs_attention: true };
  }
}

/**
 * Some boxes an order holds leave in a shipment: off on hand and off what it held (the stock
 * ledger rows name the order, and how many of its boxes are backordered when any are). The
 * caller checked each line ships no more than the order holds of it (`recordShipment`); 409
 * saying how many are available when they are not.
 */
export async function shipOrderLines(
  tx: DbOrTx,
  order: OrderRow,
  lines: StockLine[],
  staff: string | null,
): Promise<void> {
  const from = heldAs(order);
  if (from === null) throw conflict("This order holds no boxes to ship.");
  const items = await tx.select().from(orderItems).where(eq(orderItems.order_id, order.id));
  const short = await shipStock(tx, lines, from, backorderReference(order, items, staff));
  if (short) throw notAvailableError(items, short);
}
