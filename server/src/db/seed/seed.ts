import { sql } from "drizzle-orm";
import { openStock } from "../../modules/stock/stock.service.ts";
import type { Db } from "../client.ts";
import { coupons, products } from "../schema/index.ts";
import { type SeedAccessory, sampleAccessories } from "./accessories-data.ts";
import { type SeedProduct, sampleProducts } from "./products-data.ts";

const numericText = (value: number | null) => (value === null ? null : value.toFixed(2));

/** The insert values of one sample product or accessory (also used by test factories). */
export function productValues(p: SeedProduct | SeedAccessory): typeof products.$inferInsert {
  return {
    ...p,
    // Flooring is sold by the box; an accessory says its own unit and kind.
    selling_unit: "selling_unit" in p ? p.selling_unit : "box",
    accessory_kind: "accessory_kind" in p ? p.accessory_kind : null,
    unit_coverage_sqft: "unit_coverage_sqft" in p ? numericText(p.unit_coverage_sqft) : null,
    fits_types: "fits_types" in p ? p.fits_types : null,
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
    // Products start with no boxes; the stock module opens each one's ledger with its stock.
    const seeded = [...sampleProducts, ...sampleAccessories];
    const rows = await tx
      .insert(products)
      .values(seeded.map((p) => ({ ...productValues(p), stock_quantity: 0 })))
      .returning({ id: products.id });
    await openStock(
      tx,
      rows.map((row, index) => ({
        productId: row.id,
        quantity: seeded[index]?.stock_quantity ?? 0,
      })),
      { reference: "Sample catalogue" },
    );
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
