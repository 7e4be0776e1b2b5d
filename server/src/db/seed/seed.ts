import { sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { coupons, products } from "../schema/index.ts";
import { type SeedProduct, sampleProducts } from "./products-data.ts";

const numericText = (value: number | null) => (value === null ? null : value.toFixed(2));

/** The insert values of one sample product (also used by test factories). */
export function productValues(p: SeedProduct): typeof products.$inferInsert {
  return {
    ...p,
    our_price: numericText(p.our_price),
    competitor_price: numericText(p.competitor_price),
    ace_price: numericText(p.ace_price),
    ace_shown_price: numericText(p.ace_shown_price),
    msrp: numericText(p.msrp),
    sqft_per_carton: numericText(p.sqft_per_carton),
    pallet_shipping_cost: numericText(p.pallet_shipping_cost),
    box_weight_lbs: numericText(p.box_weight_lbs ?? null),
  };
}

/** Seeds the sample catalogue and a sample coupon when the product table is empty. */
export async function seedIfEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(products);
  if (Number(row?.count ?? 0) > 0) return false;
  await db.transaction(async (tx) => {
    await tx.insert(products).values(sampleProducts.map(productValues));
    await tx
      .insert(coupons)
      .values({
        code: "WELCOME10",
        description: "10% off your first order of $100 or more",
        kind: "percent",
        value: "10",
        min_subtotal: "100",
      })
      .onConflictDoNothing();
  });
  return true;
}
