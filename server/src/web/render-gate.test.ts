import Fastify from "fastify";
import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { testConfig } from "../../test/test-app.ts";
import { cachedAnswer, sendCachedAnswer } from "../http/answer-cache.ts";
import { busyMessage } from "../plugins/load-shedding.ts";
import type { PageCache } from "./page-cache.ts";
import { createRenderGate } from "./render-gate.ts";
import { registerSsr } from "./ssr.ts";

function gate() {
  let open: () => void = () => {};
  const closed = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { closed, open };
}

describe("the render gate", () => {
  it("runs at most its concurrency at once, then the waiting ones in the order they came", async () => {
    const renders = createRenderGate({ concurrency: 2, maxWaitMs: 10_000, maxQueued: 10 });
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

  it("refuses at once when the queue is full, and a waiter whose turn does not come in time", async () => {
    const renders = createRenderGate({ concurrency: 1, maxWaitMs: 30, maxQueued: 1 });
    const held = gate();
    const first = renders.run(async () => {
      await held.closed;
      return "first";
    });
    const waiter = renders.run(async () => "waiter");
    // The one place in the queue is taken: refused without waiting.
    expect(await renders.run(async () => "third")).toBeNull();
    // The waiter's 30 ms pass while the first render holds its place: refused.
    expect(await waiter).toBeNull();
    held.open();
    expect(await first).toBe("first");
    expect(await renders.run(async () => "later")).toBe("later");
  });
});

/** A build whose every page renders `<p>page</p>`. */
const build = {
  entry: {
    module: {
      default: (_request: Request, status: number, headers: Headers) => {
        headers.set("content-type", "text/html; charset=utf-8");
        return new Response("<p>page</p>", { status, headers });
      },
    },
  },
  routes: {
    root: { id: "root", path: "", module: { default: () => null } },
    page: { id: "page", parentId: "root", path: "*", module: { default: () => null } },
  },
  assets: { entry: { imports: [], module: "" }, routes: {}, url: "", version: "1" },
  publicPath: "/",
  assetsBuildDirectory: "",
  future: {},
  ssr: true,
  isSpaMode: false,
  prerender: [],
  routeDiscovery: { mode: "initial" },
} as unknown as ServerBuild;

/** A page cache that keeps nothing: every request renders. */
const keepsNothing: PageCache = {
  fresh: async () => null,
  page: async (_key, render) => {
    const made = await render();
    return made && cachedAnswer("0", made.body, made.headers);
  },
  send: sendCachedAnswer,
};

describe("a public page whose render is refused", () => {
  it("answers 503 with Retry-After: a busy page for a browser, the {detail} shape otherwise", async () => {
    const app = Fastify();
    await registerSsr(app, testConfig(), () => build, "production", {
      cache: keepsNothing,
      renderGate: { run: async () => null },
      retryAfterSeconds: 2,
    });
    const page = await app.inject({ url: "/products", headers: { accept: "text/html" } });
    expect(page.statusCode).toBe(503);
    expect(page.headers["retry-after"]).toBe("2");
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.body).toContain(busyMessage);
    const data = await app.inject({ url: "/products.data" });
    expect(data.statusCode).toBe(503);
    expect(data.headers["retry-after"]).toBe("2");
    expect(data.json()).toEqual({ detail: busyMessage });
    // The buyer's own pages are not public pages: never refused here.
    expect((await app.inject({ url: "/cart", headers: { accept: "text/html" } })).statusCode).toBe(
      200,
    );
    await app.close();
  });
});
