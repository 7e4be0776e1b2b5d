import { join } from "node:path";
const largeCount = 20000;
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

async function seedLargePglite(dataDir) {
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const db = new PGlite(join(dataDir, "pglite"), { extensions: { pg_trgm } });
  try {
    const cols = (await db.query(columnsSql)).rows.map((r) => r.column_name);
    await db.exec(largeCatalogueSql(cols, largeCount));
    await db.exec("analyze products");
  } finally {
    await db.close();
  }
}
await seedLargePglite(process.argv[2]);
