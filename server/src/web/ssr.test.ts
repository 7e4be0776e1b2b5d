import Fastify from "fastify";
import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { testConfig } from "../../test/test-app.ts";
import { registerSsr } from "./ssr.ts";

/** The smallest server build: one route whose loader answers with `status`. */
function buildAnswering(status: number): ServerBuild {
  return {
    entry: {
      module: {
        default: (_request: Request, statusCode: number, headers: Headers) =>
          new Response(`<p>page ${statusCode}</p>`, { status: statusCode, headers }),
      },
    },
    routes: {
      root: {
        id: "root",
        path: "",
        module: {
          default: () => null,
          loader: () => Response.json({ failed: status !== 200 }, { status }),
        },
      },
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
}

describe("server-rendered pages under pressure", () => {
  it("a page that could not load its data answers 503 with Retry-After, like the API", async () => {
    const app = Fastify();
    await registerSsr(app, testConfig(), () => buildAnswering(503), "production");
    const res = await app.inject({ url: "/", headers: { accept: "text/html" } });
    expect(res.statusCode).toBe(503);
    expect(res.headers["retry-after"]).toBe("5");
    await app.close();
  });

  it("a page that loaded carries no Retry-After", async () => {
    const app = Fastify();
    await registerSsr(app, testConfig(), () => buildAnswering(200), "production");
    const res = await app.inject({ url: "/", headers: { accept: "text/html" } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["retry-after"]).toBeUndefined();
    await app.close();
  });
});
