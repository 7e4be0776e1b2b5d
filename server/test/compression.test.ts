import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./test-app.ts";

describe("compression", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("an answer made per response is gzipped even when the browser also offers brotli", async () => {
    const res = await t.app.inject({
      url: "/api/openapi.json",
      headers: { "accept-encoding": "gzip, deflate, br" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(gunzipSync(res.rawPayload).toString())).toHaveProperty("openapi");
  });

  it("a client that accepts no compression gets plain bytes", async () => {
    const res = await t.app.inject({ url: "/api/openapi.json" });
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.json()).toHaveProperty("openapi");
  });
});
