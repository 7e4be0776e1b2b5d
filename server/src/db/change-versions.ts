import { sql } from "drizzle-orm";
import { sharedReads } from "../http/answer-cache.ts";
import type { Database } from "./client.ts";

/**
 * The store's two change counters, read as one: the catalogue version (products; migration 0001)
 * and the content version (settings and other staff-edited content; migration 0013). Caches file
 * their answers under them, so each request learns them before it answers.
 */
export interface ChangeVersions {
  catalog(): Promise<string>;
  content(): Promise<string>;
  /** Both from one read (calling the two above together would wait for two). */
  both(): Promise<{ catalog: string; content: string }>;
}

const byDatabase = new WeakMap<Database, Promise<ChangeVersions>>();

/**
 * One source of both versions per database, shared by every cache of the process (the catalogue's
 * answers, search suggestions, cart rows and pages). On PostgreSQL several processes may write, so
 * every request waits for a read that began after it arrived: one query reads both counters, and
 * the requests that arrive together share it (`sharedReads`). Separate sources per cache used to
 * send up to five such reads per burst through the pool that checkouts need too. The embedded
 * database belongs to this process alone, so there the versions count the `catalog_changed` and
 * `content_changed` notifications the counters' triggers send at commit.
 */
export function changeVersions(database: Database): Promise<ChangeVersions> {
  let versions = byDatabase.get(database);
  if (!versions) {
    versions = openChangeVersions(database);
    byDatabase.set(database, versions);
  }
  return versions;
}

async function openChangeVersions(database: Database): Promise<ChangeVersions> {
  if (database.listen) {
    let catalogChanges = 0;
    let contentChanges = 0;
    await database.listen("catalog_changed", () => {
      catalogChanges += 1;
    });
    await database.listen("content_changed", () => {
      contentChanges += 1;
    });
    return {
      catalog: async () => `local:${catalogChanges}`,
      content: async () => `local:${contentChanges}`,
      both: async () => ({
        catalog: `local:${catalogChanges}`,
        content: `local:${contentChanges}`,
      }),
    };
  }
  const read = sharedReads(async () => {
    const result = await database.db.execute<{ catalog: string | null; content: string | null }>(
      sql`select (select version::text from catalog_version where id = 1) as catalog,
                 (select version::text from content_version where id = 1) as content`,
    );
    const row = result.rows[0];
    return { catalog: String(row?.catalog ?? "0"), content: String(row?.content ?? "0") };
  });
  return {
    catalog: async () => (await read()).catalog,
    content: async () => (await read()).content,
    both: read,
  };
}
