// Measures what each way of keeping a strict CSP on cached pages costs per response
// (docs/decisions/076): `node bench/csp-variants.mjs [base URL]` against a running store.
//   hashes: the cached bytes, compressed once, go out as they are; the policy lists SHA-256s.
//   nonce:  the cached page keeps a placeholder; every response writes a fresh nonce into it and
//           compresses it again (gzip; brotli per response costs more still).
import { randomBytes } from "node:crypto";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const base = process.argv[2] ?? "http://127.0.0.1:4420";
const pages = ["/", "/products", "/blog"];
const placeholder = "__NONCE__";

function perSecond(work, ms = 1500) {
  const until = performance.now() + ms;
  let runs = 0;
  while (performance.now() < until) {
    work();
    runs++;
  }
  return runs / (ms / 1000);
}

for (const path of pages) {
  const html = await (await fetch(base + path)).text();
  const template = html.replace(/<script(?=[ >])/g, `<script nonce="${placeholder}"`);
  const kept = gzipSync(Buffer.from(html));
  const hashes = perSecond(() => kept.subarray(0));
  const nonceGzip = perSecond(() => {
    const nonce = randomBytes(16).toString("base64");
    gzipSync(Buffer.from(template.replaceAll(placeholder, nonce)));
  });
  const nonceBrotli = perSecond(() => {
    const nonce = randomBytes(16).toString("base64");
    brotliCompressSync(Buffer.from(template.replaceAll(placeholder, nonce)), {
      params: { [constants.BROTLI_PARAM_QUALITY]: 5 },
    });
  }, 1000);
  console.log(
    `${path} (${(html.length / 1024).toFixed(0)} KB): hashes ${Math.round(hashes).toLocaleString("en-US")}/s, ` +
      `nonce + gzip ${Math.round(nonceGzip)}/s (${(1000 / nonceGzip).toFixed(2)} ms each), ` +
      `nonce + brotli q5 ${Math.round(nonceBrotli)}/s (${(1000 / nonceBrotli).toFixed(2)} ms each)`,
  );
}
