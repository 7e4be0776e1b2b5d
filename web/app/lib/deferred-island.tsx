import {
  type ComponentType,
  createElement,
  lazy,
  type ReactElement,
  Suspense,
  useCallback,
  useEffect,
  useRef,
  useState,
} from "react";
import { loadUntilItComes } from "./load-until-it-comes.ts";

/**
 * A part of a page whose code is needed neither for the page's first paint nor for hydrating
 * the rest of it (docs/decisions/089). The server renders it with the page, as always. In the
 * browser its code is a chunk of its own, fetched once the browser is idle after hydration
 * starts; until it arrives React keeps the server's HTML of the part untouched (a Suspense
 * boundary that suspends while hydrating stays dehydrated), so nothing moves or flashes; then the
 * part hydrates. After the first page is interactive (client navigations) the chunk is fetched
 * as soon as the module declaring the island runs, usually while the next page's data loads.
 *
 *     const Widget = deferredIsland(() => import("./widget.tsx").then((m) => m.Widget));
 *
 * Declare islands at module level. On the server every island's module is loaded before the
 * first render (`deferredIslandsLoaded`, awaited by entry.server), so the HTML is always whole.
 *
 * `Island.preload()` starts the same fetch at once (once, however often it is called) and
 * resolves when the code has arrived (rejects if it failed), for a page that renders the island
 * only after its own data loads in the browser: an island first rendered after that renders its
 * part in the same commit as the rest, with no hydration to wait for.
 *
 * Code that fails to come (a dropped connection) is fetched again after 1, 2, 5, 10 and then
 * every 30 seconds, and never turns the page into an error; after three failed tries the first
 * page stops waiting for the island and is marked interactive without it.
 */
export function deferredIsland<P extends object>(
  load: () => Promise<ComponentType<P>>,
): DeferredIslandComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const start = () => {
    loading ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        // A fetch that failed (a dropped connection) is tried again by the next call.
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  /** Browser, first page: the instances waited for, released when the code fails to come. */
  const waiting = new Set<() => void>();
  let stoppedWaiting = false;

  const Lazy = lazy(async () => {
    // Met while hydrating the server's HTML: the chunk waits until the browser is idle.
    if (!import.meta.env.SSR && !pageHydrated()) await new Promise<void>(whenIdle);
    const Component = await loadUntilItComes(start, (failures) => {
      if (failures !== failuresBeforeGivingUpWaiting) return;
      // The page is marked interactive without this part, which shows its server HTML or
      // nothing until its code comes (then it hydrates or renders).
      stoppedWaiting = true;
      for (const done of waiting) done();
      waiting.clear();
    });
    function HydratedIsland({ [hydratedProp]: onHydrated, ...props }: P & HydratedProps) {
      useEffect(() => onHydrated?.(), [onHydrated]);
      return createElement(Component, props as P);
    }
    return { default: HydratedIsland };
  });

  if (import.meta.env.SSR) serverLoads.push(start());
  else if (pageHydrated()) void start().catch(() => undefined);
  else declared.push(start);

  function DeferredIsland(props: P) {
    // Fixed per instance: switching from the lazy wrapper to the loaded component would remount
    // it. The wrapper commits with the page (React hydrates the boundary inside it later), so it
    // is where the page learns that it has an island still to hydrate.
    const [ready] = useState(() => loaded);
    const [live, setLive] = useState(false);
    const settle = useRef<(() => void) | undefined>(undefined);
    const markLive = useCallback(() => {
      // Settled at once, not only by the effect's cleanup after the re-render below: an update
      // made while the page hydrates can stay pending, and the page must not wait on it.
      settle.current?.();
      setLive(true);
    }, []);
    // The first page waits for this instance once it is on the page (a render React threw away
    // never commits, so it is never waited for) until it hydrates or leaves the page.
    useEffect(() => {
      if (ready || live || pageHydrated() || stoppedWaiting) return;
      const done = islandPending();
      settle.current = done;
      waiting.add(done);
      return () => {
        waiting.delete(done);
        done();
      };
    }, [ready, live]);
    const frozen = useRef<ReactElement | null>(null);
    if (ready) return <Suspense fallback={null}>{createElement(ready, props)}</Suspense>;
    const element = (
      <Suspense fallback={null}>
        {createElement(Lazy, { ...props, [hydratedProp]: markLive } as P & HydratedProps)}
      </Suspense>
    );
    if (live) return element;
    // Until its boundary has hydrated, new props would make React drop the server's HTML and
    // render the fallback: the same element makes React skip it; once it has hydrated, the
    // state change above renders it with the latest props.
    frozen.current ??= element;
    return frozen.current;
  }
  // Only sets `loaded` sooner: an instance still reads it once, at its first render, and one met
  // before it arrived keeps the lazy wrapper and is counted and reported as before.
  return Object.assign(DeferredIsland, { preload: start });
}

