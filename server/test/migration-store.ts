import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { type Database, newPGlite, openDatabase } from "../src/db/client.ts";
import { migrationsFolder } from "../src/db/migrate.ts";
import { onRealPostgres } from "./test-database.ts";

/**
 * A copy of the migrations folder whose journal stops before the migration written at `when`:
 * the store as it stood before that migration. The caller removes the folder.
 */
export function migrationsBefore(when: number): string {
  const folder = mkdtempSync(join(tmpdir(), "mcf-migrations-before-"));
  cpSync(migrationsFolder(), folder, { recursive: true });
  const journalPath = join(folder, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as {
    entries: Array<{ when: number }>;
  };
  journal.entries = journal.entries.filter((entry) => entry.when < when);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

/** Runs the migrations of `folder` on either driver. */
export async function migrateWith(database: Database, folder: string) {
  if (database.kind === "postgres") await migratePg(database.db, { migrationsFolder: folder });
  else await migratePglite(database.db as never, { migrationsFolder: folder });
}

async function onServer(query: string) {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

/**
 * An empty database of the test's own, to migrate step by step: a new database on the test
 * PostgreSQL server (dropped by `drop`), or a fresh PGlite.
 */
export async function openScratchDatabase(
  label: string,
): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (!onRealPostgres) {
    const database = await openDatabase({ pglite: newPGlite() });
    return { database, drop: () => database.close() };
  }
  const name = `mcf_t_${process.ppid}_${process.pid}_${Date.now()}_${label}`;
  await onServer(`create database ${name}`);
  const url = new URL(String(process.env.TEST_DATABASE_URL));
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  return {
    database,
    drop: async () => {
      await database.close();
      await onServer(`drop database if exists ${name} with (force)`);
    },
  };
}
