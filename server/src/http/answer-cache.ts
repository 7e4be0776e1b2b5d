import { createHash, type Hash } from "node:crypto";
import { once } from "node:events";
import { pipeline, Readable } from "node:stream";
import {
  brotliCompressSync,
  brotliDecompressSync,
  createBrotliCompress,
  createBrotliDecompress,
  gzipSync,
  constants as zlibConstants,
} from "node:zlib";
import negotiate from "@fastify/accept-negotiator";
import type { FastifyReply, FastifyRequest } from "fastify";
import {
  compressionThresholdBytes,
  perResponseCompressionThresholdBytes,
} from "../plugins/compression.ts";

/** The content codings a cached answer is kept in besides plain bytes, best first. */
const cachedEncodings = ["br", "gzip"] as const;
export type CachedEncoding = (typeof cachedEncodings)[number];

/** A serialised answer (JSON or a page), valid while the version it was made under holds. */
export interface CachedAnswer {
  version: string;
  /** The plain body's length in bytes. */
  size: number;
  etag: string;
  headers: Record<string, string>;
  /**
   * The plain bytes. A small answer keeps them; a larger one keeps only its brotli copy and
   * decompresses it for each call (a client that takes no compression: rare, browsers all do).
   */
  body(): Buffer;
  /**
   * The plain bytes as they are sent: kept ones as they are, a larger answer's decompressed while
   * the client reads them, so a request in flight holds a few chunks instead of a whole copy
   * (every product of a 20,000-product catalogue is 22 MB as JSON).
   */
  plainForSending(): Buffer | Readable;
  /**
   * The body compressed with `encoding`, made on first use and then kept with the answer, so a
   * repeat costs neither the work behind the answer nor the compression.
   */
  encoded(encoding: CachedEncoding): Buffer;
  /** The bytes this answer holds now: its plain body or its compressed copies. */
  keptBytes(): number;
  /**
   * Made for one request and not kept: sent as an answer made per request is (compressed only
   * from `perResponseCompressionThresholdBytes`), with nothing compressed ahead.
   */
  transient: boolean;
}

/**
 * The bytes in memory of their own. zlib's one-shot functions return a view of their 16 KB output
 * chunk, so a 300-byte compressed answer kept as it came would hold 16 KB: 5,000 cached
 * suggestions held 80 MB. A view using under half its memory is copied out.
 */
function ownBytes(view: Buffer): Buffer {
  if (view.byteLength * 2 >= view.buffer.byteLength) return view;
  const own = Buffer.allocUnsafeSlow(view.byteLength);
  view.copy(own);
  return own;
}

/** Brotli's settings for a kept copy. */
const brotliParams = (size: number) => ({
  [zlibConstants.BROTLI_PARAM_QUALITY]: 5,
  [zlibConstants.BROTLI_PARAM_SIZE_HINT]: size,
});

/** Brotli at quality 5 (as fast as gzip, smaller); gzip at its default level. */
const compressors: Record<CachedEncoding, (body: Buffer) => Buffer> = {
  br: (body) => ownBytes(brotliCompressSync(body, { params: brotliParams(body.length) })),
  gzip: (body) => ownBytes(gzipSync(body)),
};

/** The weak ETag of a body, from the SHA-1 of its bytes. */
const etagOf = (hash: Hash) => `W/"${hash.digest("base64url")}"`;

/**
 * A large body compressed while it is written (`brotliOfParts`), never held whole: its brotli
 * copy, its plain length and the ETag of its plain bytes.
 */
export interface BrotliBody {
  br: Buffer;
  size: number;
  etag: string;
}

/**
 * The body made of these texts, compressed as they come, in the thread pool. Every product of a
 * 20,000-product catalogue is 22 MB of JSON: as one buffer it was a 22 MB block of the C heap,
 * after which the C library served blocks up to that size from its heap instead of the system
 * (so the heap grew by 30-40 MB and stayed), and compressing it held the event loop for a tenth
 * of a second.
 */
