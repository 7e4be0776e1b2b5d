// The larger catalogue the bench (and the end-to-end test of the store's heap settings) runs on:
// the products table filled to `count` rows by copying the sample products under new names and
// SKUs, straight in the database of a store that is not running.
import { join } from "node:path";

/** Fills the products table to `count` rows by copying the sample rows under new names and SKUs. */
function largeCatalogueSql(columns, count) {
  const copied = columns
    .map((c) => {
      if (c === "name") return `p.name || ' ' || g`;
      if (c === "sku") return `'BENCH-' || g`;
      return `p.${c}`;
    })
    .join(", ");
  return `
    insert into products (${columns.join(", ")})
    select ${copied}
    from generate_series(1, greatest(0, ${count} - (select count(*) from products))) as g
    join (select *, (row_number() over (order by id)) - 1 as rn, count(*) over () as total from products) p
      on p.rn = g % p.total`;
}

const columnsSql = `select column_name from information_schema.columns
  where table_name = 'products' and column_name not in ('id', 'created_at', 'updated_at')
    and is_generated = 'NEVER'
  order by ordinal_position`;

/** The embedded database in a store's `DATA_DIR`, filled to `count` products. */
export async function seedLargePglite(dataDir, count) {
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const db = new PGlite(join(dataDir, "pglite"), { extensions: { pg_trgm } });
  try {
    const cols = (await db.query(columnsSql)).rows.map((r) => r.column_name);
    await db.exec(largeCatalogueSql(cols, count));
    await db.exec("analyze products");
  } finally {
    await db.close();
  }
}

/** The PostgreSQL database at `url`, filled to `count` products. */
export async function seedLargePg(url, count) {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const cols = (await client.query(columnsSql)).rows.map((r) => r.column_name);
    await client.query(largeCatalogueSql(cols, count));
    await client.query("analyze products");
  } finally {
    await client.end();
  }
}
