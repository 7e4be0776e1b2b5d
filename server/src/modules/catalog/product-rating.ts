import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { products } from "../../db/schema/catalog.ts";

/**
 * Keeps a product's rating: how many approved reviews it has and the sum of their stars, as the
 * reviews module counted them. The update moves the catalogue version (its trigger), so every
 * cached list, product answer and page shows the new numbers. Unknown products are ignored.
 */
export async function setProductRating(
  db: DbOrTx,
  productId: number,
  rating: { count: number; total: number },
): Promise<void> {
  await db
    .update(products)
    .set({ rating_count: rating.count, rating_total: rating.total })
    .where(eq(products.id, productId));
}
