import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProduct } from "./factories.ts";
import { createTestApp, type TestApp, testAdminPassword } from "./test-app.ts";

/** Strings an attacker or a broken client would send. */
const nastyString = fc.oneof(
  fc.string(),
  fc.string({ unit: "grapheme", maxLength: 50 }),
  fc.constantFrom(
    "' OR 1=1 --",
    "1; DROP TABLE products; --",
    "<script>alert(1)</script>",
    "../../etc/passwd",
    "%00",
    "\u0000",
    "9".repeat(400),
    "-1",
    "NaN",
    "1e309",
    "𝔘𝔫𝔦𝔠𝔬𝔡𝔢 ✓ ünïcödé",
  ),
  fc.string({ minLength: 5000, maxLength: 20000 }),
);
const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  nastyString,
  fc.integer(),
  fc.double(),
  fc.constantFrom(-1, 0, 2 ** 53, -(2 ** 31), Number.MAX_SAFE_INTEGER, 1e308),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(fc.integer(), nastyString), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 10 }), fc.oneof(fc.integer(), nastyString), { maxKeys: 4 }),
);
const nastyBody = fc.oneof(
  fc.dictionary(
    fc.oneof(
      fc.string({ maxLength: 20 }),
      fc.constantFrom(
        "email",
        "password",
        "name",
        "quantity",
        "cart_items",
        "product_id",
        "status",
        "token",
        "code",
        "amount",
      ),
    ),
    nastyValue,
    { maxKeys: 8 },
  ),
  nastyValue,
);

interface RouteCase {
  method: string;
  url: string;
}

/** Every API route from the OpenAPI document, path parameters filled with a nasty value. */
function routesFromOpenApi(doc: { paths: Record<string, Record<string, unknown>> }): RouteCase[] {
  const cases: RouteCase[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const method of Object.keys(methods)) {
      if (!["get", "post", "put", "patch", "delete"].includes(method)) continue;
      cases.push({ method: method.toUpperCase(), url: path });
    }
  }
  return cases;
}

async function rowCounts(t: TestApp): Promise<string> {
  const result = await t.database.db.execute(sql`
    select (select count(*) from products) || '/' || (select count(*) from orders) || '/' ||
      (select count(*) from ace_users) || '/' || (select count(*) from project_inquiries) || '/' ||
      (select count(*) from contact_messages) || '/' || (select count(*) from coupons) || '/' ||
      (select count(*) from mail_outbox) as counts`);
  return String((result.rows[0] as { counts: string }).counts);
}

describe("every API route under malformed input", () => {
  let t: TestApp;
  let routes: RouteCase[];
  beforeAll(async () => {
    t = await createTestApp();
    await createProduct(t.database.db);
    routes = routesFromOpenApi((await t.app.inject("/api/openapi.json")).json());
  });
  afterAll(() => t.close());

  it("finds the routes to test", () => {
    expect(routes.length).toBeGreaterThan(3);
  });

  it("never answers 500, always answers errors as {detail}, and stores nothing on an error", async () => {
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(
          nastyString,
          nastyBody,
          fc.dictionary(
            fc.constantFrom(
              "page",
              "per_page",
              "min_price",
              "max_price",
              "q",
              "type",
              "limit",
              "offset",
              "amount",
              "status",
              "search",
              "include_items",
              "closeout",
              "sort",
            ),
            nastyString,
            { maxKeys: 4 },
          ),
          fc.boolean(),
          async (param, body, query, asAdmin) => {
            const url = route.url.replace(
              /\{[^}]+\}/g,
              encodeURIComponent(param.slice(0, 300)) || "x",
            );
            const qs = new URLSearchParams(
              Object.entries(query).map(([k, v]): [string, string] => [k, v.slice(0, 2000)]),
            ).toString();
            const before = await rowCounts(t);
            const res = await t.app.inject({
              method: route.method as "GET",
              url: qs ? `${url}?${qs}` : url,
              headers: {
                "content-type": "application/json",
                ...(asAdmin ? { "admin-password": testAdminPassword } : {}),
              },
              payload:
                route.method === "GET" || route.method === "DELETE"
                  ? undefined
                  : JSON.stringify(body),
            });
            expect(
              res.statusCode,
              `${route.method} ${route.url} answered ${res.statusCode}: ${res.body.slice(0, 200)}`,
            ).toBeLessThan(500);
            if (res.statusCode >= 400) {
              const json = res.json();
              expect(json).toHaveProperty("detail");
              expect(await rowCounts(t)).toBe(before);
            }
          },
        ),
        { numRuns: 15, seed: 20261122 },
      );
    }
  }, 240_000);
});
