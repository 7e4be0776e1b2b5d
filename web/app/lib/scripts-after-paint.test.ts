import { describe, expect, it } from "vitest";
import { scriptsAfterPaint } from "./scripts-after-paint.ts";

async function through(chunks: (string | Buffer)[]): Promise<{ html: string; parts: string[] }> {
  const stream = scriptsAfterPaint("abc+/=");
  const parts: string[] = [];
  stream.on("data", (part: Buffer) => parts.push(part.toString()));
  const done = new Promise((resolve) => stream.on("end", resolve));
  for (const chunk of chunks) stream.write(chunk);
  stream.end();
  await done;
  return { html: parts.join(""), parts };
}

// React Router's <Scripts> output, as React 19 streams it (preloads hoisted into the head).
const page = [
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>',
  '<link rel="modulepreload" href="/assets/entry.client-A.js" nonce="abc+/="/>',
  '<link rel="modulepreload" href="/assets/root-B.js" nonce="abc+/="/>',
  '<link rel="stylesheet" href="/assets/root-C.css"/></head><body><main>Oak — ñ</main>',
  '<script nonce="abc+/=">window.__reactRouterContext = {};</script>',
  '<script nonce="abc+/=" type="module" async="">import * as route0 from "/assets/root-B.js";</script>',
  "</body></html>",
].join("");

describe("scriptsAfterPaint", () => {
  it("makes the preloads and the bootstrap module inert and adds the starter to the head", async () => {
    const { html } = await through([page]);
    expect(html).not.toContain('rel="modulepreload"');
    expect(html.match(/rel="deferred-modulepreload" href="\/assets\/[^"]+"/g)).toHaveLength(2);
    expect(html).not.toContain('type="module"');
    expect(html).toContain(
      '<script nonce="abc+/=" type="text/plain" data-after-paint="">import * as route0 from "/assets/root-B.js";</script>',
    );
    expect(html).toMatch(
      /<script nonce="abc\+\/=">\(function \(\) \{[\s\S]*\}\)\(\);<\/script><\/head>/,
    );
    // Everything else is untouched.
    expect(html).toContain('<link rel="stylesheet" href="/assets/root-C.css"/>');
    expect(html).toContain("<main>Oak — ñ</main>");
    expect(html).toContain('<script nonce="abc+/=">window.__reactRouterContext = {};</script>');
  });

  it("gives the same page wherever the stream is cut, even inside a tag or a character", async () => {
    const whole = (await through([page])).html;
    const bytes = Buffer.from(page);
    for (let cut = 1; cut < bytes.length; cut++) {
      const { html } = await through([bytes.subarray(0, cut), bytes.subarray(cut)]);
      expect(html, `cut at byte ${cut}`).toBe(whole);
    }
  });

  it("does not hold back the end of a chunk that cannot begin a rewritten tag", async () => {
    const { parts } = await through(["<div>first</div><script>x()</script>", "<p>later</p>"]);
    expect(parts[0]).toBe("<div>first</div><script>x()</script>");
  });
});
