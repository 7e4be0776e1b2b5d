import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { importProductsCsv } from "../../modules/catalog/catalog.service.ts";
import { couponAmountColumns } from "../../modules/coupons/coupons.service.ts";
import type { Db } from "../client.ts";
import { coupons, products } from "../schema/index.ts";

/**
 * The sample catalogue's files, in the owner's product CSV format: the floors, then the
 * accessories (the order gives the products their ids). Brands, collections and products are
 * fictional. A floor's prices are dollars per sq ft and its stock is in boxes; an accessory's
 * price and stock are per unit (`selling_unit`), its `box_weight_lbs` is one unit's weight and
 * `cartons_per_pallet` how many units share a pallet, so delivery quotes them. The product
 * photos are files in web/public/img/products (decision 142).
 */
const catalogueFiles = ["sample-products.csv", "sample-accessories.csv"];

/**
 * A file beside this one in the source tree; the production bundle (server/dist/main.js) is one
 * directory away from server/src, so look there too.
 */
function readSeedFile(name: string): string {
  const file = [
    new URL(`./${name}`, import.meta.url),
    new URL(`../src/db/seed/${name}`, import.meta.url),
  ]
    .map((url) => fileURLToPath(url))
    .find((path) => existsSync(path));
  if (!file) throw new Error(`The sample catalogue file ${name} is missing`);
  return readFileSync(file, "utf8");
}

/**
 * Seeds the sample catalogue and a sample coupon when the product table is empty. The products
 * come in through the admin CSV import, so the sample data meets every rule a staff file does.
 */
export async function seedIfEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(products);
  if (Number(row?.count ?? 0) > 0) return false;
  await db
    .insert(coupons)
    .values({
      code: "WELCOME10",
      description: "10% off your first order of $100 or more",
      kind: "percent",
      ...couponAmountColumns("percent", 10),
      min_subtotal_cents: 100_00,
      once_per_customer: true,
    })
    .onConflictDoNothing();
  // One import, so the catalogue is seeded whole or not at all: the files share their header.
  const [first = "", ...rest] = catalogueFiles.map(readSeedFile);
  const csv = first + rest.map((file) => file.slice(file.indexOf("\n") + 1)).join("");
  await importProductsCsv(db, csv, false, "sample catalogue");
  return true;
}