/** A deferred island's component, with `preload()` to fetch its code ahead of its first render. */
export type DeferredIslandComponent<P> = ComponentType<P> & { preload: () => Promise<unknown> };

/** Failed tries after which the first page stops waiting for an island (about 3 s). */
const failuresBeforeGivingUpWaiting = 3;

const hydratedProp = "data-deferred-island-hydrated";
type HydratedProps = { [hydratedProp]?: () => void };

const serverLoads: Promise<unknown>[] = [];
/** Browser, first page: one per island instance put on the page before it was interactive. */
const hydrations: Promise<void>[] = [];

function islandPending(): () => void {
  let settle = () => {};
  hydrations.push(
    new Promise<void>((resolve) => {
      settle = resolve;
    }),
  );
  return settle;
}

/** Browser: the islands declared before the first page hydrated. */
const declared: (() => Promise<unknown>)[] = [];

/** Server: resolves once every island's module is loaded, so pages render them in their HTML. */
export function deferredIslandsLoaded(): Promise<void> {
  return Promise.all(serverLoads).then(() => undefined);
}

/**
 * Browser: resolves once every island the first page put on the page has hydrated (or left the
 * page), including an island inside another, which is met only when the outer one hydrates (its
 * effect runs before the outer one's, so it joins the list first), and an island a page shows
 * once its data has loaded in the browser (the partner portal's product list). The root marks
 * the page interactive (`data-hydrated`, which end-to-end tests wait for) only then.
 */
export async function deferredIslandsHydrated(): Promise<void> {
  for (let met = -1; met !== hydrations.length; ) {
    met = hydrations.length;
    await Promise.all(hydrations);
  }
}

/**
 * For a screen that renders deferred islands only once its own data has loaded in the browser
 * (the partner portal): starts `preload` (the islands' `preload()`s) when the screen mounts, and
 * says when their code has come, so the screen shows its data with every part at once rather
 * than a heading first and its parts a moment later. A part whose code failed is shown anyway,
 * and its island fetches the code again (load-until-it-comes.ts).
 */
export function usePreloaded(preload: () => Promise<unknown>): boolean {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    void preload()
      .catch(() => undefined)
      .then(() => setLoaded(true));
  }, [preload]);
  return loaded;
}

/**
 * Browser, once the first page is interactive: fetches, when idle, the islands declared so far
 * that it did not show (a 404's message, the footer of a page without one), so that a later
 * client navigation shows them at once.
 */
export function prefetchDeferredIslands(): void {
  whenIdle(() => {
    for (const start of declared.splice(0)) void start().catch(() => undefined);
  });
}

function pageHydrated(): boolean {
  return document.documentElement.dataset.hydrated === "true";
}

/**
 * Runs `run` once the browser is idle (at most 1 s), or at once when the shopper first presses,
 * types or focuses something, since that is when they may need the island.
 */
function whenIdle(run: () => void) {
  let done = false;
  const events = ["pointerdown", "keydown", "focusin"] as const;
  const once = () => {
    if (done) return;
    done = true;
    for (const type of events) document.removeEventListener(type, once, true);
    run();
  };
  for (const type of events) document.addEventListener(type, once, true);
  if ("requestIdleCallback" in window) window.requestIdleCallback(once, { timeout: 1000 });
  else setTimeout(once, 50);
}
