import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { onRealPostgres } from "../../test/test-database.ts";
import { type Database, openDatabase } from "./client.ts";
import { migrateDatabase } from "./migrate.ts";

/**
 * Several processes start together on a database a release has not migrated yet (a fresh
 * deployment, or N processes restarted at once): each runs the migrations at start.
 */
describe.runIf(onRealPostgres)("migrations at start (PostgreSQL)", { timeout: 120_000 }, () => {
  // Built in the hooks: the body of a skipped suite still runs, without TEST_DATABASE_URL.
  const serverUrl = () => String(process.env.TEST_DATABASE_URL);
  const name = `mcf_t_${process.ppid}_${process.pid}_${Date.now()}_migrate`;
  const databaseUrl = () => {
    const url = new URL(serverUrl());
    url.pathname = `/${name}`;
    return url.toString();
  };
  const admin = (query: string) => async () => {
    const client = new pg.Client({ connectionString: serverUrl() });
    await client.connect();
    try {
      await client.query(query);
    } finally {
      await client.end();
    }
  };
  const databases: Database[] = [];
  beforeAll(admin(`create database ${name}`));
  afterAll(async () => {
    for (const database of databases) await database.close();
    await admin(`drop database if exists ${name} with (force)`)();
  });

  it("three processes migrating an empty database at once all start, and the schema is applied once", async () => {
    for (let i = 0; i < 3; i++) databases.push(await openDatabase({ databaseUrl: databaseUrl() }));
    const outcomes = await Promise.allSettled(databases.map((d) => migrateDatabase(d)));
    expect(outcomes.map((o) => (o.status === "rejected" ? String(o.reason) : o.status))).toEqual([
      "fulfilled",
      "fulfilled",
      "fulfilled",
    ]);
    const first = databases[0];
    if (!first) throw new Error("no database");
    const applied = await first.db.execute(
      sql`select count(*)::int as n, count(distinct hash)::int as distinct_hashes from drizzle.__drizzle_migrations`,
    );
    const row = applied.rows[0] as { n: number; distinct_hashes: number };
    expect(row.n).toBe(row.distinct_hashes);
    expect(row.n).toBeGreaterThan(0);
    await first.db.execute(sql`select 1 from products limit 1`);
  });
});
