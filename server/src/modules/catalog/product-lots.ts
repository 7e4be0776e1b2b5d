import type { ProductLots, ProductLotsUpdate } from "@mcf/contracts/lots";
import { asc, eq, inArray } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client.ts";
import { type ProductLotRow, productLots, products } from "../../db/schema/catalog.ts";
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
 * The rule of a product's lots, checked before anything is written: a code once per product
 * (whatever its case), ids only of the product's own lots (`ownIds`), and the lots' boxes adding
 * up to at most `stock`. Returns the first problem as staff read it, or null.
 */
export function lotListProblem(
  lots: ProductLotsUpdate["lots"],
  stock: number,
  ownIds: number[],
): string | null {
  const codes = new Set<string>();
  for (const lot of lots) {
    const key = lot.lot_code.toUpperCase();
    if (codes.has(key)) return `Lot ${lot.lot_code} is listed twice`;
    codes.add(key);
    if (lot.id !== undefined && !ownIds.includes(lot.id))
      return `Lot ${lot.lot_code} is not a lot of this product`;
  }
  const inLots = lots.reduce((sum, lot) => sum + lot.boxes, 0);
  if (inLots > stock)
    return `The lots hold ${inLots} boxes but only ${stock} are in stock. Raise the stock first, or lower the lots' boxes.`;
  return null;
}

/**
 * Inside the caller's transaction: replaces a product's lots with `input` (the whole list) under
 * the product's row lock (the lock every stock change takes first, so no order takes from a lot
 * while it is rewritten): rows with an id are changed, new rows added, rows left out removed
 * (orders keep the code they were sold from). 422 when `lotListProblem` finds one; nothing
 * changes then. Audited as product.lots.
 */
export async function replaceProductLots(
  tx: DbOrTx,
  productId: number,
  input: ProductLotsUpdate,
  actor: string,
): Promise<ProductLots> {
  const [product] = await tx
    .select({ stock: products.stock_quantity })
    .from(products)
    .where(eq(products.id, productId))
    .for("update");
  if (!product) throw notFound("Product not found");
  const before = await lotRows(tx, productId);
  const problem = lotListProblem(
    input.lots,
    product.stock,
    before.map((row) => row.id),
  );
  if (problem) throw invalid(problem);
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
}

/** Staff save the whole list of a product's lots: `replaceProductLots` in its own transaction. */
export async function saveProductLots(
  db: Db,
  productId: number,
  input: ProductLotsUpdate,
  actor: string,
): Promise<ProductLots> {
  return db.transaction((tx) => replaceProductLots(tx, productId, input, actor));
}

/** Several products' lots by product id (first recorded first); products without lots left out. */
export async function lotsOfProducts(
  db: DbOrTx,
  productIds: number[],
): Promise<Map<number, ProductLotRow[]>> {
  const byProduct = new Map<number, ProductLotRow[]>();
  for (let i = 0; i < productIds.length; i += 500) {
    const rows = await db
      .select()
      .from(productLots)
      .where(inArray(productLots.product_id, productIds.slice(i, i + 500)))
      .orderBy(asc(productLots.id));
    for (const row of rows)
      byProduct.set(row.product_id, [...(byProduct.get(row.product_id) ?? []), row]);
  }
  return byProduct;
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
