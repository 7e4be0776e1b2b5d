import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./test-app.ts";

describe("security headers on every answer", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("an answer, a not-found and a refused body all carry Helmet's headers and a fresh CSP nonce", async () => {
    const answers = [
      await t.app.inject("/api/health"),
      await t.app.inject("/api/no-such-thing"),
      await t.app.inject({
        method: "POST",
        url: "/api/cart/calculate",
        headers: { "content-type": "application/json" },
        payload: "{",
      }),
    ];
    expect(answers.map((res) => res.statusCode)).toEqual([200, 404, 400]);
    const nonces = new Set<string>();
    for (const res of answers) {
      expect(res.headers["x-frame-options"]).toBe("SAMEORIGIN");
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      expect(res.headers["cross-origin-resource-policy"]).toBe("same-origin");
      const nonce = /'nonce-([^']+)'/.exec(String(res.headers["content-security-policy"]))?.[1];
      expect(nonce).toBeTruthy();
      nonces.add(nonce as string);
    }
    expect(nonces.size).toBe(3);
  });
});
