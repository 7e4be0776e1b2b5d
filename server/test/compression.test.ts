import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  compressionThresholdBytes,
  perResponseCompressionThresholdBytes,
} from "../src/plugins/compression.ts";
import { createProduct } from "./factories.ts";
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

  it("a small answer made per request (a cart total) goes out as it is: compressing it cost more than it saved", async () => {
    const ids = [];
    for (let n = 0; n < 5; n++)
      ids.push((await createProduct(t.database.db, { name: `Plain Oak ${n}`, our_price: 4 })).id);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/cart/calculate",
      headers: { "accept-encoding": "gzip, deflate, br" },
      payload: {
        cart_items: ids.map((product_id) => ({ product_id, quantity: 2 })),
        shipping_state: "AL",
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeGreaterThan(compressionThresholdBytes);
    expect(res.rawPayload.length).toBeLessThan(perResponseCompressionThresholdBytes);
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.json().items).toHaveLength(5);
  });

  it("a client that accepts no compression gets plain bytes", async () => {
    const res = await t.app.inject({ url: "/api/openapi.json" });
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.json()).toHaveProperty("openapi");
  });
});
