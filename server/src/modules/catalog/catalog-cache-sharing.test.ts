import { describe, expect, it } from "vitest";
import type { Database } from "../../db/client.ts";
import { sharedReads } from "../../http/answer-cache.ts";
import { createCatalogCache } from "./catalog-cache.ts";

/** A read whose calls are held until the test settles them, in order. */
function heldReads() {
  const calls: { resolve: (v: string) => void; reject: (e: Error) => void }[] = [];
  const read = () =>
    new Promise<string>((resolve, reject) => {
      calls.push({ resolve, reject });
    });
  const call = (index: number) => {
    const held = calls[index];
    if (!held) throw new Error(`read ${index + 1} was never started`);
    return held;
  };
  return { read, calls, call };
}

const flush = () => new Promise((r) => setImmediate(r));

describe("sharedReads", () => {
  it("callers arriving during a read share the next one, never the one already running", async () => {
    const { read, calls, call } = heldReads();
    const version = sharedReads(read);

    const first = version();
    const second = version();
    const third = version();
    expect(calls).toHaveLength(1);
    expect(second).toBe(third);

    // A change commits here, while the first read runs: the later callers must see it.
    call(0).resolve("v1");
    expect(await first).toBe("v1");
    await flush();
    expect(calls).toHaveLength(2);
    call(1).resolve("v2");
    expect(await second).toBe("v2");
    expect(await third).toBe("v2");

    // Once idle, the next caller starts its own read.
    const fourth = version();
    await flush();
    expect(calls).toHaveLength(3);
    call(2).resolve("v3");
    expect(await fourth).toBe("v3");
  });

  it("a failed read fails its callers only; those queued behind it still get a read", async () => {
    const { read, call } = heldReads();
    const version = sharedReads(read);
    const first = version();
    const second = version();
    call(0).reject(new Error("connection lost"));
    await expect(first).rejects.toThrow("connection lost");
    await flush();
    call(1).resolve("v2");
    expect(await second).toBe("v2");
  });
});

describe("createCatalogCache", () => {
  /** An embedded-style database whose catalogue version moves when the test says so. */
  async function cacheWithVersion() {
    const listeners = new Map<string, () => void>();
    const database = {
      listen: async (channel: string, onNotify: () => void) => {
        listeners.set(channel, onNotify);
      },
    } as unknown as Database;
    const cache = await createCatalogCache(database);
    return { cache, change: () => listeners.get("catalog_changed")?.() };
  }

  it("requests that miss together share one computation, and a change makes a new one", async () => {
    const { cache, change } = await cacheWithVersion();
    let computed = 0;
    let finish = () => {};
    const compute = () => {
      computed += 1;
      return new Promise<{ value: unknown }>((resolve) => {
        finish = () => resolve({ value: { run: computed } });
      });
    };
    const answers = [cache.answer("list", compute), cache.answer("list", compute)];
    await new Promise((resolve) => setImmediate(resolve));
    expect(computed).toBe(1);
    finish();
    const [first, second] = await Promise.all(answers);
    expect(second).toBe(first);
    expect(JSON.parse(first?.body().toString() ?? "")).toEqual({ run: 1 });

    // Kept: the next request is answered without computing.
    expect(await cache.answer("list", compute)).toBe(first);
    expect(computed).toBe(1);

    change();
    const afterChange = cache.answer("list", compute);
    await new Promise((resolve) => setImmediate(resolve));
    expect(computed).toBe(2);
    finish();
    expect(JSON.parse((await afterChange).body().toString())).toEqual({ run: 2 });
  });

  it("a failed computation fails the requests sharing it, and the next request tries again", async () => {
    const { cache } = await cacheWithVersion();
    let calls = 0;
    const failing = async () => {
      calls += 1;
      throw new Error("database unreachable");
    };
    await expect(
      Promise.all([cache.answer("list", failing), cache.answer("list", failing)]),
    ).rejects.toThrow("database unreachable");
    expect(calls).toBe(1);
    const ok = await cache.answer("list", async () => ({ value: [1] }));
    expect(JSON.parse(ok.body().toString())).toEqual([1]);
  });
});
