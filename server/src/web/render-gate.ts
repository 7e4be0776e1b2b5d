/**
 * How many page renders run at once. A render is mostly JavaScript on the one event loop: past a
 * few at once they only take turns, and every one finishes later. So public pages the cache
 * cannot answer render a few at a time, in the order they came. None is refused here: how many
 * can wait is bounded by the admission's places (plugins/load-shedding.ts), which also decides
 * how long a request may wait before it is turned away.
 */
export interface RenderGate {
  /** Runs `render` when a place is free. */
  run<T>(render: () => Promise<T>): Promise<T>;
}

export function createRenderGate(concurrency: number): RenderGate {
  let running = 0;
  const waiting: (() => void)[] = [];
  return {
    async run(render) {
      if (running >= concurrency) await new Promise<void>((turn) => waiting.push(turn));
      else running++;
      try {
        return await render();
      } finally {
        // The place passes straight to the next in line, or is freed.
        const next = waiting.shift();
        if (next) next();
        else running--;
      }
    },
  };
}
