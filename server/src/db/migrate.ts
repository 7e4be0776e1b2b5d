import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
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

/** Applies every pending migration. */
export async function migrateDatabase(database: Database): Promise<void> {
  const folder = migrationsFolder();
  if (database.kind === "postgres") {
    await migratePg(database.db, { migrationsFolder: folder });
  } else {
    // Same SQL, PGlite's own runner.
    await migratePglite(database.db as never, { migrationsFolder: folder });
  }
}
