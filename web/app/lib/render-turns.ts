/**
 * Page renders take turns: at most one starts per turn of the event loop.
 *
 * React renders a page whose data is loaded in one synchronous block, and the renders whose data
 * arrived together would all run in the same turn: ten cache misses of the product list made
 * turns of about 270 ms, and in such a turn the server reads no new request, writes no finished
 * answer, and accepts one new connection (Node accepts one per turn), so a burst of new visitors
 * waited in the kernel for seconds where the load shedder never saw them. Taking turns keeps each
 * turn about one render long; the renders cost the same and finish in the order they asked.
 * (How many cache misses render at once, and how long one may wait, is the server's render gate,
 * server/src/web/render-gate.ts; this only keeps their synchronous parts out of one turn.)
 */
const waiting: Array<() => void> = [];
let scheduled = false;

function startNext() {
  scheduled = false;
  waiting.shift()?.();
  if (waiting.length > 0) schedule();
}

function schedule() {
  scheduled = true;
  // An immediate queued while immediates run waits for the next turn: one render per turn.
  setImmediate(startNext);
}

/** Resolves when this render may start: in a later turn, after the renders that asked before. */
export function renderTurn(): Promise<void> {
  return new Promise((resolve) => {
    waiting.push(resolve);
    if (!scheduled) schedule();
  });
}
