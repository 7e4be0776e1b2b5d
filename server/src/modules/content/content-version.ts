import { sql } from "drizzle-orm";
import { changeVersions } from "../../db/change-versions.ts";
import type { Database, DbOrTx } from "../../db/client.ts";

/**
 * The content version: a counter for what pages show besides products (store settings and other
 * staff-edited content; migration 0013). A table of such content attaches the
 * `bump_content_version` trigger, or its service calls `bumpContentVersion` in the same
 * transaction as the change. Markdown content ships with the build, which keys pages already.
 * This moves it at commit (as the trigger does), so every process sees the change.
 */
export async function bumpContentVersion(db: DbOrTx): Promise<void> {
  await db.execute(sql`update content_version set version = version + 1 where id = 1`);
  await db.execute(sql`select pg_notify('content_changed', '')`);
}

/**
 * Where the current content version comes from: the process's one source of the store's change
 * versions (db/change-versions.ts), read with the catalogue version in one query on PostgreSQL.
 */
export async function contentVersionSource(database: Database): Promise<() => Promise<string>> {
  const versions = await changeVersions(database);
  return versions.content;
}
