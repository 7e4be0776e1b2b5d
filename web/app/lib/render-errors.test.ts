import { createStaticHandler } from "react-router";
import { describe, expect, it } from "vitest";
import { shouldLogRenderError } from "./render-errors.ts";

// The error React Router hands to the entry's error handler when a form is posted to a page
// that has no action.
async function methodNotAllowed(): Promise<unknown> {
  const router = createStaticHandler([{ id: "about", path: "/about", loader: () => null }]);
  const context = await router.query(
    new Request("http://store.test/about", { method: "POST", body: new URLSearchParams("a=b") }),
  );
  if (context instanceof Response) throw new Error("expected a render context");
  return context.errors?.about;
}

describe("which page errors are logged", () => {
  const request = () => new Request("http://store.test/about", { method: "POST" });

  it("a post to a page without a form is the client's mistake, not logged", async () => {
    const error = await methodNotAllowed();
    expect(error).toMatchObject({ status: 405 });
    expect(shouldLogRenderError(error, request())).toBe(false);
  });

  it("a fault in rendering is logged", () => {
    expect(shouldLogRenderError(new TypeError("x is undefined"), request())).toBe(true);
  });

  it("a request the client abandoned is not logged", () => {
    const controller = new AbortController();
    controller.abort();
    const abandoned = new Request("http://store.test/", { signal: controller.signal });
    expect(shouldLogRenderError(new Error("aborted"), abandoned)).toBe(false);
  });
});
