import { describe, expect, it } from "vitest";
import { createRenderGate } from "./render-gate.ts";

function gate() {
  let open: () => void = () => {};
  const closed = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { closed, open };
}

describe("the render gate", () => {
  it("runs at most its concurrency at once, then the waiting ones in the order they came", async () => {
    const renders = createRenderGate(2);
    const held = gate();
    const started: number[] = [];
    const run = (n: number) =>
      renders.run(async () => {
        started.push(n);
        await held.closed;
        return n;
      });
    const all = [run(1), run(2), run(3), run(4)];
    await expect.poll(() => started).toEqual([1, 2]);
    held.open();
    expect(await Promise.all(all)).toEqual([1, 2, 3, 4]);
    expect(started).toEqual([1, 2, 3, 4]);
  });

  it("passes the place of a render that failed to the next in line", async () => {
    const renders = createRenderGate(1);
    const held = gate();
    const failed = renders.run(async () => {
      await held.closed;
      throw new Error("render failed");
    });
    const next = renders.run(async () => "next");
    held.open();
    await expect(failed).rejects.toThrow("render failed");
    expect(await next).toBe("next");
    expect(await renders.run(async () => "later")).toBe("later");
  });
});