export async function brotliOfParts(parts: Iterable<string>): Promise<BrotliBody> {
  const hash = createHash("sha1");
  const encoder = createBrotliCompress({ params: brotliParams(0) });
  const chunks: Buffer[] = [];
  encoder.on("data", (chunk: Buffer) => chunks.push(chunk));
  const ended = once(encoder, "end");
  let size = 0;
  let batch = "";
  const write = async () => {
    const bytes = Buffer.from(batch);
    batch = "";
    hash.update(bytes);
    size += bytes.length;
    if (!encoder.write(bytes)) await once(encoder, "drain");
  };
  for (const part of parts) {
    batch += part;
    if (batch.length >= 64 * 1024) await write();
  }
  if (batch) await write();
  encoder.end();
  await ended;
  return { br: Buffer.concat(chunks), size, etag: etagOf(hash) };
}

/**
 * An answer ready to keep: a weak ETag from its bytes, compressed copies made on demand. An answer
 * large enough to be sent compressed is kept as its brotli copy only (decision 086): a page of
 * 100 cards is about 200 KB as HTML and 20 KB as brotli, and every browser asks for brotli, so
 * the plain bytes would only hold memory. A body compressed as it was written (`BrotliBody`) is
 * kept as it came. `onGrow` is told of each copy made later (its bytes).
 */
export function cachedAnswer(
  version: string,
  plain: Buffer | BrotliBody,
  headers: Record<string, string>,
  onGrow: (bytes: number) => void = () => {},
  transient = false,
): CachedAnswer {
  const copies = new Map<CachedEncoding, Buffer>();
  let kept: Buffer | null = null;
  let etag: string;
  let size: number;
  if (Buffer.isBuffer(plain)) {
    etag = etagOf(createHash("sha1").update(plain));
    size = plain.length;
    if (size < compressionThresholdBytes || transient) kept = ownBytes(plain);
    else copies.set("br", compressors.br(plain));
  } else {
    ({ etag, size } = plain);
    copies.set("br", plain.br);
  }
  const body = () => kept ?? brotliDecompressSync(copies.get("br") as Buffer);
  return {
    version,
    size,
    etag,
    headers,
    body,
    plainForSending: () =>
      kept ??
      pipeline(Readable.from([copies.get("br") as Buffer]), createBrotliDecompress(), () => {}),
    encoded(encoding) {
      let copy = copies.get(encoding);
      if (!copy) {
        copy = compressors[encoding](body());
        copies.set(encoding, copy);
        onGrow(copy.length);
      }
      return copy;
    },
    keptBytes() {
      let bytes = kept?.length ?? 0;
      for (const copy of copies.values()) bytes += copy.length;
      return bytes;
    },
    transient,
  };
}

/** What `compute` makes: the bytes and their headers, or null for an answer not to keep. */
export type ComputedAnswer = { body: Buffer | BrotliBody; headers: Record<string, string> } | null;

/** Makes an answer from data at least as new as `version` (the one it will be filed under). */
export type ComputeAnswer = (version: string) => Promise<ComputedAnswer>;

export interface AnswerCache {
  /** The answer kept for `key` if the version has not moved since it was made, else null. */
  fresh(key: string): Promise<CachedAnswer | null>;
  /**
   * The answer for `key`: from the cache when the version has not moved since it was made, else
   * from `compute` (then kept). Callers that miss together share one `compute`. Null when
   * `compute` gave null (the answer is not to be kept; each caller makes its own).
   */
  answer(key: string, compute: ComputeAnswer): Promise<CachedAnswer | null>;
}

export interface AnswerCacheLimits {
  maxEntries: number;
  maxBytes: number;
  /**
   * Keep an answer only when its key is asked a second time (while the keys asked lately are
   * remembered: four times `maxEntries`). For answers most of which are asked once, such as
   * search suggestions: a one-off search is then neither compressed ahead nor kept, and does not
   * push out the prefixes many shoppers type.
   */
  keepFromSecondAsk?: boolean;
}

/**
 * A per-process cache of serialised answers filed under a version (decision 041). Every call
 * learns the current version first, so a change committed in any process shows at once; only the
 * work behind the answer and its serialisation are saved. The version is taken before the data,
 * so a cached answer is never older than the version it is filed under.
 */
