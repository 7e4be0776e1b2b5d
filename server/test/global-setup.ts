import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { newPGlite, openDatabase } from "../src/db/client.ts";
import { migrateDatabase } from "../src/db/migrate.ts";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteDumpPath: string;
    pgTemplateDatabase: string;
  }
}

/**
 * Migrates once per run: a PGlite dump every test file loads, and, when TEST_DATABASE_URL is set,
 * a PostgreSQL template database every test file copies.
 */
export default async function setup(project: TestProject) {
  const pglite = newPGlite();
  const database = await openDatabase({ pglite });
  await migrateDatabase(database);
  const dump = await pglite.dumpDataDir("gzip");
  await pglite.close();
  const dumpPath = join(mkdtempSync(join(tmpdir(), "mcf-test-")), "migrated.tar.gz");
  writeFileSync(dumpPath, Buffer.from(await dump.arrayBuffer()));
  project.provide("pgliteDumpPath", dumpPath);

  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    console.warn(
      "\n!!! TEST_DATABASE_URL is not set: the PostgreSQL suites (races, locks, exactly-once) did NOT run against a real server.\n",
    );
    project.provide("pgTemplateDatabase", "");
    return;
  }
  const templateName = `mcf_tpl_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${templateName}`);
  const templateUrl = new URL(url);
  templateUrl.pathname = `/${templateName}`;
  const template = await openDatabase({ databaseUrl: templateUrl.toString() });
  await migrateDatabase(template);
  await template.close();
  project.provide("pgTemplateDatabase", templateName);

  return async () => {
    const result = await admin.query<{ datname: string }>(
      "select datname from pg_database where datname like $1 or datname = $2",
      [`mcf_t_${process.pid}_%`, templateName],
    );
    for (const row of result.rows) {
      await admin.query(`drop database if exists ${row.datname} with (force)`);
    }
    await admin.end();
  };
}
