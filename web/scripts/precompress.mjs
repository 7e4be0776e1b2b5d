// After `react-router build`: writes a gzip (zopfli) and a brotli copy next to every hashed
// script, stylesheet and SVG in build/client/assets, which @fastify/static serves as-is
// (`preCompressed`) to browsers that accept them. The server then never compresses a static
// file per request, and the copies are smaller than on-the-fly compression makes them:
// zopfli writes ordinary gzip about 4% smaller than zlib's best level.
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { brotliCompressSync, constants } from "node:zlib";
import { gzipAsync } from "@gfx/zopfli";

const assets = join(import.meta.dirname, "..", "build", "client", "assets");
const compressible = /\.(js|css|svg)$/;
// Below this a compressed copy saves too little to matter (the server sends the file as is).
const minBytes = 1024;

const started = Date.now();
let written = 0;
for (const name of await readdir(assets)) {
  if (!compressible.test(name)) continue;
  const file = join(assets, name);
  const body = await readFile(file);
  if (body.length < minBytes) continue;
  await writeFile(`${file}.gz`, await gzipAsync(body, { numiterations: 15 }));
  await writeFile(
    `${file}.br`,
    brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  );
  written += 1;
}
console.log(`precompressed ${written} assets (gzip + brotli) in ${Date.now() - started} ms`);
