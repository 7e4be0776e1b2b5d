import fastifyCompress from "@fastify/compress";
import type { FastifyInstance } from "fastify";

/**
 * Kept answers (the catalogue's, cached pages) smaller than this go out uncompressed: compressing
 * them saves too little. They are compressed once when kept, so the bar is low.
 */
export const compressionThresholdBytes = 1024;

/**
 * Answers made for one request (a cart total, an order) smaller than this go out as they are
 * (decision 095). Each compression sets up a zlib stream, and for a cart total of 2.4 KB that was
 * a third of the request's CPU (cart totals per second rose 40% without it) to save 1.7 KB, which
 * travels inside the first round trip's window either way.
 */
export const perResponseCompressionThresholdBytes = 4096;

/**
 * Compression made per response (pages, uncached API answers) is gzip only: a brotli stream per
 * response costs about three times the page's own rendering (server-rendered / fell from ~420 to
 * ~130 req/s). Brotli is still sent where it is made once: the built scripts and styles
 * (precompressed) and the cached catalogue answers, which set Content-Encoding themselves so this
 * plugin passes them by.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    threshold: perResponseCompressionThresholdBytes,
    encodings: ["gzip", "deflate"],
  });
}
