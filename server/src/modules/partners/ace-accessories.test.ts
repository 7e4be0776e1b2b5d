import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildPaymentRequest,
  createAccessory,
  createProduct,
  storedStock,
} from "../../../test/factories.ts";
import { approvedPartner, bearer, registerViaApi } from "../../../test/partner-factories.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import { orderItems, orders } from "../../db/schema/index.ts";

describe("accessories in the ACE partner portal", () => {
  let t: TestApp;
  let token: string;
  const ids = { floor: 0, foam: 0, molding: 0, nose: 0 };
  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    ids.floor = (
      await createProduct(db, {
        name: "PA Click Laminate",
        type: "laminate",
        collection: "PA Estate",
        color: "Natural Oak",
        color_code: "#c39a6b",
        our_price: 2.49,
        sqft_per_carton: 20,
        features: { installation: "Click-lock floating" },
      })
    ).id;
    ids.foam = (
      await createAccessory(db, {
        name: "PA Foam Underlayment",
        selling_unit: "roll",
        accessory_kind: "underlayment",
        unit_coverage_sqft: 100,
        our_price: 29.99,
        ace_price: 21.5,
        ace_shown_price: 25.99,
        fits_types: ["laminate"],
        stock_quantity: 40,
      })
    ).id;
    ids.molding = (
      await createAccessory(db, {
        name: "PA T-Molding Natural Oak",
        color: "Natural Oak",
        color_code: "#c39a6b",
        our_price: 24.99,
        ace_shown_price: 21.99,
      })
    ).id;
    ids.nose = (
      await createAccessory(db, {
        name: "PA Stair Nose Natural Oak",
        accessory_kind: "stair_nose",
        color: "Natural Oak",
        color_code: "#c39a6b",
        our_price: 34.99,
        ace_shown_price: null,
      })
    ).id;
    token = (await approvedPartner(t.app)).token;
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = bearer(token)) =>
    t.app.inject({ url, headers });
  const byName = <P extends { name: string }>(list: P[]) => new Map(list.map((p) => [p.name, p]));
  /** The partner prices of the fixtures, as JSON writes them: never in a public answer. */
  const partnerPriceText = /25\.99|21\.99|21\.5/;

  it("GET /api/ace/accessories lists every accessory by kind at the partner's unit price, the public one where there is none", async () => {
    const res = await get("/api/ace/accessories");
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    const list = res.json().products as Array<Record<string, unknown> & { name: string }>;
    expect(list.map((p) => p.name)).toEqual([
      "PA Foam Underlayment",
      "PA T-Molding Natural Oak",
      "PA Stair Nose Natural Oak",
    ]);
    const shown = byName(list);
    expect(shown.get("PA Foam Underlayment")).toMatchObject({
      our_price: 25.99,
      price_per_box: 25.99,
      ace_shown_price: 25.99,
      price_source: "partner",
      selling_unit: "roll",
      competitor_price: null,
      their_price_per_box: null,
    });
    expect(shown.get("PA T-Molding Natural Oak")).toMatchObject({
      price_per_box: 21.99,
      price_source: "partner",
    });
    expect(shown.get("PA Stair Nose Natural Oak")).toMatchObject({
      our_price: 34.99,
      price_per_box: 34.99,
      ace_shown_price: null,
      price_source: "public",
    });
    for (const product of list) expect(product).not.toHaveProperty("ace_price");
    expect(res.body).not.toMatch(/[:,[]21\.5[,}\]]/);
  });

  it("GET /api/ace/accessories?kind= narrows to one kind and refuses an unknown kind with 422", async () => {
    const rolls = await get("/api/ace/accessories?kind=underlayment");
    expect(rolls.json().products.map((p: { name: string }) => p.name)).toEqual([
      "PA Foam Underlayment",
    ]);
    const bad = await get("/api/ace/accessories?kind=grout");
    expect(bad.statusCode).toBe(422);
    expect(JSON.stringify(bad.json().detail)).toContain("Kind must be one of");
  });

  it("signed-out callers get 401, a pending partner 403, and neither sees a price", async () => {
    for (const url of ["/api/ace/accessories", `/api/ace/products/${ids.floor}/companions`]) {
      const anonymous = await get(url, {});
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.body).not.toMatch(partnerPriceText);
      expect((await get(url, bearer("q".repeat(43)))).statusCode).toBe(401);
    }
    const pending = await registerViaApi(t.app);
    for (const url of ["/api/ace/accessories", `/api/ace/products/${ids.floor}/companions`]) {
      const res = await get(url, bearer(pending.token));
      expect(res.statusCode).toBe(403);
      expect(res.json().detail).toContain("awaiting approval");
      expect(res.body).not.toMatch(partnerPriceText);
    }
  });

  it("GET /api/ace/products/{id}/companions chooses as the public page does, at partner prices", async () => {
    const publicRes = await get(`/api/products/${ids.floor}/companions`, {});
    const partnerRes = await get(`/api/ace/products/${ids.floor}/companions`);
    expect(partnerRes.statusCode).toBe(200);
    expect(partnerRes.headers["cache-control"]).toBe("private, no-store");
    const publicChoice = publicRes.json().companions as Array<{
      kind: string;
      product: { id: number };
    }>;
    const partnerChoice = partnerRes.json().companions as Array<{
      kind: string;
      reason: string;
      product: { id: number; price_per_box: number; price_source: string };
    }>;
    expect(partnerChoice.map((c) => [c.kind, c.product.id])).toEqual(
      publicChoice.map((c) => [c.kind, c.product.id]),
    );
    expect(
      partnerChoice.map((c) => [c.kind, c.product.price_per_box, c.product.price_source]),
    ).toEqual([
      ["underlayment", 25.99, "partner"],
      ["transition", 21.99, "partner"],
      ["stair_nose", 34.99, "public"],
    ]);
    expect(partnerChoice[0]?.reason).toBe("Floating floors lie on underlayment");
    // An accessory has no companions; an unknown or malformed id is refused.
    expect((await get(`/api/ace/products/${ids.foam}/companions`)).json()).toEqual({
      companions: [],
    });
    expect((await get("/api/ace/products/999999/companions")).statusCode).toBe(404);
    expect((await get("/api/ace/products/abc/companions")).statusCode).toBe(422);
  });

  it("public answers never carry an accessory's partner price, even after a partner asked", async () => {
    await get("/api/ace/accessories");
    const urls = [
      "/api/accessories",
      "/api/accessories?kind=underlayment",
      `/api/products/${ids.foam}`,
      `/api/products/${ids.molding}`,
      `/api/products/${ids.floor}/companions`,
      "/api/search/suggest?q=PA%20Foam",
      "/api/products?per_page=100",
    ];
    for (const url of urls) {
      // Twice: the second answer comes from the catalogue's cache.
      for (const attempt of [1, 2]) {
        const res = await get(url, {});
        expect(res.statusCode, `${url} #${attempt}`).toBe(200);
        expect(res.body, url).not.toContain("ace_shown_price");
        expect(res.body, url).not.toContain("price_source");
        expect(res.body, url).not.toMatch(partnerPriceText);
      }
    }
    const foam = (await get(`/api/products/${ids.foam}`, {})).json();
    expect(foam.price_per_box).toBe(29.99);
  });

  describe("a partner's cart with an accessory", () => {
    const calculate = (cartItems: unknown, headers: Record<string, string> = bearer(token)) =>
      t.app.inject({
        method: "POST",
        url: "/api/cart/calculate",
        payload: { cart_items: cartItems },
        headers,
      });
    const pay = (cartItems: Array<{ product_id: number; quantity: number }>) =>
      t.app.inject({
        method: "POST",
        url: "/api/payments/process",
        payload: buildPaymentRequest(cartItems),
        headers: bearer(token),
      });
    const orderCount = async () =>
      (await t.database.db.select({ id: orders.id }).from(orders)).length;
    const stockOf = (id: number) => storedStock(t.database.db, id);

    it("POST /api/cart/calculate charges the partner's unit price the portal shows, and the public price without a partner price", async () => {
      const portal = byName<{ name: string; price_per_box: number }>(
        (await get("/api/ace/accessories")).json().products,
      );
      const res = await calculate([
        { product_id: ids.foam, quantity: 3 },
        { product_id: ids.nose, quantity: 2 },
      ]);
      expect(res.statusCode).toBe(200);
      const [foam, nose] = res.json().items;
      expect(foam).toMatchObject({
        unit_price: portal.get("PA Foam Underlayment")?.price_per_box,
        total_price: 77.97,
        price_source: "partner",
        selling_unit: "roll",
      });
      expect(nose).toMatchObject({ unit_price: 34.99, total_price: 69.98, price_source: "public" });
      expect(res.json().subtotal).toBe(147.95);
      // The same cart signed out pays the public price.
      const anonymous = (await calculate([{ product_id: ids.foam, quantity: 3 }], {})).json();
      expect(anonymous.items[0]).toMatchObject({ unit_price: 29.99, price_source: "public" });
    });

    it("POST /api/payments/process charges the partner's unit price and records it on the order", async () => {
      const before = await stockOf(ids.foam);
      const res = await pay([{ product_id: ids.foam, quantity: 2 }]);
      expect(res.statusCode).toBe(200);
      const [order] = await t.database.db
        .select()
        .from(orders)
        .where(eq(orders.payment_session_id, res.json().id));
      expect(order?.subtotal_cents).toBe(5198);
      const [item] = await t.database.db
        .select()
        .from(orderItems)
        .where(eq(orderItems.order_id, order?.id ?? ""));
      expect(item).toMatchObject({
        unit_price_cents: 2599,
        price_source: "partner",
        selling_unit: "roll",
      });
      expect(await stockOf(ids.foam)).toBe((before ?? 0) - 2);
    });

    it("refuses an unknown product or a huge quantity with a clear 422 and changes nothing", async () => {
      const orderCountBefore = await orderCount();
      const stockBefore = await stockOf(ids.foam);
      const unknown = await calculate([{ product_id: 999999, quantity: 1 }]);
      expect(unknown.statusCode).toBe(422);
      expect(unknown.json().detail).toContain("Product 999999 is not in our catalogue");
      const huge = await calculate([{ product_id: ids.foam, quantity: 100_001 }]);
      expect(huge.statusCode).toBe(422);
      expect(JSON.stringify(huge.json().detail)).toContain("Quantity is too large");
      expect((await pay([{ product_id: 999999, quantity: 1 }])).statusCode).toBe(422);
      const hugePayment = await pay([{ product_id: ids.foam, quantity: 100_001 }]);
      expect(hugePayment.statusCode).toBe(422);
      expect(JSON.stringify(hugePayment.json().detail)).toContain("Quantity is too large");
      expect(await orderCount()).toBe(orderCountBefore);
      expect(await stockOf(ids.foam)).toBe(stockBefore);
    });
  });
});
