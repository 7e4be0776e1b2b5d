import { and, asc, eq, gte, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { orderItems, products } from "../../db/schema/index.ts";

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

/** Puts boxes back on the shelf (products deleted since are skipped). */
export async function returnStock(tx: DbOrTx, lines: StockLine[]): Promise<void> {
  for (const line of inLockOrder(lines)) {
    await tx
      .update(products)
      .set({ stock_quantity: sql`${products.stock_quantity} + ${line.quantity}` })
      .where(eq(products.id, line.productId));
  }
}

/** The stock lines of an order, from its items. */
export async function orderStockLines(tx: DbOrTx, orderId: string): Promise<StockLine[]> {
  const rows = await tx
    .select({ productId: orderItems.product_id, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.order_id, orderId))
    .orderBy(asc(orderItems.product_id));
  return rows.flatMap((row) =>
    row.productId === null ? [] : [{ productId: row.productId, quantity: row.quantity }],
  );
}
