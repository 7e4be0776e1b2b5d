import { readFileSync } from "node:fs";
import pg from "pg";
import { inject } from "vitest";
import { type Database, newPGlite, openDatabase } from "../src/db/client.ts";

/** True when this run tests against a real PostgreSQL server (TEST_DATABASE_URL). */
export const onRealPostgres = Boolean(process.env.TEST_DATABASE_URL);

let counter = 0;

/**
 * A fresh, migrated database for one test file: a PostgreSQL database copied from the run's
 * template when TEST_DATABASE_URL is set, else an in-memory PGlite loaded from the run's dump.
 */
export async function createTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const template = inject("pgTemplateDatabase");
    const name = `mcf_t_${process.ppid}_${process.pid}_${Date.now()}_${counter++}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`create database ${name} template ${template}`);
    } finally {
      await admin.end();
    }
    const dbUrl = new URL(url);
    dbUrl.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: dbUrl.toString() });
    return {
      ...database,
      close: async () => {
        await database.close();
        const cleanup = new pg.Client({ connectionString: url });
        await cleanup.connect();
        await cleanup.query(`drop database if exists ${name} with (force)`);
        await cleanup.end();
      },
    };
  }
  const dump = readFileSync(inject("pgliteDumpPath"));
  const pglite = newPGlite(undefined, { loadDataDir: new Blob([dump]) });
  return openDatabase({ pglite });
}
