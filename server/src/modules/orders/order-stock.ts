import { and, asc, eq, gte, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { type OrderItemRow, type OrderRow, orderItems, products } from "../../db/schema/index.ts";
import { type LotLine, reallocateLots, returnLotsOfItems } from "./order-lots.ts";
import { holdsStock } from "./order-status.ts";

export interface StockLine {
  productId: number;
  quantity: number;
}

/** Lines in product-id order, so concurrent transactions lock rows in one order (no deadlocks). */
function inLockOrder(lines: StockLine[]): StockLine[] {
  return [...lines].sort((a, b) => a.productId - b.productId);
}

/**
 * Takes boxes off the shelf atomically: one conditional update per line, so two buyers can never
 * take the same last box. Returns the first line that could not be taken with how many are left
 * (the caller rolls its transaction back), or null when every line was taken.
 */
export async function takeStock(
  tx: DbOrTx,
  lines: StockLine[],
): Promise<{ productId: number; available: number } | null> {
  for (const line of inLockOrder(lines)) {
    const taken = await tx
      .update(products)
      .set({ stock_quantity: sql`${products.stock_quantity} - ${line.quantity}` })
      .where(and(eq(products.id, line.productId), gte(products.stock_quantity, line.quantity)))
      .returning({ id: products.id });
    if (taken.length === 0) {
      const [row] = await tx
        .select({ stock: products.stock_quantity })
        .from(products)
        .where(eq(products.id, line.productId));
      return { productId: line.productId, available: row?.stock ?? 0 };
    }
  }
  return null;
}

/**
 * The first line wanting more boxes than are on the shelf now (lines of one product added up),
 * with its name and how many are left; null when all fit. A read only: it reserves nothing.
 */
export async function findShortLine(
  db: DbOrTx,
  lines: StockLine[],
): Promise<{ productId: number; name: string; available: number } | null> {
  const wanted = new Map<number, number>();
  for (const line of lines)
    wanted.set(line.productId, (wanted.get(line.productId) ?? 0) + line.quantity);
  if (wanted.size === 0) return null;
  const rows = await db
    .select({ id: products.id, name: products.name, stock: products.stock_quantity })
    .from(products)
    .where(inArray(products.id, [...wanted.keys()]));
  for (const row of rows.sort((a, b) => a.id - b.id)) {
    if ((wanted.get(row.id) ?? 0) > row.stock)
      return { productId: row.id, name: row.name, available: row.stock };
  }
  return null;
}

/**
 * The boxes (not samples) of some orders, summed per product (products deleted since are skipped), so a batch
 * puts each product back with one update.
 */
export async function orderStockLines(tx: DbOrTx, orderIds: string[]): Promise<StockLine[]> {
  if (orderIds.length === 0) return [];
  const rows = await tx
    .select({ productId: orderItems.product_id, quantity: orderItems.quantity })
    .from(orderItems)
    // Sample lines never took box stock, so they never give any back.
    .where(and(inArray(orderItems.order_id, orderIds), eq(orderItems.kind, "box")))
    .orderBy(asc(orderItems.product_id));
  const boxesByProduct = new Map<number, number>();
  for (const row of rows) {
    if (row.productId === null) continue;
    boxesByProduct.set(row.productId, (boxesByProduct.get(row.productId) ?? 0) + row.quantity);
  }
  return [...boxesByProduct].map(([productId, quantity]) => ({ productId, quantity }));
}

/**
 * Puts back the boxes of the locked orders that still hold stock, in one pass over the products in
 * id order (a batch never locks products in an order that could deadlock with a checkout).
 * Returns the ids of the orders whose stock went back; the caller marks them released, so stock
 * returns at most once.
 */
export async function returnHeldStock(tx: DbOrTx, lockedOrders: OrderRow[]): Promise<Set<string>> {
  const holding = lockedOrders.filter(holdsStock).map((order) => order.id);
  for (const line of await orderStockLines(tx, holding)) {
    await tx
      .update(products)
      .set({ stock_quantity: sql`${products.stock_quantity} + ${line.quantity}` })
      .where(eq(products.id, line.productId));
  }
  // Then each line's boxes back into the lots they came from (products locked above first).
  await returnLotsOfItems(tx, await boxItemIds(tx, holding));
  return new Set(holding);
}

async function boxItemIds(tx: DbOrTx, orderIds: string[]): Promise<number[]> {
  if (orderIds.length === 0) return [];
  const rows = await tx
    .select({ id: orderItems.id })
    .from(orderItems)
    .where(and(inArray(orderItems.order_id, orderIds), eq(orderItems.kind, "box")));
  return rows.map((row) => row.id);
}

/** The box lines of an order as lot lines (samples and lines of deleted products left out). */
export function lotLinesOf(
  items: OrderItemRow[],
  lotIdOf: (index: number) => number | null = () => null,
): LotLine[] {
  return items.flatMap((item, index) =>
    item.kind === "box" && item.product_id !== null
      ? [
          {
            orderItemId: item.id,
            productId: item.product_id,
            productName: item.product_name,
            quantity: item.quantity,
            lotId: lotIdOf(index),
          },
        ]
      : [],
  );
}

class StockShortError extends Error {}

/**
 * Makes a paid order's boxes sold: a reservation becomes committed; a reservation already
 * released (it expired) is taken again when the stock is there, else the order is flagged
 * `needs_attention` (the customer was charged: never dropped). Returns the columns to store.
 */
export async function commitStock(
  tx: DbOrTx,
  order: OrderRow,
): Promise<Pick<OrderRow, "stock_status" | "needs_attention">> {
  if (order.stock_status !== "released")
    return { stock_status: "committed", needs_attention: order.needs_attention };
  const lines = await orderStockLines(tx, [order.id]);
  try {
    await tx.transaction(async (savepoint) => {
      if (await takeStock(savepoint, lines)) throw new StockShortError();
      const items = await savepoint
        .select()
        .from(orderItems)
        .where(eq(orderItems.order_id, order.id));
      await reallocateLots(savepoint, lotLinesOf(items));
    });
    return { stock_status: "committed", needs_attention: order.needs_attention };
  } catch (error) {
    if (!(error instanceof StockShortError)) throw error;
    return { stock_status: "released", needs_attention: true };
  }
}
