import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type pg from "pg";
import type { Database } from "./client.ts";

/** The committed drizzle-kit migrations, found from source (tsx) or from the bundle (dist). */
export function migrationsFolder(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const candidate = join(dir, "drizzle");
    if (existsSync(join(candidate, "meta", "_journal.json"))) return candidate;
    dir = dirname(dir);
  }
  throw new Error("Could not find the drizzle migrations folder");
}

/** Any fixed number: the key of the session lock that lets one process migrate at a time. */
const migrationLockKey = 72_190_426;

/**
 * Applies every pending migration. On PostgreSQL, processes starting together take turns under an
 * advisory lock (without it, concurrent `CREATE ... IF NOT EXISTS` fail): the first applies the
 * migrations, the others then find nothing left to do.
 */
export async function migrateDatabase(database: Database): Promise<void> {
  const folder = migrationsFolder();
  if (database.kind === "postgres") {
    const pool = (database.db as unknown as { $client: pg.Pool }).$client;
    const lock = await pool.connect();
    try {
      await lock.query("select pg_advisory_lock($1)", [migrationLockKey]);
      await migratePg(database.db, { migrationsFolder: folder });
    } finally {
      await lock.query("select pg_advisory_unlock($1)", [migrationLockKey]).catch(() => {});
      lock.release();
    }
  } else {
    // Same SQL, PGlite's own runner.
    await migratePglite(database.db as never, { migrationsFolder: folder });
  }
}
