import { createHash } from "node:crypto";
import { brotliCompressSync, gzipSync, constants as zlibConstants } from "node:zlib";
import { sql } from "drizzle-orm";
import type { Database, Db } from "../../db/client.ts";

/** The content codings a cached answer is kept in besides plain bytes, best first. */
export const cachedEncodings = ["br", "gzip"] as const;
export type CachedEncoding = (typeof cachedEncodings)[number];

/** A serialised public catalogue answer, valid while the catalogue version is unchanged. */
export interface CachedAnswer {
  version: string;
  body: Buffer;
  etag: string;
  headers: Record<string, string>;
  /**
   * The body compressed with `encoding`, made on first use and then kept with the answer, so a
   * browser's repeat of a popular query costs neither the query nor the compression.
   */
  encoded(encoding: CachedEncoding): Buffer;
}

/** Brotli at quality 5 (as fast as gzip, smaller); gzip at its default level. */
const compressors: Record<CachedEncoding, (body: Buffer) => Buffer> = {
  br: (body) =>
    brotliCompressSync(body, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: 5,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  gzip: (body) => gzipSync(body),
};

function cachedAnswer(
  version: string,
  body: Buffer,
  headers: Record<string, string>,
): CachedAnswer {
  const etag = `W/"${createHash("sha1").update(body).digest("base64url")}"`;
  const copies = new Map<CachedEncoding, Buffer>();
  return {
    version,
    body,
    etag,
    headers,
    encoded(encoding) {
      let copy = copies.get(encoding);
      if (!copy) {
        copy = compressors[encoding](body);
        copies.set(encoding, copy);
      }
      return copy;
    },
  };
}

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
 * Where the current catalogue version comes from. On PostgreSQL several processes may write, so
 * every request waits for a read of it that began after the request arrived (one primary-key
 * read of a one-row table, shared by the requests that arrive together: `sharedReads`). The
 * embedded database belongs to this process alone, and a table read there costs about a
 * millisecond of file access, so it counts the `catalog_changed` notifications the same trigger
 * sends at commit instead.
 */
async function catalogVersionSource(database: Database): Promise<() => Promise<string>> {
  if (!database.listen) return sharedReads(() => readCatalogVersion(database.db));
  let changes = 0;
  await database.listen("catalog_changed", () => {
    changes += 1;
  });
  return async () => `local:${changes}`;
}

/**
 * Lets concurrent callers share one read, without ever handing a caller a read that began before
 * it asked: a caller that arrives while a read is running waits for the next one, which starts
 * when the running one ends and serves everyone who arrived in the meantime. So a change committed
 * before a request came in is always seen, and under load there are at most two reads at a time
 * instead of one per request.
 */
export function sharedReads<T>(read: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | null = null;
  let queued: Promise<T> | null = null;
  const start = () => {
    const current = read();
    running = current;
    const done = () => {
      if (running === current) running = null;
    };
    current.then(done, done);
    return current;
  };
  return () => {
    if (!running) return start();
    if (!queued) {
      queued = running
        .then(
          () => undefined,
          () => undefined,
        )
        .then(() => {
          queued = null;
          return start();
        });
    }
    return queued;
  };
}

/**
 * A per-process cache of public catalogue answers (docs/decisions/041). A request still learns
 * the catalogue version first, so a price edit, a sale or an expired reservation in any process
 * shows at once; only the list query, the mapping and the serialisation are saved. The version
 * is taken before the data, so a cached answer is never older than the version it is filed under.
 */
export async function createCatalogCache(
  database: Database,
  limits = { maxEntries: 500, maxBytes: 64 * 1024 * 1024 },
  /** Told of every lookup: served from the cache (true) or computed (false). For /metrics. */
  onLookup: (hit: boolean) => void = () => {},
): Promise<CatalogCache> {
  const currentVersion = await catalogVersionSource(database);
  const entries = new Map<string, CachedAnswer>();
  // Counts the plain bodies; the compressed copies add about a tenth more.
  let bytes = 0;
  const forget = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= entry.body.length;
    entries.delete(key);
  };
  const make = async (
    key: string,
    version: string,
    compute: Parameters<CatalogCache["answer"]>[1],
  ): Promise<CachedAnswer> => {
    const { value, headers = {} } = await compute();
    const fresh = cachedAnswer(version, Buffer.from(JSON.stringify(value)), headers);
    const { body } = fresh;
    forget(key);
    // An answer bigger than half the budget is served but not kept: it would push out
    // everything else. (Every product of a 20,000-product catalogue is about 18 MB: kept.)
    if (body.length > limits.maxBytes / 2) return fresh;
    entries.set(key, fresh);
    bytes += body.length;
    // Oldest first in a Map: drop the least recently made answers past the limits.
    while (entries.size > limits.maxEntries || bytes > limits.maxBytes) {
      const oldest = entries.keys().next().value;
      if (oldest === undefined) break;
      forget(oldest);
    }
    return fresh;
  };
  // Answers being made, by version and key: requests that miss together wait for one query
  // instead of each running it (after a change, every open connection misses at once).
  const making = new Map<string, Promise<CachedAnswer>>();
  return {
    async answer(key, compute) {
      const version = await currentVersion();
      const cached = entries.get(key);
      const hit = cached?.version === version;
      onLookup(hit);
      if (cached && hit) return cached;
      const flight = `${version}\u0000${key}`;
      let pending = making.get(flight);
      if (!pending) {
        pending = make(key, version, compute).finally(() => making.delete(flight));
        making.set(flight, pending);
      }
      return pending;
    },
  };
}

/** A cache key for a parsed query: the same filters in any order give the same key. */
export function queryCacheKey(route: string, query: Record<string, unknown>): string {
  const pairs = Object.entries(query)
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return `${route}?${JSON.stringify(pairs)}`;
}
