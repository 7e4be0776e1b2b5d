import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import { openDatabase } from "../../db/client.ts";

describe("when the database is unreachable", () => {
  let t: TestApp;
  beforeAll(async () => {
    // Nothing listens on port 1: every query fails to connect.
    const database = await openDatabase({ databaseUrl: "postgres://postgres@127.0.0.1:1/nowhere" });
    t = await createTestApp({ database });
  });
  afterAll(async () => {
    await t.close();
    await t.database.close();
  });

  it("GET /api/ready answers 503 with a clear detail", async () => {
    const res = await t.app.inject("/api/ready");
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ detail: "Database unavailable" });
  });

  it("data routes answer 503 with Retry-After, not 500", async () => {
    const res = await t.app.inject("/api/products/1");
    expect(res.statusCode).toBe(503);
    expect(res.headers["retry-after"]).toBe("5");
    expect(res.json().detail).toMatch(/temporarily unavailable/);
  });

  it("the process keeps serving what needs no database", async () => {
    const res = await t.app.inject("/api/health");
    expect(res.statusCode).toBe(200);
  });
});
