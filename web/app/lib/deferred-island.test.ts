import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { deferredIsland, deferredIslandsLoaded } from "./deferred-island.tsx";

function Greeting({ name }: { name: string }) {
  return createElement("p", null, `Hello, ${name}`);
}

// Declared at module level, as the app does: the server registry loads it once.
const LaterGreeting = deferredIsland(() => Promise.resolve(Greeting));

describe("deferredIsland on the server", () => {
  it("renders the component itself inside a Suspense boundary once the islands are loaded", async () => {
    await deferredIslandsLoaded();
    const html = renderToString(createElement(LaterGreeting, { name: "Ada" }));
    expect(html).toBe("<!--$--><p>Hello, Ada</p><!--/$-->");
  });
});
