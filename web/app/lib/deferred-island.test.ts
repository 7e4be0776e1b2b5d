import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { deferredIsland, deferredIslandsLoaded } from "./deferred-island.tsx";

function Greeting({ name }: { name: string }) {
  return createElement("p", null, `Hello, ${name}`);
}

// Declared at module level, as the app does: the server registry loads it once.
const LaterGreeting = deferredIsland(() => Promise.resolve(Greeting));

let greetingLoads = 0;
const CountedGreeting = deferredIsland(() => {
  greetingLoads += 1;
  return Promise.resolve(Greeting);
});

describe("deferredIsland on the server", () => {
  it("renders the component itself inside a Suspense boundary once the islands are loaded", async () => {
    await deferredIslandsLoaded();
    const html = renderToString(createElement(LaterGreeting, { name: "Ada" }));
    expect(html).toBe("<!--$--><p>Hello, Ada</p><!--/$-->");
  });

  it("preload resolves once the island's code has loaded, and loads it only once", async () => {
    await Promise.all([CountedGreeting.preload(), CountedGreeting.preload()]);
    await CountedGreeting.preload();
    expect(greetingLoads).toBe(1);
    const html = renderToString(createElement(CountedGreeting, { name: "Grace" }));
    expect(html).toBe("<!--$--><p>Hello, Grace</p><!--/$-->");
  });
});
