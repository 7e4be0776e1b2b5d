import { sql } from "drizzle-orm";
import { changeVersions } from "../../db/change-versions.ts";
import type { Database, Db } from "../../db/client.ts";
import {
  type AnswerCacheLimits,
  type BrotliBody,
  brotliOfParts,
  type CachedAnswer,
  createAnswerCache,
} from "../../http/answer-cache.ts";

export interface CatalogCache {
  /**
   * The answer for `key`: from the cache when the catalogue has not changed since it was made,
   * else from `compute` (then kept). `compute` returns the JSON value and extra headers.
   */
  answer(
    key: string,
    compute: () => Promise<{ value: unknown; headers?: Record<string, string> }>,
  ): Promise<CachedAnswer>;
}

/**
 * The catalogue's version: a counter a deferred trigger on `products` bumps in every transaction
 * that changes a product (migration 0001), so it moves exactly when committed product data does,
 * whichever process wrote it.
 */
export async function readCatalogVersion(db: Db): Promise<string> {
  const result = await db.execute<{ version: string }>(
    sql`select version::text as version from catalog_version where id = 1`,
  );
  return String(result.rows[0]?.version ?? "0");
}

/**
 * Where the current catalogue version comes from: the process's one source of the store's change
 * versions (db/change-versions.ts; a shared read per burst of requests on PostgreSQL, the count of
 * `catalog_changed` notifications on the embedded database).
 */
export async function catalogVersionSource(database: Database): Promise<() => Promise<string>> {
  const versions = await changeVersions(database);
  return versions.catalog;
}

const jsonType = { "content-type": "application/json; charset=utf-8" };

/**
 * A per-process cache of public catalogue answers (docs/decisions/041). A request still learns
 * the catalogue version first, so a price edit, a sale or an expired reservation in any process
 * shows at once; only the list query, the mapping and the serialisation are saved.
 */
export async function createCatalogCache(
  database: Database,
  limits?: AnswerCacheLimits,
  /** Told of every lookup: served from the cache (true) or computed (false). For /metrics. */
  onLookup: (hit: boolean) => void = () => {},
): Promise<CatalogCache> {
  const cache = createAnswerCache(await catalogVersionSource(database), limits, onLookup);
  return {
    async answer(key, compute) {
      const answer = await cache.answer(key, async () => {
        const { value, headers = {} } = await compute();
        return { body: await jsonBody(value), headers: { ...jsonType, ...headers } };
      });
      // compute never declines to keep a catalogue answer.
      return answer as CachedAnswer;
    },
  };
}

/**
 * The JSON of a value. A long array is written element by element and compressed as it is
 * written, so every product of a 20,000-product catalogue never becomes one string on the heap
 * (22 MB of text, twice that once a name has a character outside Latin-1) nor one buffer.
 */
export async function jsonBody(value: unknown): Promise<Buffer | BrotliBody> {
  if (!Array.isArray(value) || value.length < 1000) return Buffer.from(JSON.stringify(value));
  return brotliOfParts(jsonElements(value));
}

function* jsonElements(items: unknown[]): Generator<string> {
  yield "[";
  for (const [i, item] of items.entries()) {
    // As JSON.stringify writes an array: an element it cannot write (undefined) is null.
    const text = JSON.stringify(item) ?? "null";
    yield i === 0 ? text : `,${text}`;
  }
  yield "]";
}

/** A cache key for a parsed query: the same filters in any order give the same key. */
export function queryCacheKey(route: string, query: Record<string, unknown>): string {
  const pairs = Object.entries(query)
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return `${route}?${JSON.stringify(pairs)}`;
}
