import type { ProductLots, ProductLotsUpdate } from "@mcf/contracts/lots";
import { asc, eq, inArray } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client.ts";
import { type ProductLotRow, productLots, products } from "../../db/schema/index.ts";
import { invalid, notFound } from "../../errors.ts";
import { writeAudit } from "../audit/audit.service.ts";

/**
 * A product's dye lots are a breakdown of its stock count (decision 080): their boxes add up to
 * at most `stock_quantity`; the rest are boxes outside every lot. Orders move the lots with the
 * stock (orders/order-lots.ts); staff record and correct them here.
 */

function toProductLots(stock: number, rows: ProductLotRow[]): ProductLots {
  const inLots = rows.reduce((sum, row) => sum + row.boxes, 0);
  return {
    product_id: rows[0]?.product_id ?? 0,
    stock_quantity: stock,
    lots: rows.map((row) => ({ id: row.id, lot_code: row.lot_code, boxes: row.boxes })),
    boxes_outside_lots: Math.max(0, stock - inLots),
  };
}

async function lotRows(db: DbOrTx, productId: number): Promise<ProductLotRow[]> {
  return db
    .select()
    .from(productLots)
    .where(eq(productLots.product_id, productId))
    .orderBy(asc(productLots.id));
}

/** A product's lots for the staff editor. 404 for an unknown product. */
export async function getProductLots(db: DbOrTx, productId: number): Promise<ProductLots> {
  const [product] = await db
    .select({ stock: products.stock_quantity })
    .from(products)
    .where(eq(products.id, productId));
  if (!product) throw notFound("Product not found");
  return { ...toProductLots(product.stock, await lotRows(db, productId)), product_id: productId };
}

/**
 * Staff save the whole list of a product's lots under the product's row lock (the lock every
 * stock change takes first, so no order takes from a lot while it is rewritten): rows with an id
 * are changed, new rows added, rows left out removed (orders keep the code they were sold from).
 * 422 for a repeated code, an id of another product, or lots holding more boxes than are in
 * stock; nothing changes then. Audited as product.lots.
 */
export async function saveProductLots(
  db: Db,
  productId: number,
  input: ProductLotsUpdate,
  actor: string,
): Promise<ProductLots> {
  return db.transaction(async (tx) => {
    const [product] = await tx
      .select({ stock: products.stock_quantity })
      .from(products)
      .where(eq(products.id, productId))
      .for("update");
    if (!product) throw notFound("Product not found");
    const before = await lotRows(tx, productId);
    const codes = new Set<string>();
    for (const lot of input.lots) {
      const key = lot.lot_code.toUpperCase();
      if (codes.has(key)) throw invalid(`Lot ${lot.lot_code} is listed twice`);
      codes.add(key);
      if (lot.id !== undefined && !before.some((row) => row.id === lot.id))
        throw invalid(`Lot ${lot.lot_code} is not a lot of this product`);
    }
    const inLots = input.lots.reduce((sum, lot) => sum + lot.boxes, 0);
    if (inLots > product.stock)
      throw invalid(
        `The lots hold ${inLots} boxes but only ${product.stock} are in stock. Raise the stock first, or lower the lots' boxes.`,
      );
    const kept = new Set(input.lots.flatMap((lot) => (lot.id === undefined ? [] : [lot.id])));
    const removed = before.filter((row) => !kept.has(row.id)).map((row) => row.id);
    if (removed.length > 0) await tx.delete(productLots).where(inArray(productLots.id, removed));
    // Codes may swap between rows: clear the kept rows' codes out of the way first.
    for (const lot of input.lots)
      if (lot.id !== undefined)
        await tx
          .update(productLots)
          .set({ lot_code: `(renaming ${lot.id})` })
          .where(eq(productLots.id, lot.id));
    for (const lot of input.lots) {
      if (lot.id === undefined)
        await tx
          .insert(productLots)
          .values({ product_id: productId, lot_code: lot.lot_code, boxes: lot.boxes });
      else
        await tx
          .update(productLots)
          .set({ lot_code: lot.lot_code, boxes: lot.boxes, updated_at: new Date() })
          .where(eq(productLots.id, lot.id));
    }
    const after = await lotRows(tx, productId);
    const view = (rows: ProductLotRow[]) =>
      rows.map((row) => ({ lot_code: row.lot_code, boxes: row.boxes }));
    await writeAudit(tx, {
      actor,
      action: "product.lots",
      entityType: "product",
      entityId: productId,
      before: { lots: view(before) },
      after: { lots: view(after) },
    });
    return { ...toProductLots(product.stock, after), product_id: productId };
  });
}

/** Lots by id (ids naming no lot are left out): the cart's "same lot" lines. */
export async function findLotsByIds(
  db: DbOrTx,
  ids: number[],
): Promise<Map<number, ProductLotRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(productLots).where(inArray(productLots.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}
