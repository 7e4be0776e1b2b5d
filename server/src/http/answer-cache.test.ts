import { brotliDecompressSync, gunzipSync } from "node:zlib";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { cachedAnswer, createAnswerCache, sendCachedAnswer } from "./answer-cache.ts";

/** A JSON body of `count` products, as repetitive as a real list. */
const listBody = (count: number) =>
  Buffer.from(
    JSON.stringify(
      Array.from({ length: count }, (_, i) => ({ id: i, name: `Oak Plank ${i}`, price: 3.99 })),
    ),
  );

describe("cached answers", () => {
  it("keep a large answer as its brotli copy only, and give the plain bytes back on demand", () => {
    const plain = listBody(2000);
    const answer = cachedAnswer("1", plain, {});
    expect(answer.size).toBe(plain.length);
    expect(answer.keptBytes()).toBe(answer.encoded("br").length);
    expect(answer.keptBytes()).toBeLessThan(plain.length / 5);
    expect(answer.body().equals(plain)).toBe(true);
    expect(brotliDecompressSync(answer.encoded("br")).equals(plain)).toBe(true);
  });

  it("send a large answer whole to a client that takes no compression, decompressed as it goes", async () => {
    const plain = listBody(20_000);
    const answer = cachedAnswer("1", plain, { "content-type": "application/json" });
    const app = Fastify();
    app.get("/list", (request, reply) => sendCachedAnswer(request, reply, answer));
    try {
      const plainReply = await app.inject({ url: "/list" });
      expect(plainReply.statusCode).toBe(200);
      expect(plainReply.headers["content-encoding"]).toBeUndefined();
      expect(plainReply.headers["content-length"]).toBe(String(plain.length));
      expect(plainReply.rawPayload.equals(plain)).toBe(true);
      const brotli = await app.inject({ url: "/list", headers: { "accept-encoding": "br" } });
      expect(brotli.headers["content-encoding"]).toBe("br");
      expect(brotliDecompressSync(brotli.rawPayload).equals(plain)).toBe(true);
    } finally {
      await app.close();
    }
  });

  it("keep a small answer plain (it is sent uncompressed)", () => {
    const plain = Buffer.from('{"ok":true}');
    const answer = cachedAnswer("1", plain, {});
    expect(answer.body().equals(plain)).toBe(true);
    expect(answer.keptBytes()).toBe(plain.length);
  });

  it("hold no more memory than the bytes they keep", () => {
    // Compressed, a list of 40 products is a few hundred bytes: zlib hands it back as a view of
    // a 16 KB chunk, and a small body made from a string is a view of an 8 KB pool.
    const answer = cachedAnswer("1", listBody(40), {});
    const compressed = [answer.encoded("br"), answer.encoded("gzip")];
    for (const copy of compressed) {
      expect(copy.length).toBeLessThan(1024);
      expect(copy.buffer.byteLength).toBe(copy.length);
    }
    const small = cachedAnswer("1", Buffer.from('{"ok":true}'), {}).body();
    expect(small.buffer.byteLength).toBe(small.length);
  });

  it("count a gzip copy made later in the budget, dropping the oldest answers past it", async () => {
    // Each body: about 6 KB as brotli, 15 KB as gzip.
    const cache = createAnswerCache(async () => "1", { maxEntries: 10, maxBytes: 30_000 });
    const first = await cache.answer("a", async () => ({ body: listBody(3000), headers: {} }));
    const second = await cache.answer("b", async () => ({ body: listBody(3001), headers: {} }));
    first?.encoded("gzip");
    expect(await cache.fresh("a")).not.toBeNull();
    expect(gunzipSync(first?.encoded("gzip") as Buffer).length).toBe(first?.size);
    second?.encoded("gzip");
    expect(await cache.fresh("a")).toBeNull();
    expect(await cache.fresh("b")).toBe(second);
  });

  it("keep an answer from its second ask when told to: a one-off answer is made, sent and forgotten", async () => {
    let made = 0;
    const cache = createAnswerCache(async () => "1", {
      maxEntries: 10,
      maxBytes: 1_000_000,
      keepFromSecondAsk: true,
    });
    const compute = async () => {
      made++;
      return { body: listBody(40), headers: {} };
    };
    const once = await cache.answer("oak", compute);
    expect(once?.transient).toBe(true);
    // Nothing compressed ahead: a one-off answer under 4 KB goes out as it is.
    expect(once?.keptBytes()).toBe(once?.size);
    expect(await cache.fresh("oak")).toBeNull();
    const twice = await cache.answer("oak", compute);
    expect(twice?.transient).toBe(false);
    expect(await cache.answer("oak", compute)).toBe(twice);
    expect(made).toBe(2);
    expect(twice?.body().equals(once?.body() as Buffer)).toBe(true);
    expect(twice?.etag).toBe(once?.etag);
  });
});
