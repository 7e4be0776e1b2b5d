import { describe, expect, it } from "vitest";
import { sharedReads } from "./catalog-cache.ts";

/** A read whose calls are held until the test settles them, in order. */
function heldReads() {
  const calls: { resolve: (v: string) => void; reject: (e: Error) => void }[] = [];
  const read = () =>
    new Promise<string>((resolve, reject) => {
      calls.push({ resolve, reject });
    });
  return { read, calls };
}

const flush = () => new Promise((r) => setImmediate(r));

describe("sharedReads", () => {
  it("callers arriving during a read share the next one, never the one already running", async () => {
    const { read, calls } = heldReads();
    const version = sharedReads(read);

    const first = version();
    const second = version();
    const third = version();
    expect(calls).toHaveLength(1);
    expect(second).toBe(third);

    // A change commits here, while the first read runs: the later callers must see it.
    calls[0].resolve("v1");
    expect(await first).toBe("v1");
    await flush();
    expect(calls).toHaveLength(2);
    calls[1].resolve("v2");
    expect(await second).toBe("v2");
    expect(await third).toBe("v2");

    // Once idle, the next caller starts its own read.
    const fourth = version();
    await flush();
    expect(calls).toHaveLength(3);
    calls[2].resolve("v3");
    expect(await fourth).toBe("v3");
  });

  it("a failed read fails its callers only; those queued behind it still get a read", async () => {
    const { read, calls } = heldReads();
    const version = sharedReads(read);
    const first = version();
    const second = version();
    calls[0].reject(new Error("connection lost"));
    await expect(first).rejects.toThrow("connection lost");
    await flush();
    calls[1].resolve("v2");
    expect(await second).toBe("v2");
  });
});
