import { inArray } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { products } from "../../db/schema/catalog.ts";
import { catalogVersionSource } from "./catalog-cache.ts";
import type { ProductRow } from "./product-mapper.ts";

/** Product rows by id, read once per catalogue version. */
export type ProductRowsReader = (ids: number[]) => Promise<ProductRow[]>;

/**
 * Product rows for pricing a cart, kept per process until the catalogue version moves (the same
 * version the catalogue's answer cache follows: any product change, in any process, moves it).
 * A cart calculation then reads one small row instead of querying the products it prices; ids
 * not yet kept are read together and kept. Unknown ids are simply absent from the answer. For
 * totals shown while shopping only: starting a payment reads and locks rows in its transaction.
 */
export async function createProductRowsReader(
  database: Database,
  maxRows = 50_000,
): Promise<ProductRowsReader> {
  const currentVersion = await catalogVersionSource(database);
  let keptVersion = "";
  let rows = new Map<number, ProductRow>();
  return async (ids) => {
    // The version is taken before any read, so kept rows are never older than their version.
    const version = await currentVersion();
    if (version !== keptVersion) {
      keptVersion = version;
      rows = new Map();
    }
    const missing = ids.filter((id) => !rows.has(id));
    if (missing.length > 0) {
      const read = await database.db.select().from(products).where(inArray(products.id, missing));
      // Another request may have started a newer version meanwhile: then keep nothing from here.
      if (keptVersion === version && rows.size + read.length <= maxRows)
        for (const row of read) rows.set(row.id, row);
      return ids.flatMap((id) => {
        const row = rows.get(id) ?? read.find((r) => r.id === id);
        return row ? [row] : [];
      });
    }
    return ids.flatMap((id) => {
      const row = rows.get(id);
      return row ? [row] : [];
    });
  };
}
