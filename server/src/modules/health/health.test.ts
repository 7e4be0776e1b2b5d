import { business } from "@mcf/contracts/business";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";

describe("health, errors and headers", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      captureLogs: true,
      beforeReady: (app) =>
        app.get("/api/test-only/bug", async () => {
          throw new Error("secret internal detail at line 42");
        }),
    });
  });
  afterAll(() => t.close());

  it("GET /api/health reports the build version", async () => {
    const res = await t.app.inject("/api/health");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok", version: "0.0.0-automated" });
  });

  it("GET /api/ready answers ready while the database answers", async () => {
    const res = await t.app.inject("/api/ready");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ready" });
  });

  it("a thrown bug answers a generic 500 and is logged, never leaked", async () => {
    const res = await t.app.inject("/api/test-only/bug");
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ detail: "Internal server error" });
    expect(res.body).not.toContain("secret internal detail");
    expect(t.logs.join("")).toContain("secret internal detail");
  });

  it("an unknown API path answers JSON 404 with a detail", async () => {
    const res = await t.app.inject("/api/no-such-thing");
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toContain("Not found");
    expect(res.json()).toEqual({ detail: "Not found: GET /api/no-such-thing" });
    const other = await t.app.inject({ method: "DELETE", url: "/api/nope?x=1" });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ detail: "Not found: DELETE /api/nope" });
  });

  it("an address that is not valid percent-encoding answers 400 with a detail", async () => {
    const res = await t.app.inject("/api/products/%E0%A4%A");
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: "Malformed address" });
  });

  it("malformed JSON answers 400 with a readable detail", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/health",
      headers: { "content-type": "application/json" },
      payload: "{nope",
    });
    expect([400, 404]).toContain(res.statusCode);
    expect(typeof res.json().detail).toBe("string");
  });

  it("responses carry security headers and a nonce-based Content-Security-Policy", async () => {
    const res = await t.app.inject("/api/health");
    const csp = String(res.headers["content-security-policy"]);
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(csp).not.toContain("'unsafe-inline' 'nonce");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["x-powered-by"]).toBeUndefined();
    expect(res.headers.server).toBeUndefined();
  });

  it("every response gets its own nonce", async () => {
    const a = await t.app.inject("/api/health");
    const b = await t.app.inject("/api/health");
    expect(a.headers["content-security-policy"]).not.toEqual(b.headers["content-security-policy"]);
  });

  it("lets pages frame the room visualizer's origin and no other", async () => {
    const res = await t.app.inject("/api/health");
    const directives = String(res.headers["content-security-policy"]).split("; ");
    const origin = new URL(business.roomVisualizerUrl).origin;
    expect(directives).toContain(`frame-src ${origin}`);
    expect(directives).toContain(`connect-src 'self' ${origin}`);
    expect(directives.filter((d) => d.startsWith("frame-src"))).toHaveLength(1);
    expect(directives).toContain("default-src 'self'");
  });

  it("serves the API documentation page at /api/docs", async () => {
    const res = await t.app.inject("/api/docs");
    const page = res.statusCode === 302 ? await t.app.inject(String(res.headers.location)) : res;
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.body).toContain("swagger");
  });

  it("serves the OpenAPI document", async () => {
    const res = await t.app.inject("/api/openapi.json");
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toContain("/api/products/{id}");
  });
});
