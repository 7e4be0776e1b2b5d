import { eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { products } from "../../db/schema/catalog.ts";
import { notFound } from "../../errors.ts";
import type { ProductRow } from "./product-mapper.ts";

/**
 * Flooring (sold by the box) only: the product list, its filters, closeouts and search
 * suggestions are about floors priced per sq ft; accessories are listed on their own.
 */
export const flooringOnly = eq(products.selling_unit, "box");

/** The one answer for a product id that does not exist (404 "Product not found"). */
export const productNotFound = () => notFound("Product not found");

/**
 * One product row by id, locked for the rest of the caller's transaction when `forUpdate` is set.
 * Throws the 404 AppError when there is no such product.
 */
export async function getProductRow(
  db: DbOrTx,
  id: number,
  options: { forUpdate?: boolean } = {},
): Promise<ProductRow> {
  const query = db.select().from(products).where(eq(products.id, id)).limit(1);
  const [row] = options.forUpdate ? await query.for("update") : await query;
  if (!row) throw productNotFound();
  return row;
}

/** The rows of these ids that exist, in the order of `ids` (deleted products are skipped). */
export async function findProductRows(db: DbOrTx, ids: number[]): Promise<ProductRow[]> {
  if (ids.length === 0) return [];
  const rows = await db.select().from(products).where(inArray(products.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Text for a LIKE pattern: `%` and `_` typed by a person are literal characters. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A case-insensitive "contains" pattern for the text as typed. */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`;
}
