import { describe, expect, it } from "vitest";
import { renderTurn } from "./render-turns.ts";

/** Counts the event loop's turns: one immediate per turn, each queueing the next. */
function turnCounter() {
  const counter = { turn: 0, stop: () => {} };
  let running = true;
  const tick = () => {
    counter.turn++;
    if (running) setImmediate(tick);
  };
  setImmediate(tick);
  counter.stop = () => {
    running = false;
  };
  return counter;
}

describe("renderTurn", () => {
  it("starts renders that ask together in turns of their own, in the order they asked", async () => {
    const counter = turnCounter();
    const started: Array<{ render: number; turn: number }> = [];
    await Promise.all(
      [1, 2, 3, 4].map((render) =>
        renderTurn().then(() => started.push({ render, turn: counter.turn })),
      ),
    );
    counter.stop();
    expect(started.map((s) => s.render)).toEqual([1, 2, 3, 4]);
    const turns = started.map((s) => s.turn);
    expect(new Set(turns).size).toBe(4);
    expect(turns).toEqual([...turns].sort((a, b) => a - b));
  });

  it("lets a render that asks alone start in the next turn", async () => {
    const counter = turnCounter();
    const asked = counter.turn;
    await renderTurn();
    const startedIn = counter.turn;
    counter.stop();
    expect(startedIn - asked).toBeLessThanOrEqual(1);
  });
});
