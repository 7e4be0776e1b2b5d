import { type ComponentType, createElement, lazy, Suspense, useEffect, useState } from "react";

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
 */
export function deferredIsland<P extends object>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const start = () => {
    loading ??= load().then((component) => {
      loaded = component;
      return component;
    });
    return loading;
  };

  const Lazy = lazy(async () => {
    let hydrated: () => void = () => undefined;
    if (!import.meta.env.SSR && !pageHydrated()) {
      // Met while hydrating the server's HTML: the page counts as hydrated once this part is.
      hydrations.push(
        new Promise<void>((resolve) => {
          hydrated = resolve;
        }),
      );
      await new Promise<void>((resolve) => whenIdle(resolve));
    }
    const Component = await start();
    function HydratedIsland(props: P) {
      useEffect(() => hydrated(), []);
      return createElement(Component, props);
    }
    return { default: HydratedIsland };
  });

  if (import.meta.env.SSR) serverLoads.push(start());
  else if (pageHydrated()) void start().catch(() => undefined);
  else declared.push(start);

  return function DeferredIsland(props: P) {
    // Fixed per instance: switching from the lazy wrapper to the loaded component would remount it.
    const [ready] = useState(() => loaded);
    return (
      <Suspense fallback={null}>
        {ready ? createElement(ready, props) : createElement(Lazy, props)}
      </Suspense>
    );
  };
}

const serverLoads: Promise<unknown>[] = [];
const hydrations: Promise<void>[] = [];
/** Browser: the islands declared before the first page hydrated. */
const declared: (() => Promise<unknown>)[] = [];

/** Server: resolves once every island's module is loaded, so pages render them in their HTML. */
export function deferredIslandsLoaded(): Promise<void> {
  return Promise.all(serverLoads).then(() => undefined);
}

/**
 * Browser: resolves once every island the first render met has hydrated. The root marks the page
 * interactive (`data-hydrated`, which end-to-end tests wait for) only then.
 */
export function deferredIslandsHydrated(): Promise<void> {
  return Promise.all(hydrations).then(() => undefined);
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

function whenIdle(run: () => void) {
  if ("requestIdleCallback" in window) window.requestIdleCallback(run, { timeout: 1000 });
  else setTimeout(run, 50);
}
