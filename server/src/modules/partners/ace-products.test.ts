import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProduct } from "../../../test/factories.ts";
import { approvedPartner, bearer, registerViaApi } from "../../../test/partner-factories.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";

describe("ACE partner products", () => {
  let t: TestApp;
  let token: string;
  let arCheap: number;
  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    arCheap = (
      await createProduct(db, {
        name: "AR Birch Plank",
        collection: "AR",
        our_price: 5.0,
        ace_price: 3.1,
        ace_shown_price: 4.25,
        sqft_per_carton: 20,
      })
    ).id;
    await createProduct(db, {
      name: "AR Cedar Plank",
      collection: "AR",
      features: { waterproof: true, pet_friendly: false },
      our_price: 9.0,
      ace_price: 6.2,
      ace_shown_price: 7.5,
    });
    await createProduct(db, {
      name: "AR Alder Sold Out",
      collection: "AR",
      ace_shown_price: 1.0,
      stock_quantity: 0,
    });
    await createProduct(db, {
      name: "Retail Only Oak",
      collection: "Retail",
      features: { radiant_heat_compatible: true },
      ace_shown_price: null,
    });
    token = (await approvedPartner(t.app)).token;
  });
  afterAll(() => t.close());

  const list = (query = "", headers: Record<string, string> = bearer(token)) =>
    t.app.inject({ url: `/api/ace/products${query}`, headers });

  it("GET /api/ace/products refuses anonymous callers and unknown tokens with 401", async () => {
    expect((await list("", {})).statusCode).toBe(401);
    expect((await list("", bearer("q".repeat(43)))).statusCode).toBe(401);
    expect((await t.app.inject({ url: `/api/ace/products/${arCheap}` })).statusCode).toBe(401);
  });

  it("GET /api/ace/products refuses a pending partner with 403 awaiting approval", async () => {
    const pending = await registerViaApi(t.app);
    const res = await list("", bearer(pending.token));
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toContain("awaiting approval");
  });

  it("lists the AR collection by default at ace_shown_price, never ace_price, sold out last", async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    const products = res.json() as Array<Record<string, unknown>>;
    expect(products.map((p) => p.name)).toEqual([
      "AR Birch Plank",
      "AR Cedar Plank",
      "AR Alder Sold Out",
    ]);
    expect(res.headers["x-total-count"]).toBe("3");
    const birch = products[0];
    expect(birch).toMatchObject({
      ace_shown_price: 4.25,
      our_price: 4.25,
      price_per_box: 85,
      price_source: "partner",
      // The public price per sq ft, so the portal can show what the partner saves.
      retail_price: 5,
    });
    expect(birch).not.toHaveProperty("ace_price");
    // The partner-only price (3.1) is no value anywhere in the answer (timestamps may hold "3.1").
    expect(res.body).not.toMatch(/[:,[]3\.1[,}\]]/);
  });

  it("filters and sorts on ace_shown_price, and the collection can be overridden", async () => {
    const desc = (await list("?sort=price_desc")).json() as Array<{ name: string }>;
    expect(desc.map((p) => p.name)).toEqual([
      "AR Cedar Plank",
      "AR Birch Plank",
      "AR Alder Sold Out",
    ]);
    const bounded = (await list("?min_price=4&max_price=5")).json() as Array<{ name: string }>;
    expect(bounded.map((p) => p.name)).toEqual(["AR Birch Plank"]);
    const search = (await list("?q=cedar")).json() as Array<{ name: string }>;
    expect(search.map((p) => p.name)).toEqual(["AR Cedar Plank"]);
    const retail = (await list("?collection=Retail")).json() as Array<{ name: string }>;
    expect(retail.map((p) => p.name)).toEqual(["Retail Only Oak"]);
    const paged = await list("?per_page=25&page=2");
    expect(paged.json()).toEqual([]);
    expect((await list("?max_price=abc")).statusCode).toBe(422);
  });

  it("lists a product without a partner price at the public price, labelled public, with no retail comparison", async () => {
    const retail = (await list("?collection=Retail")).json();
    expect(retail).toHaveLength(1);
    expect(retail[0]).toMatchObject({
      name: "Retail Only Oak",
      our_price: 4.99,
      price_per_box: 99.8,
      ace_shown_price: null,
      price_source: "public",
      competitor_price: null,
      their_price_per_box: null,
      msrp: null,
      retail_price: null,
    });
  });

  it("sorts and bounds a product without a partner price by the public price it is sold at", async () => {
    const db = t.database.db;
    const mixed = { collection: "Mixed Lot", sqft_per_carton: 20 };
    await createProduct(db, {
      ...mixed,
      name: "Mixed Partner 3",
      our_price: 9,
      ace_shown_price: 3,
    });
    await createProduct(db, {
      ...mixed,
      name: "Mixed Public 4",
      our_price: 4,
      ace_shown_price: null,
    });
    await createProduct(db, {
      ...mixed,
      name: "Mixed Partner 5",
      our_price: 8,
      ace_shown_price: 5,
    });
    const names = async (query: string) =>
      ((await list(`?collection=Mixed+Lot${query}`)).json() as Array<{ name: string }>).map(
        (p) => p.name,
      );
    expect(await names("&sort=price_asc")).toEqual([
      "Mixed Partner 3",
      "Mixed Public 4",
      "Mixed Partner 5",
    ]);
    expect(await names("&min_price=3.5&max_price=4.5")).toEqual(["Mixed Public 4"]);
  });

  it("GET /api/ace/products/{id} answers the partner view, 404 for an unknown id", async () => {
    const res = await t.app.inject({ url: `/api/ace/products/${arCheap}`, headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: arCheap, ace_shown_price: 4.25, price_per_box: 85 });
    expect(res.json()).not.toHaveProperty("ace_price");
    const missing = await t.app.inject({ url: "/api/ace/products/999999", headers: bearer(token) });
    expect(missing.statusCode).toBe(404);
  });

  it("the public product routes never carry partner prices", async () => {
    const res = await t.app.inject({ url: `/api/products/${arCheap}` });
    expect(res.json()).not.toHaveProperty("ace_shown_price");
    expect(res.json().price_per_box).toBe(100);
  });

  it("the partner list offers the yes/no features of its own collection and filters by them", async () => {
    expect((await t.app.inject({ url: "/api/ace/products/facets" })).statusCode).toBe(401);
    const facets = await t.app.inject({ url: "/api/ace/products/facets", headers: bearer(token) });
    expect(facets.statusCode).toBe(200);
    // Waterproof is true of an AR product; radiant heat only of a retail one, so not offered.
    expect(facets.json().features).toEqual(["waterproof"]);
    const retail = await t.app.inject({
      url: "/api/ace/products/facets?collection=Retail",
      headers: bearer(token),
    });
    expect(retail.json().features).toEqual(["radiant_heat_compatible"]);
    const waterproof = await list("?features=waterproof");
    expect(waterproof.json().map((p: { name: string }) => p.name)).toEqual(["AR Cedar Plank"]);
    expect((await list("?features=bad%20key")).statusCode).toBe(422);
  });
});
