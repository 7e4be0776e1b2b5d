/**
 * How many page renders run at once, and how long one may wait for its turn (docs/decisions/076).
 * A render is mostly JavaScript on the one event loop: past a few at once they only take turns,
 * and every one finishes later. So public pages the cache cannot answer render a few at a time,
 * in the order they came; one that would wait longer than `maxWaitMs`, or find `maxQueued`
 * already waiting, is refused at once (the caller answers 503 with Retry-After) instead of
 * making everyone behind it slower.
 */
export interface RenderGate {
  /** Runs `render` when a place is free; null when it was refused. */
  run<T>(render: () => Promise<T>): Promise<T | null>;
}

export interface RenderGateOptions {
  concurrency: number;
  maxWaitMs: number;
  maxQueued: number;
}

type Waiter = (admitted: boolean) => void;

export function createRenderGate(options: RenderGateOptions): RenderGate {
  let running = 0;
  const waiting: Waiter[] = [];
  const next = () => {
    const waiter = waiting.shift();
    if (!waiter) return;
    running++;
    waiter(true);
  };
  return {
    async run(render) {
      if (running >= options.concurrency) {
        if (waiting.length >= options.maxQueued) return null;
        const admitted = await new Promise<boolean>((admit) => {
          const timer = setTimeout(() => {
            waiting.splice(waiting.indexOf(waiter), 1);
            admit(false);
          }, options.maxWaitMs);
          const waiter: Waiter = (admitted) => {
            clearTimeout(timer);
            admit(admitted);
          };
          waiting.push(waiter);
        });
        if (!admitted) return null;
      } else {
        running++;
      }
      try {
        return await render();
      } finally {
        running--;
        next();
      }
    },
  };
}
