import type { PublicProduct } from "@mcf/contracts/product";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProduct } from "../../../test/factories.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import { products } from "../../db/schema/index.ts";
import { listProducts } from "./catalog.service.ts";

type Listed = Pick<PublicProduct, "id" | "name">;
const names = (body: Listed[]) => body.map((p) => p.name);

describe("GET /api/products and /api/products/{id}", () => {
  let t: TestApp;
  let oakId: number;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const oak = await createProduct(db, {
      name: "Alpha Oak",
      brand: "Oakridge",
      type: "hardwood",
      construction: "Solid",
      collection: "Heritage",
      style_color: "Natural",
      color: "White Oak",
      our_price: 6.5,
      sqft_per_carton: 20,
      ace_price: 3.1,
      ace_shown_price: 4.2,
      stock_quantity: 50,
    });
    oakId = oak.id;
    await createProduct(db, {
      name: "Bravo Laminate",
      brand: "Floorline",
      type: "laminate",
      construction: "Click",
      collection: "AR",
      style_color: "Gray",
      color: "Harbor Gray",
      our_price: 2.25,
      ace_shown_price: 1.9,
      stock_quantity: 10,
    });
    await createProduct(db, {
      name: "Charlie Vinyl 100% Waterproof",
      brand: "Aquastep",
      type: "vinyl",
      construction: "Rigid Core",
      collection: "Coastal",
      style_color: "Light",
      color: "Sand Dune",
      our_price: 3.75,
      stock_quantity: 0,
    });
    await createProduct(db, {
      name: "Delta Tile",
      brand: "Stoneworks",
      type: "tile",
      construction: "Porcelain",
      collection: "Piazza",
      style_color: "Light",
      color: "Carrara",
      our_price: null,
      stock_quantity: 20,
    });
    await createProduct(db, {
      name: "echo Carpet",
      brand: "Softstep",
      type: "carpet",
      construction: "Cut Pile",
      collection: "Plush",
      style_color: "Beige",
      color: "Oatmeal",
      our_price: 1.2,
      stock_quantity: 3,
      is_closeout: true,
      msrp: 2.4,
    });
    await createProduct(db, {
      name: "Foxtrot Oak Closeout",
      brand: "Oakridge",
      type: "hardwood",
      construction: "Engineered",
      collection: "Heritage",
      style_color: "Dark",
      color: "Espresso",
      our_price: 4.0,
      stock_quantity: 0,
      is_closeout: true,
      msrp: 8.0,
    });
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "GET", url, headers });

  it("lists products by name with out-of-stock products last", async () => {
    const res = await get("/api/products");
    expect(res.statusCode).toBe(200);
    expect(names(res.json())).toEqual([
      "Alpha Oak",
      "Bravo Laminate",
      "Delta Tile",
      "echo Carpet",
      "Charlie Vinyl 100% Waterproof",
      "Foxtrot Oak Closeout",
    ]);
    expect(res.headers["x-total-count"]).toBe("6");
  });

  it("never sends partner prices and derives price_per_box from our_price", async () => {
    const res = await get("/api/products");
    for (const product of res.json()) {
      expect(product).not.toHaveProperty("ace_price");
      expect(product).not.toHaveProperty("ace_shown_price");
    }
    const oak = res.json().find((p: PublicProduct) => p.name === "Alpha Oak");
    expect(oak.price_per_box).toBe(130);
    expect(oak.our_price).toBe(6.5);
    const tile = res.json().find((p: PublicProduct) => p.name === "Delta Tile");
    expect(tile.our_price).toBeNull();
    expect(tile.price_per_box).toBeNull();

    const one = await get(`/api/products/${oakId}`);
    expect(one.json()).not.toHaveProperty("ace_price");
    expect(one.json()).not.toHaveProperty("ace_shown_price");
    // The partner price (4.2) is no value anywhere in the answer (timestamps may hold "4.2").
    expect(one.body).not.toMatch(/[:,[]4\.2[,}\]]/);
  });

  it.each([
    ["type=hardwood", ["Alpha Oak", "Foxtrot Oak Closeout"]],
    ["type=Hardwood", ["Alpha Oak", "Foxtrot Oak Closeout"]],
    ["construction=Click", ["Bravo Laminate"]],
    ["style_color=Light", ["Delta Tile", "Charlie Vinyl 100% Waterproof"]],
    ["brand=Oakridge", ["Alpha Oak", "Foxtrot Oak Closeout"]],
    ["collection=Heritage", ["Alpha Oak", "Foxtrot Oak Closeout"]],
    ["brand=oakridge", []],
    ["brand=Oakridge&construction=Solid", ["Alpha Oak"]],
    [
      "type=",
      [
        "Alpha Oak",
        "Bravo Laminate",
        "Delta Tile",
        "echo Carpet",
        "Charlie Vinyl 100% Waterproof",
        "Foxtrot Oak Closeout",
      ],
    ],
  ])("filters exactly: %s", async (query, expected) => {
    const res = await get(`/api/products?${query}`);
    expect(res.statusCode).toBe(200);
    expect(names(res.json())).toEqual(expected);
    expect(res.headers["x-total-count"]).toBe(String(expected.length));
  });

  it.each([
    ["q=oak", ["Alpha Oak", "Foxtrot Oak Closeout"]],
    ["q=OAKRIDGE", ["Alpha Oak", "Foxtrot Oak Closeout"]],
    ["q=piazza", ["Delta Tile"]],
    ["q=harbor", ["Bravo Laminate"]],
    ["q=carpet", ["echo Carpet"]],
    ["q=lamin", ["Bravo Laminate"]],
    ["q=100%25", ["Charlie Vinyl 100% Waterproof"]],
    ["q=%25", ["Charlie Vinyl 100% Waterproof"]],
    ["q=_", []],
    ["q=nothing-matches", []],
  ])(
    "searches name, brand, collection, color and type case-insensitively: %s",
    async (query, expected) => {
      const res = await get(`/api/products?${query}`);
      expect(res.statusCode).toBe(200);
      expect(names(res.json())).toEqual(expected);
    },
  );

  it.each([
    ["min_price=3", ["Alpha Oak", "Charlie Vinyl 100% Waterproof", "Foxtrot Oak Closeout"]],
    ["max_price=3", ["Bravo Laminate", "echo Carpet"]],
    ["min_price=2.25&max_price=3.75", ["Bravo Laminate", "Charlie Vinyl 100% Waterproof"]],
    [
      "min_price=0&max_price=999",
      [
        "Alpha Oak",
        "Bravo Laminate",
        "Delta Tile",
        "echo Carpet",
        "Charlie Vinyl 100% Waterproof",
        "Foxtrot Oak Closeout",
      ],
    ],
    [
      "min_price=0.01",
      [
        "Alpha Oak",
        "Bravo Laminate",
        "echo Carpet",
        "Charlie Vinyl 100% Waterproof",
        "Foxtrot Oak Closeout",
      ],
    ],
    [
      "max_price=998",
      [
        "Alpha Oak",
        "Bravo Laminate",
        "echo Carpet",
        "Charlie Vinyl 100% Waterproof",
        "Foxtrot Oak Closeout",
      ],
    ],
    ["min_price=7&max_price=5", []],
  ])(
    "bounds our_price per sq ft; unpriced products drop out once a bound is set: %s",
    async (query, expected) => {
      const res = await get(`/api/products?${query}`);
      expect(res.statusCode).toBe(200);
      expect(names(res.json())).toEqual(expected);
    },
  );

  it.each([
    "min_price=-1",
    "max_price=1000",
    "min_price=abc",
    "max_price=1e9",
    "sort=cheapest",
    "page=0",
    "page=1.5",
    "page=x",
    "per_page=30",
    "per_page=0",
    "per_page=all",
    "closeout=yes",
    "type=a&type=b",
  ])("answers 422 with a readable detail, never 500, for %s", async (query) => {
    const res = await get(`/api/products?${query}`);
    expect(res.statusCode).toBe(422);
    const detail = res.json().detail;
    expect(Array.isArray(detail)).toBe(true);
    expect(detail[0].loc[0]).toBe("querystring");
    expect(typeof detail[0].msg).toBe("string");
  });

  it("sorts by price ascending: out-of-stock last, unpriced after priced", async () => {
    const res = await get("/api/products?sort=price_asc");
    expect(names(res.json())).toEqual([
      "echo Carpet",
      "Bravo Laminate",
      "Alpha Oak",
      "Delta Tile",
      "Charlie Vinyl 100% Waterproof",
      "Foxtrot Oak Closeout",
    ]);
  });

  it("sorts by price descending: out-of-stock last, unpriced after priced", async () => {
    const res = await get("/api/products?sort=price_desc");
    expect(names(res.json())).toEqual([
      "Alpha Oak",
      "Bravo Laminate",
      "echo Carpet",
      "Delta Tile",
      "Foxtrot Oak Closeout",
      "Charlie Vinyl 100% Waterproof",
    ]);
  });

  it("pages with per_page and page, keeping the total in X-Total-Count", async () => {
    const all = names((await get("/api/products")).json());
    const first = await get("/api/products?per_page=25&page=1");
    expect(first.headers["x-total-count"]).toBe("6");
    expect(names(first.json())).toEqual(all);
    const past = await get("/api/products?per_page=25&page=2");
    expect(past.statusCode).toBe(200);
    expect(past.json()).toEqual([]);
    expect(past.headers["x-total-count"]).toBe("6");
    const everything = await get("/api/products?per_page=-1&sort=price_desc");
    expect(everything.json()).toHaveLength(6);
  });

  it("the default page holds 100 products; -1 returns them all", async () => {
    const db = t.database.db;
    const extra = await Promise.all(
      Array.from({ length: 120 }, (_, i) =>
        createProduct(db, {
          name: `Zulu Paging ${String(i).padStart(3, "0")}`,
          collection: "Paging",
        }),
      ),
    );
    try {
      const byDefault = await get("/api/products?collection=Paging");
      expect(byDefault.json()).toHaveLength(100);
      expect(byDefault.headers["x-total-count"]).toBe("120");
      const second = await get("/api/products?collection=Paging&page=2");
      expect(names(second.json())).toEqual(
        Array.from({ length: 20 }, (_, i) => `Zulu Paging ${String(100 + i).padStart(3, "0")}`),
      );
      const page3of50 = await get("/api/products?collection=Paging&per_page=50&page=3");
      expect(page3of50.json()).toHaveLength(20);
      const all = await get("/api/products?collection=Paging&per_page=-1");
      expect(all.json()).toHaveLength(120);
    } finally {
      await db.delete(products).where(
        inArray(
          products.id,
          extra.map((p) => p.id),
        ),
      );
    }
  });

  it("GET /api/products?closeout=true answers every closeout as {products}, unpaged", async () => {
    const res = await get("/api/products?closeout=true&per_page=25&page=9");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Array.isArray(body)).toBe(false);
    expect(names(body.products)).toEqual(["echo Carpet", "Foxtrot Oak Closeout"]);
    expect(body.products[0].msrp).toBe(2.4);
    expect(body.products[0]).not.toHaveProperty("ace_shown_price");
  });

  it("closeout=false lists only regular products, as an array", async () => {
    const res = await get("/api/products?closeout=false");
    expect(Array.isArray(res.json())).toBe(true);
    expect(names(res.json())).not.toContain("echo Carpet");
  });

  it("GET /api/products/{id} returns the product", async () => {
    const res = await get(`/api/products/${oakId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: oakId, name: "Alpha Oak", price_per_box: 130 });
  });

  it("GET /api/products/{id} answers 404 for a missing product", async () => {
    const res = await get("/api/products/999999");
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: "Product not found" });
  });

  it.each(["abc", "-1", "0", "1.5", "99999999999999"])(
    "GET /api/products/%s is a 404 or 422, never a 500",
    async (id) => {
      const res = await get(`/api/products/${id}`);
      expect([404, 422]).toContain(res.statusCode);
      expect(res.json()).toHaveProperty("detail");
    },
  );

  it("answers no-cache with an ETag, a 304 on repeat, and a fresh body after a price edit", async () => {
    const first = await get("/api/products?type=hardwood");
    expect(first.headers["cache-control"]).toBe("no-cache");
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    const repeat = await get("/api/products?type=hardwood", { "if-none-match": etag });
    expect(repeat.statusCode).toBe(304);
    expect(repeat.body).toBe("");

    await t.database.db
      .update(products)
      .set({ our_price_cents: 675 })
      .where(eq(products.id, oakId));
    const afterEdit = await get("/api/products?type=hardwood", { "if-none-match": etag });
    expect(afterEdit.statusCode).toBe(200);
    expect(afterEdit.json()[0].our_price).toBe(6.75);
    await t.database.db
      .update(products)
      .set({ our_price_cents: 650 })
      .where(eq(products.id, oakId));

    const one = await get(`/api/products/${oakId}`);
    expect(one.headers["cache-control"]).toBe("no-cache");
    const oneAgain = await get(`/api/products/${oakId}`, {
      "if-none-match": String(one.headers.etag),
    });
    expect(oneAgain.statusCode).toBe(304);
  });

  it("keeps the ETag working when the answer is compressed", async () => {
    const res = await get("/api/products?per_page=-1", { "accept-encoding": "gzip" });
    expect(res.headers["content-encoding"]).toBe("gzip");
    const again = await get("/api/products?per_page=-1", {
      "accept-encoding": "gzip",
      "if-none-match": String(res.headers.etag),
    });
    expect(again.statusCode).toBe(304);
  });

  it("GET /api/products/facets lists each dropdown's values once, sorted", async () => {
    const res = await get("/api/products/facets");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      types: ["carpet", "hardwood", "laminate", "tile", "vinyl"],
      brands: ["Aquastep", "Floorline", "Oakridge", "Softstep", "Stoneworks"],
      collections: ["AR", "Coastal", "Heritage", "Piazza", "Plush"],
      constructions: ["Click", "Cut Pile", "Engineered", "Porcelain", "Rigid Core", "Solid"],
      style_colors: ["Beige", "Dark", "Gray", "Light", "Natural"],
      features: [],
    });
  });

  it("GET /api/products/facets?type= offers the brands, collections, constructions and colours of that type, and every type", async () => {
    const res = await get("/api/products/facets?type=hardwood");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      types: ["carpet", "hardwood", "laminate", "tile", "vinyl"],
      brands: ["Oakridge"],
      collections: ["Heritage"],
      constructions: ["Engineered", "Solid"],
      style_colors: ["Dark", "Natural"],
      features: [],
    });
    const none = (await get("/api/products/facets?type=cork")).json();
    expect(none).toMatchObject({
      types: ["carpet", "hardwood", "laminate", "tile", "vinyl"],
      brands: [],
    });
  });

  it("listProducts filters and sorts by what a partner pays when asked (the partner price, else the public price), with default filters", async () => {
    const db = t.database.db;
    const base = { sort: "price_asc" as const, page: 1, per_page: 100 };
    const ace = await listProducts(db, base, {
      audience: "partner",
      defaults: { collection: "AR" },
    });
    expect(ace.rows.map((r) => r.name)).toEqual(["Bravo Laminate"]);
    const overridden = await listProducts(
      db,
      { ...base, collection: "Heritage", min_price: 4 },
      { audience: "partner", defaults: { collection: "AR" } },
    );
    // Foxtrot has no partner price: a partner is sold it at its public price, and finds it there (sold out, so last).
    expect(overridden.rows.map((r) => r.name)).toEqual(["Alpha Oak", "Foxtrot Oak Closeout"]);
    expect(overridden.total).toBe(2);
  });
});
