import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createOrder, createProduct } from "../../../test/factories.ts";
import { testAdminPassword, useTestApp } from "../../../test/test-app.ts";
import { auditLog, orderItems } from "../../db/schema/index.ts";

const headers = { "admin-password": testAdminPassword };

describe("admin products API", () => {
  const t = useTestApp();

  const call = (
    method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE",
    url: string,
    payload?: unknown,
  ) =>
    t.app.inject({
      method,
      url,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  it("POST /api/admin/products creates a product with empty numbers as null and derives price_per_box", async () => {
    const res = await call("POST", "/api/admin/products", {
      name: "  Admin Oak  ",
      type: "Hardwood",
      our_price: 3.5,
      sqft_per_carton: 20,
      competitor_price: "",
      cartons_per_pallet: "",
      stock_quantity: 12,
      price_per_box: 999,
      features: { Waterproof: true },
      specifications: { Finish: "Matte" },
    });
    expect(res.statusCode).toBe(201);
    const product = res.json();
    expect(product).toMatchObject({
      name: "Admin Oak",
      type: "hardwood",
      our_price: 3.5,
      competitor_price: null,
      cartons_per_pallet: null,
      price_per_box: 70,
      stock_quantity: 12,
      features: { Waterproof: true },
      specifications: { Finish: "Matte" },
      is_closeout: false,
      ace_price: null,
    });
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity_id, String(product.id)));
    expect(audit.map((a) => a.action)).toEqual(["product.create"]);
    expect(audit[0]?.actor).toBe("admin");
  });

  it("POST /api/admin/products without a name answers 422 with the field, never 500", async () => {
    for (const payload of [
      {},
      { name: "" },
      { name: "X", our_price: "abc" },
      { name: "X", stock_quantity: -1 },
      { name: "X", our_price: 1.234 },
      { name: "X", features: "nope" },
    ]) {
      const res = await call("POST", "/api/admin/products", payload);
      expect(res.statusCode).toBe(422);
      expect(Array.isArray(res.json().detail)).toBe(true);
    }
    const bad = await call("POST", "/api/admin/products", "not json");
    expect(bad.statusCode).toBeLessThan(500);
  });

  it("a second product with the same SKU answers 409", async () => {
    await call("POST", "/api/admin/products", { name: "A", sku: "DUP-1" });
    const res = await call("POST", "/api/admin/products", { name: "B", sku: "DUP-1" });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toContain("DUP-1");
  });

  it("PATCH changes only the fields sent, returns the product, and audits before/after", async () => {
    const product = await createProduct(t.database.db, {
      name: "Patch Me",
      our_price: 2,
      stock_quantity: 5,
    });
    const res = await call("PATCH", `/api/admin/products/${product.id}`, {
      our_price: 2.49,
      price_per_box: 1,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: product.id,
      name: "Patch Me",
      our_price: 2.49,
      stock_quantity: 5,
      price_per_box: 49.8,
    });
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity_id, String(product.id)));
    expect(entry).toMatchObject({
      action: "product.update",
      before: { our_price: 2, price_per_box: 40 },
      after: { our_price: 2.49, price_per_box: 49.8 },
    });
    const pub = await t.app.inject({ url: `/api/products/${product.id}` });
    expect(pub.json().our_price).toBe(2.49);
  });

  it("a field no product has answers 422 naming it and changes nothing; a product read sent back saves", async () => {
    const product = await createProduct(t.database.db, { name: "Typo Oak", our_price: 2 });
    for (const method of ["PATCH", "PUT"] as const) {
      const res = await call(method, `/api/admin/products/${product.id}`, {
        name: "Typo Oak",
        price_per_sqft: 2.99,
      });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        detail: [
          { loc: ["body", "price_per_sqft"], msg: 'A product has no field "price_per_sqft"' },
        ],
      });
    }
    const created = await call("POST", "/api/admin/products", { name: "New Oak", colour: "red" });
    expect(created.statusCode).toBe(422);
    expect(created.json().detail[0].loc).toEqual(["body", "colour"]);
    const read = await call("GET", `/api/admin/products/${product.id}`);
    expect(read.json().our_price).toBe(2);
    // What the admin API answers for a product (id, price_per_box, created_at…) may come back.
    const saved = await call("PATCH", `/api/admin/products/${product.id}`, {
      ...(read.json() as Record<string, unknown>),
      our_price: 2.99,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ id: product.id, our_price: 2.99 });
    const listed = await call("GET", "/api/admin/products?search=New%20Oak");
    expect(listed.json().products).toEqual([]);
  });

  it("staff set a box weight for parcel limits, and clear it back to the default with an empty field", async () => {
    const created = await call("POST", "/api/admin/products", { name: "Heavy Tile" });
    const id = created.json().id;
    expect(created.json().box_weight_lbs).toBeNull();
    const set = await call("PATCH", `/api/admin/products/${id}`, { box_weight_lbs: "52.5" });
    expect(set.statusCode).toBe(200);
    expect(set.json().box_weight_lbs).toBe(52.5);
    const cleared = await call("PATCH", `/api/admin/products/${id}`, { box_weight_lbs: "" });
    expect(cleared.json().box_weight_lbs).toBeNull();
    const bad = await call("PATCH", `/api/admin/products/${id}`, { box_weight_lbs: "heavy" });
    expect(bad.statusCode).toBe(422);
  });

  it("a box of 0 sq ft is refused by field and changes nothing: it would have no price per box", async () => {
    const created = await call("POST", "/api/admin/products", {
      name: "Zero Box Maple",
      our_price: 2.59,
      sqft_per_carton: 21.36,
    });
    const id = created.json().id;
    const zero = await call("PATCH", `/api/admin/products/${id}`, { sqft_per_carton: "0" });
    expect(zero.statusCode).toBe(422);
    expect(zero.json().detail).toEqual([
      expect.objectContaining({ loc: ["body", "sqft_per_carton"], msg: "Must be more than 0" }),
    ]);
    const kept = await call("GET", `/api/admin/products/${id}`);
    expect(kept.json()).toMatchObject({ sqft_per_carton: 21.36, price_per_box: 55.32 });
    // Empty is still "not known yet" (priced on request), as for every number.
    const cleared = await call("PATCH", `/api/admin/products/${id}`, { sqft_per_carton: "" });
    expect(cleared.json()).toMatchObject({ sqft_per_carton: null, price_per_box: null });
  });

  it("PUT replaces every field, clearing the ones not sent", async () => {
    const product = await createProduct(t.database.db, {
      name: "Put Me",
      brand: "Old Brand",
      our_price: 2,
    });
    const res = await call("PUT", `/api/admin/products/${product.id}`, {
      name: "Put Me Again",
      our_price: 3,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: "Put Me Again",
      brand: null,
      our_price: 3,
      sku: null,
    });
  });

  it("GET one, 404 for a missing id, 422 for a non-numeric id", async () => {
    const product = await createProduct(t.database.db, {
      name: "Get Me",
      ace_price: 1.5,
      ace_shown_price: 1.75,
    });
    const res = await call("GET", `/api/admin/products/${product.id}`);
    expect(res.json()).toMatchObject({ name: "Get Me", ace_price: 1.5, ace_shown_price: 1.75 });
    expect((await call("GET", "/api/admin/products/99999999")).statusCode).toBe(404);
    expect((await call("GET", "/api/admin/products/abc")).statusCode).toBe(422);
    expect((await call("PATCH", "/api/admin/products/99999999", { name: "x" })).statusCode).toBe(
      404,
    );
  });

  it("DELETE removes the product; a past order still reads its line", async () => {
    const product = await createProduct(t.database.db, { name: "Delete Me" });
    const order = await createOrder(t.database.db, { lines: [{ product, quantity: 2 }] });
    const res = await call("DELETE", `/api/admin/products/${product.id}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe("");
    expect((await call("GET", `/api/admin/products/${product.id}`)).statusCode).toBe(404);
    expect((await call("DELETE", `/api/admin/products/${product.id}`)).statusCode).toBe(404);
    const detail = await call("GET", `/api/admin/orders/${order.id}`);
    expect(detail.json().items).toEqual([
      expect.objectContaining({ product_id: null, product_name: "Delete Me", quantity: 2 }),
    ]);
    const [item] = await t.database.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.order_id, order.id));
    expect(item?.product_name).toBe("Delete Me");
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity_id, String(product.id)));
    expect(audit.find((a) => a.action === "product.delete")?.before).toMatchObject({
      name: "Delete Me",
    });
  });

  it("GET list pages with limit and offset (max 1000), searches, and sorts by name", async () => {
    await createProduct(t.database.db, { name: "zz Search Walnut", brand: "Findable Co" });
    await createProduct(t.database.db, { name: "aa Search Walnut", color: "Findable Grey" });
    const found = await call("GET", "/api/admin/products?search=findable");
    expect(found.json().products.map((p: { name: string }) => p.name)).toEqual([
      "aa Search Walnut",
      "zz Search Walnut",
    ]);
    const all = (await call("GET", "/api/admin/products")).json().products;
    const names = all.map((p: { name: string }) => p.name.toLowerCase());
    expect(names).toEqual(
      [...names].sort(
        (a: string, b: string) => a.localeCompare(b, "en", { sensitivity: "base" }) || 0,
      ),
    );
    const page = (await call("GET", "/api/admin/products?limit=2&offset=1")).json().products;
    expect(page.map((p: { id: number }) => p.id)).toEqual(
      all.slice(1, 3).map((p: { id: number }) => p.id),
    );
    expect((await call("GET", "/api/admin/products?limit=1001")).statusCode).toBe(422);
    expect((await call("GET", "/api/admin/products?limit=0")).statusCode).toBe(422);
    expect((await call("GET", "/api/admin/products?offset=-1")).statusCode).toBe(422);
    expect((await call("GET", "/api/admin/products?search=%25")).statusCode).toBe(200);
  });
});
