import { describe, expect, it } from "vitest";
import { sharedReads } from "./catalog-cache.ts";

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
