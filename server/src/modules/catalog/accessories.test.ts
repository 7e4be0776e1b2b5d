import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callAdmin } from "../../../test/admin-requests.ts";
import { buildPaymentRequest, createAccessory, createProduct } from "../../../test/factories.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import { orderItems, orders, products } from "../../db/schema/index.ts";

describe("accessories: sold by the piece, roll or pail, and chosen as a floor's companions", () => {
  let t: TestApp;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const floating = await createProduct(db, {
      name: "Acc Click Laminate",
      type: "laminate",
      collection: "Acc Estate",
      color: "Golden Oak",
      color_code: "#b98245",
      our_price: 2.49,
      sqft_per_carton: 20,
      features: { installation: "Click-lock floating" },
    });
    const glued = await createProduct(db, {
      name: "Acc Glue Vinyl",
      type: "vinyl",
      collection: "Acc Coast",
      color: "Dark Walnut",
      color_code: "#5b4030",
      features: { installation: "Full-spread glue-down" },
    });
    const tile = await createProduct(db, {
      name: "Acc Porcelain",
      type: "tile",
      features: { installation: "Thinset mortar, grouted" },
    });
    const foam = await createAccessory(db, {
      name: "Acc Foam Underlayment",
      selling_unit: "roll",
      accessory_kind: "underlayment",
      unit_coverage_sqft: 100,
      our_price: 29.99,
      fits_types: ["laminate", "hardwood"],
    });
    const generic = await createAccessory(db, {
      name: "Acc Generic Underlayment",
      selling_unit: "roll",
      accessory_kind: "underlayment",
      unit_coverage_sqft: 100,
      our_price: 19.99,
      fits_types: null,
    });
    const glue = await createAccessory(db, {
      name: "Acc Vinyl Adhesive",
      selling_unit: "pail",
      accessory_kind: "adhesive",
      unit_coverage_sqft: 600,
      our_price: 89.99,
      fits_types: ["vinyl"],
    });
    const oakT = await createAccessory(db, {
      name: "Acc T-Molding Natural Oak",
      color: "Natural Oak",
      color_code: "#c39a6b",
      our_price: 24.99,
    });
    const darkT = await createAccessory(db, {
      name: "Acc T-Molding Dark Walnut",
      color: "Dark Walnut",
      color_code: "#5a3c28",
      our_price: 24.99,
    });
    const estateT = await createAccessory(db, {
      name: "Acc Estate T-Molding",
      collection: "Acc Estate",
      color: "Golden Oak",
      color_code: "#0000ff",
      our_price: 27.99,
    });
    const soldOutNose = await createAccessory(db, {
      name: "Acc Sold Out Stair Nose",
      accessory_kind: "stair_nose",
      color_code: "#b98245",
      stock_quantity: 0,
    });
    Object.assign(ids, {
      floating: floating.id,
      glued: glued.id,
      tile: tile.id,
      foam: foam.id,
      generic: generic.id,
      glue: glue.id,
      oakT: oakT.id,
      darkT: darkT.id,
      estateT: estateT.id,
      soldOutNose: soldOutNose.id,
    });
  });
  afterAll(() => t.close());

  const companions = async (id: number) => {
    const res = await t.app.inject(`/api/products/${id}/companions`);
    expect(res.statusCode).toBe(200);
    return res.json().companions as Array<{
      kind: string;
      reason: string;
      product: { id: number; name: string };
    }>;
  };

  it("an accessory's price is per unit: price_per_box is the unit price, with no per-sq-ft price", async () => {
    const res = await t.app.inject(`/api/products/${ids.foam}`);
    expect(res.json()).toMatchObject({
      selling_unit: "roll",
      accessory_kind: "underlayment",
      our_price: 29.99,
      price_per_box: 29.99,
      unit_coverage_sqft: 100,
      sqft_per_carton: null,
    });
  });

  it("the flooring list and its facets leave accessories out; /api/accessories lists them by kind", async () => {
    const list = (await t.app.inject("/api/products?per_page=-1")).json();
    expect(list.map((p: { name: string }) => p.name).sort()).toEqual([
      "Acc Click Laminate",
      "Acc Glue Vinyl",
      "Acc Porcelain",
    ]);
    // A search lists the accessories it finds, as the header's suggestions offer them.
    const molding = (await t.app.inject("/api/products?q=molding&per_page=-1")).json();
    expect(molding.map((p: { name: string }) => p.name)).toEqual([
      "Acc Estate T-Molding",
      "Acc T-Molding Dark Walnut",
      "Acc T-Molding Natural Oak",
    ]);
    const facets = (await t.app.inject("/api/products/facets")).json();
    expect(facets.types).toEqual(["laminate", "tile", "vinyl"]);

    const accessories = (await t.app.inject("/api/accessories")).json().products;
    expect(accessories.map((p: { accessory_kind: string }) => p.accessory_kind)).toEqual([
      "underlayment",
      "underlayment",
      "adhesive",
      "transition",
      "transition",
      "transition",
      "stair_nose",
    ]);
    const rolls = (await t.app.inject("/api/accessories?kind=adhesive")).json().products;
    expect(rolls.map((p: { name: string }) => p.name)).toEqual(["Acc Vinyl Adhesive"]);
    const bad = await t.app.inject("/api/accessories?kind=nails");
    expect(bad.statusCode).toBe(422);
  });

  it("search suggestions offer accessories at their unit price and page, and floors first for a flooring search", async () => {
    const suggest = async (q: string) =>
      (await t.app.inject(`/api/search/suggest?q=${encodeURIComponent(q)}`)).json().suggestions;
    expect(await suggest("molding")).toEqual([
      {
        id: ids.estateT,
        name: "Acc Estate T-Molding",
        type: "accessory",
        price_per_sqft: null,
        url: `/products/${ids.estateT}`,
        unit_price: 27.99,
        selling_unit: "piece",
      },
      expect.objectContaining({ id: ids.darkT, unit_price: 24.99 }),
      expect.objectContaining({ id: ids.oakT, unit_price: 24.99 }),
    ]);
    // Found by its kind though its name does not say it.
    expect((await suggest("transition")).map((s: { id: number }) => s.id)).toEqual([
      ids.estateT,
      ids.darkT,
      ids.oakT,
    ]);
    expect(await suggest("adhesive")).toEqual([
      expect.objectContaining({ id: ids.glue, unit_price: 89.99, selling_unit: "pail" }),
    ]);
    // A floor's answer has no unit fields; accessories sharing the words come after it.
    const estate = await suggest("acc estate");
    expect(estate[0]).toEqual({
      id: ids.floating,
      name: "Acc Click Laminate",
      type: "laminate",
      price_per_sqft: 2.49,
      url: `/products/${ids.floating}`,
    });
    expect(estate.map((s: { id: number }) => s.id)).toEqual([ids.floating, ids.estateT]);
  });

  it("a floating floor gets the underlayment made for its type, and the molding of its own collection", async () => {
    const found = await companions(ids.floating ?? 0);
    expect(found.map((c) => [c.kind, c.product.name])).toEqual([
      // The one made for laminate before the cheaper one that suits every floor.
      ["underlayment", "Acc Foam Underlayment"],
      // Its own collection's molding, though another is nearer its color.
      ["transition", "Acc Estate T-Molding"],
    ]);
    expect(found[0]?.reason).toBe("Floating floors lie on underlayment");
    expect(found[1]?.reason).toBe("Made for the Acc Estate collection");
  });

  it("a glue-down floor gets adhesive, no underlayment, and the molding nearest its color; sold-out accessories are never suggested", async () => {
    const found = await companions(ids.glued ?? 0);
    expect(found.map((c) => [c.kind, c.product.name, c.reason])).toEqual([
      ["adhesive", "Acc Vinyl Adhesive", "For a glue-down install"],
      ["transition", "Acc T-Molding Dark Walnut", "Color-matched to Dark Walnut"],
    ]);
  });

  it("tile (thinset, not a type the moldings suit) and an accessory have no companions; an unknown id is a 404", async () => {
    expect(await companions(ids.tile ?? 0)).toEqual([]);
    expect(await companions(ids.foam ?? 0)).toEqual([]);
    const missing = await t.app.inject("/api/products/987654/companions");
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: "Product not found" });
  });

  it("the cart prices accessories per unit on the server, adds no coverage, and they share the floor's pallets", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/cart/calculate",
      payload: {
        cart_items: [
          { product_id: ids.floating, quantity: 11 },
          { product_id: ids.foam, quantity: 3, unit_price: 0.01 },
          { product_id: ids.oakT, quantity: 2 },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(
      body.items.map((i: Record<string, unknown>) => [
        i.product_name,
        i.unit_price,
        i.total_price,
        i.total_sqft,
        i.selling_unit,
      ]),
    ).toEqual([
      ["Acc Click Laminate", 49.8, 547.8, 220, "box"],
      ["Acc Foam Underlayment", 29.99, 89.97, 0, "roll"],
      ["Acc T-Molding Natural Oak", 24.99, 49.98, 0, "piece"],
    ]);
    expect(body.subtotal).toBe(687.75);
    expect(body.total_sqft).toBe(220);
    // Cartons count boxes of flooring only: 11, not the roll and the two pieces.
    expect(body.shipping.total_cartons).toBe(11);
    expect(body.shipping.pallets_needed).toBe(1);
  });

  it("an order with accessories takes their stock, records their unit, and pays like any order", async () => {
    const db = t.database.db;
    const before = async (id: number) =>
      (await db.select().from(products).where(eq(products.id, id)))[0]?.stock_quantity;
    const foamStock = await before(ids.foam ?? 0);
    const started = await t.app.inject({
      method: "POST",
      url: "/api/payments/process",
      payload: buildPaymentRequest([
        { product_id: ids.floating ?? 0, quantity: 2 },
        { product_id: ids.foam ?? 0, quantity: 1 },
        { product_id: ids.oakT ?? 0, quantity: 2 },
      ]),
    });
    expect(started.statusCode).toBe(200);
    const { id } = started.json();
    const paid = await t.app.inject({
      method: "POST",
      url: `/api/payments/test-sessions/${id}/pay`,
      payload: { card_number: "4242 4242 4242 4242" },
    });
    expect(paid.statusCode).toBe(200);
    const [order] = await db.select().from(orders).where(eq(orders.payment_session_id, id));
    expect(order).toMatchObject({ status: "processing", payment_status: "paid" });
    // 2 boxes × $49.80 + 1 roll × $29.99 + 2 pieces × $24.99, tax 10% in Alabama.
    expect(order?.subtotal_cents).toBe(17957);
    const items = await db
      .select()
      .from(orderItems)
      .where(eq(orderItems.order_id, order?.id ?? ""));
    expect(
      items
        .map((i) => [i.product_name, i.quantity, i.unit_price_cents, i.selling_unit])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    ).toEqual([
      ["Acc Click Laminate", 2, 4980, "box"],
      ["Acc Foam Underlayment", 1, 2999, "roll"],
      ["Acc T-Molding Natural Oak", 2, 2499, "piece"],
    ]);
    expect(await before(ids.foam ?? 0)).toBe((foamStock ?? 0) - 1);
  });

  it("an accessory without a price cannot be bought online", async () => {
    const unpriced = await createAccessory(t.database.db, {
      name: "Acc Unpriced Reducer",
      accessory_kind: "reducer",
      our_price: null,
    });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/cart/calculate",
      payload: { cart_items: [{ product_id: unpriced.id, quantity: 1 }] },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toContain("is not available for online purchase");
  });

  it("the database refuses flooring with an accessory kind, and an accessory sold by the box", async () => {
    await expect(
      createProduct(t.database.db, { accessory_kind: "transition" } as never),
    ).rejects.toThrow();
    await expect(
      createAccessory(t.database.db, { selling_unit: "box" as never }),
    ).rejects.toThrow();
  });

  it("staff create an accessory through the back office API; a unit without a kind, or a kind sold by the box, is a 422 that changes nothing", async () => {
    const made = await callAdmin(t, "POST", "/api/admin/products", {
      name: "Acc Staff Reducer",
      type: "accessory",
      our_price: 22.5,
      selling_unit: "piece",
      accessory_kind: "reducer",
      fits_types: ["Laminate"],
      stock_quantity: 12,
    });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({
      selling_unit: "piece",
      accessory_kind: "reducer",
      price_per_box: 22.5,
      fits_types: ["laminate"],
    });
    const id = made.json().id as number;

    const unitOnly = await callAdmin(t, "POST", "/api/admin/products", {
      name: "Acc Kindless Roll",
      selling_unit: "roll",
    });
    expect(unitOnly.statusCode).toBe(422);
    expect(unitOnly.json()).toEqual({
      detail: "A product sold by the roll is an accessory: choose its accessory kind",
    });
    const toBox = await callAdmin(t, "PATCH", `/api/admin/products/${id}`, { selling_unit: "box" });
    expect(toBox.statusCode).toBe(422);
    expect(toBox.json().detail).toContain("choose its selling unit, or clear its accessory kind");
    const badKind = await callAdmin(t, "PATCH", `/api/admin/products/${id}`, {
      accessory_kind: "nails",
    });
    expect(badKind.statusCode).toBe(422);
    // A roll that covers nothing would make every suggested quantity infinite.
    for (const coverage of [0, -5]) {
      const none = await callAdmin(t, "PATCH", `/api/admin/products/${id}`, {
        unit_coverage_sqft: coverage,
      });
      expect(none.statusCode).toBe(422);
      expect(JSON.stringify(none.json())).toContain("unit_coverage_sqft");
    }
    const after = (await t.app.inject(`/api/products/${id}`)).json();
    expect(after).toMatchObject({ selling_unit: "piece", accessory_kind: "reducer" });
    // The editor's own PATCH (fields it knows) leaves the accessory an accessory.
    const renamed = await callAdmin(t, "PATCH", `/api/admin/products/${id}`, { our_price: 23 });
    expect(renamed.json()).toMatchObject({ selling_unit: "piece", price_per_box: 23 });
  });

  it("a floating floor with its pad attached is offered no underlayment (a second pad voids its warranty)", async () => {
    const padded = await createProduct(t.database.db, {
      name: "Acc Padded Laminate",
      type: "laminate",
      collection: "Acc Estate",
      color_code: "#b98245",
      our_price: 2.79,
      sqft_per_carton: 20,
      features: { installation: "Click-lock floating", attached_underlayment: true },
    });
    const found = await companions(padded.id);
    expect(found.map((c) => c.kind)).not.toContain("underlayment");
    expect(found.map((c) => [c.kind, c.product.name])).toEqual([
      ["transition", "Acc Estate T-Molding"],
    ]);
  });
});
