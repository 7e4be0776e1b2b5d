import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app.ts";

const refused = { detail: "The request contains a NUL character, which is not allowed." };

describe("the NUL character (found by wapiti answering 500)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("GET /api/products?type=%00 and GET /api/track/a%00b answer 400, not a database error", async () => {
    for (const url of ["/api/products?type=%2Fe%00", "/api/track/ab%00cd"]) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toEqual(refused);
    }
  });

  it("POST /api/project-inquiries with a NUL inside a field answers 400 and stores nothing", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/project-inquiries",
      payload: {
        name: "Ann\u0000Lee",
        email: "ann@example.com",
        phone: "205-555-0100",
        address: "1 Main St",
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refused);
    const rows = await t.database.db.execute(sql`select count(*)::int as n from project_inquiries`);
    expect((rows.rows[0] as { n: number }).n).toBe(0);
  });
});
