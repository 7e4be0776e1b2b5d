import fastifyCompress from "@fastify/compress";
import type { FastifyInstance } from "fastify";

/** Answers smaller than this go out uncompressed: compressing them saves too little. */
export const compressionThresholdBytes = 1024;

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
    threshold: compressionThresholdBytes,
    encodings: ["gzip", "deflate"],
  });
}
