import { mkdirSync } from "node:fs";
import { PGlite, type PGliteOptions } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import * as schema from "./schema/index.ts";

export type Db = NodePgDatabase<typeof schema>;
/** The handle a transaction callback receives. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** Throws when the database cannot answer. */
  ping(): Promise<void>;
  /**
   * Embedded only: calls `onNotify` for every NOTIFY on `channel`. PGlite has one session, in this
   * process, so a notification arrives before the write that sent it resolves.
   */
  listen?(channel: string, onNotify: () => void): Promise<void>;
  /** PostgreSQL only: the pool's connections, for /metrics. */
  poolStats?(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

export type DatabaseOptions =
  | { databaseUrl: string; onPoolError?: (error: Error) => void }
  | { dataDir: string }
  | { pglite: PGlite };

/**
 * How alike a typed word must be to a whole word of a product to find it (pg_trgm's strict word
 * similarity, which its `<<%` operator compares with this setting): 0.5 lets "hikory" find
 * hickory; the extension's default of 0.6 does not.
 */
export const searchWordLikeness = 0.5;

/**
 * An embedded database with the extensions the migrations use (pg_trgm, for search). Every
 * embedded database is opened through this, or a data directory with them cannot be read.
 */
export function newPGlite(dataDir?: string, options: PGliteOptions = {}): PGlite {
  return new PGlite({
    startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${embeddedSharedBuffers}`],
    ...options,
    dataDir,
    extensions: { ...options.extensions, pg_trgm },
  });
}

/**
 * PostgreSQL's page cache inside the embedded database's WebAssembly memory. Its default (128 MB)
 * was most of the process's resident size once the pages were touched; the data files stay in
 * the operating system's file cache anyway. Measured on a 20,000-row table with a trigram index:
 * 332 MB resident after opening and querying with 128 MB, 211 MB with 32 MB; 16 MB saved another
 * 15-25 MB (decision 086). PGlite's WebAssembly memory cannot start below 128 MB (its module asks
 * for that much), so this setting is what is left to trim.
 */
const embeddedSharedBuffers = "16MB";

/** PostgreSQL through `pg` when a URL is given, else embedded PGlite: one Drizzle API for both. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ("databaseUrl" in options) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      connectionTimeoutMillis: 5000,
      options: `-c pg_trgm.strict_word_similarity_threshold=${searchWordLikeness}`,
    });
    // An idle client losing its server must not take the process down.
    pool.on("error", (error) => options.onPoolError?.(error));
    // A client in use losing its server emits 'error' too, and the pool stops listening to clients
    // it has lent out: unheard, that event would crash the process. The running query fails on its
    // own (the request answers 503) and the pool drops the broken client when it comes back.
    pool.on("connect", (client) => client.on("error", () => {}));
    const db = drizzlePg(pool, { schema });
    return {
      db,
      kind: "postgres",
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      poolStats: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
      }),
      close: () => pool.end(),
    };
  }
  let client: PGlite;
  if ("pglite" in options) {
    client = options.pglite;
  } else {
    mkdirSync(options.dataDir, { recursive: true });
    client = newPGlite(options.dataDir);
  }
  await client.waitReady;
  await client.exec(`set pg_trgm.strict_word_similarity_threshold = ${searchWordLikeness}`);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    ping: async () => {
      await client.query("select 1");
    },
    listen: async (channel, onNotify) => {
      await client.listen(channel, onNotify);
    },
    close: () => client.close(),
  };
}