export function createAnswerCache(
  currentVersion: () => Promise<string>,
  limits: AnswerCacheLimits = { maxEntries: 500, maxBytes: 32 * 1024 * 1024 },
  /** Told of every `answer` lookup: served from the cache (true) or computed (false). */
  onLookup: (hit: boolean) => void = () => {},
): AnswerCache {
  const entries = new Map<string, CachedAnswer>();
  // The bytes the kept answers hold (plain bodies of small ones, compressed copies of the rest).
  let bytes = 0;
  const forget = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= entry.keptBytes();
    entries.delete(key);
  };
  // Oldest first in a Map: drop the least recently made answers past the limits.
  const trim = () => {
    while (entries.size > limits.maxEntries || bytes > limits.maxBytes) {
      const oldest = entries.keys().next().value;
      if (oldest === undefined) break;
      forget(oldest);
    }
  };
  // Keys asked lately (keepFromSecondAsk), forgotten all at once when there are too many.
  const asked = new Set<string>();
  const firstAsk = (key: string) => {
    if (!limits.keepFromSecondAsk || asked.has(key)) return false;
    if (asked.size >= limits.maxEntries * 4) asked.clear();
    asked.add(key);
    return true;
  };
  const make = async (
    key: string,
    version: string,
    compute: ComputeAnswer,
  ): Promise<CachedAnswer | null> => {
    const transient = firstAsk(key);
    const computed = await compute(version);
    if (!computed) return null;
    if (transient) return cachedAnswer(version, computed.body, computed.headers, () => {}, true);
    const fresh: CachedAnswer = cachedAnswer(version, computed.body, computed.headers, (added) => {
      // A gzip copy made later counts while its answer is still kept.
      if (entries.get(key) !== fresh) return;
      bytes += added;
      trim();
    });
    forget(key);
    // An answer bigger than half the budget is served but not kept: it would push out
    // everything else. (Every product of a 20,000-product catalogue is about 22 MB as JSON and
    // 1.5 MB as brotli: kept.)
    if (fresh.keptBytes() > limits.maxBytes / 2) return fresh;
    entries.set(key, fresh);
    bytes += fresh.keptBytes();
    trim();
    return fresh;
  };
  // Answers being made, by version and key: requests that miss together wait for one computation
  // instead of each running it (after a change, every open connection misses at once).
  const making = new Map<string, Promise<CachedAnswer | null>>();
  return {
    async fresh(key) {
      const version = await currentVersion();
      const cached = entries.get(key);
      return cached && cached.version === version ? cached : null;
    },
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

/** True when the request's If-None-Match names this ETag (or any, `*`). */
function matchesEtag(request: FastifyRequest, etag: string): boolean {
  const header = request.headers["if-none-match"];
  if (!header) return false;
  return header === "*" || header.split(",").some((tag) => tag.trim() === etag);
}

/** The coding this client gets the answer in: the best it accepts, none for a small answer. */
export function encodingFor(request: FastifyRequest, answer: CachedAnswer): CachedEncoding | null {
  const accepted = request.headers["accept-encoding"];
  const threshold = answer.transient
    ? perResponseCompressionThresholdBytes
    : compressionThresholdBytes;
  if (!accepted || answer.size < threshold) return null;
  return negotiate(accepted.toLowerCase(), [...cachedEncodings]) as CachedEncoding | null;
}

/**
 * Sends a cached answer as-is: already serialised, ETag already computed, compressed in the best
 * coding the client accepts (a set Content-Encoding makes @fastify/compress pass it by), or 304
 * when the client already holds it. The ETag is weak, so it stays the same across codings.
 */
export function sendCachedAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: CachedAnswer,
): FastifyReply {
  reply.headers({ ...answer.headers, etag: answer.etag, vary: "accept-encoding" });
  if (matchesEtag(request, answer.etag)) return reply.status(304).send();
  const encoding = encodingFor(request, answer);
  if (!encoding) {
    // A stream has no length of its own: the answer knows it.
    return reply.header("content-length", answer.size).send(answer.plainForSending());
  }
  return reply.header("content-encoding", encoding).send(answer.encoded(encoding));
}
