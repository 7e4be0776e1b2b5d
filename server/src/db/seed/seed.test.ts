import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { accessoryKinds } from "@mcf/contracts/accessories";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../test/test-database.ts";
import {
  chooseCompanions,
  importProductsCsv,
  lotsOfProducts,
  productsToCsv,
  toAdminProduct,
} from "../../modules/catalog/catalog.service.ts";
import type { Database } from "../client.ts";
import { auditLog, products } from "../schema/index.ts";
import { seedIfEmpty } from "./seed.ts";

const publicDir = join(dirname(fileURLToPath(import.meta.url)), "../../../../web/public");

describe("sample catalogue seed", () => {
  let database: Database;
  let allRows: Array<typeof products.$inferSelect>;
  /** The floors (sold by the box); the accessories have their own checks below. */
  let rows: Array<typeof products.$inferSelect>;
  let accessories: Array<typeof products.$inferSelect>;
  beforeAll(async () => {
    database = await createTestDatabase();
    expect(await seedIfEmpty(database.db)).toBe(true);
    allRows = await database.db.select().from(products);
    rows = allRows.filter((p) => p.selling_unit === "box");
    accessories = allRows.filter((p) => p.selling_unit !== "box");
  });
  afterAll(() => database.close());

  it("seeds only an empty product table", async () => {
    expect(await seedIfEmpty(database.db)).toBe(false);
    expect(await database.db.select().from(products)).toHaveLength(allRows.length);
  });

  it("comes in through the staff's CSV import, and the owner's export of it imports back unchanged", async () => {
    const audit = await database.db.select().from(auditLog);
    expect(audit).toHaveLength(allRows.length);
    for (const entry of audit) {
      expect(entry.action).toBe("product.import.create");
      expect(entry.actor).toBe("sample catalogue");
    }
    // Every field of every sample product, accessories' units and kinds included, survives the
    // round trip an owner makes: export, then import the same file.
    const csv = productsToCsv(
      allRows.map(toAdminProduct),
      await lotsOfProducts(
        database.db,
        allRows.map((p) => p.id),
      ),
    );
    const result = await importProductsCsv(database.db, csv, true, "test");
    expect(result.summary).toEqual({ create: 0, update: 0, unchanged: allRows.length, error: 0 });
  });

  it("has at least 60 products across all five types", () => {
    expect(rows.length).toBeGreaterThanOrEqual(60);
    const types = new Set(rows.map((p) => p.type));
    expect([...types].sort()).toEqual(["carpet", "hardwood", "laminate", "tile", "vinyl"]);
    for (const type of types) {
      expect(rows.filter((p) => p.type === type).length, String(type)).toBeGreaterThanOrEqual(5);
    }
  });

  it("has out-of-stock products, products with 1-5 boxes left, and a few without a price", () => {
    expect(rows.filter((p) => p.stock_quantity === 0).length).toBeGreaterThanOrEqual(2);
    expect(
      rows.filter((p) => p.stock_quantity >= 1 && p.stock_quantity <= 5).length,
    ).toBeGreaterThanOrEqual(2);
    const unpriced = rows.filter((p) => p.our_price_cents === null);
    expect(unpriced.length).toBeGreaterThanOrEqual(2);
    expect(unpriced.length).toBeLessThan(rows.length / 5);
  });

  it("has at least 8 closeouts, each with an MSRP above our price", () => {
    const closeouts = rows.filter((p) => p.is_closeout);
    expect(closeouts.length).toBeGreaterThanOrEqual(8);
    for (const p of closeouts) {
      expect(p.msrp_cents, p.name).not.toBeNull();
      expect(p.our_price_cents, p.name).not.toBeNull();
      expect(Number(p.msrp_cents), p.name).toBeGreaterThan(Number(p.our_price_cents));
    }
  });

  it("has at least 10 products in collection AR with partner prices", () => {
    const ace = rows.filter((p) => p.collection === "AR");
    expect(ace.length).toBeGreaterThanOrEqual(10);
    for (const p of ace) {
      expect(p.ace_price_cents, p.name).not.toBeNull();
      expect(p.ace_shown_price_cents, p.name).not.toBeNull();
    }
  });

  it("fills the fields a shopper reads, with images the project ships", () => {
    for (const p of rows) {
      for (const field of [
        "brand",
        "collection",
        "construction",
        "style_color",
        "size",
        "sku",
        "description",
        "sqft_per_carton",
        "cartons_per_pallet",
        "pallet_shipping_cost_cents",
      ] as const) {
        expect(p[field], `${p.name} ${field}`).not.toBeNull();
      }
      expect(Object.keys(p.specifications ?? {}).length, p.name).toBeGreaterThan(0);
      expect(Object.keys(p.features ?? {}).length, p.name).toBeGreaterThan(0);
      for (const url of [p.thumbnail_image_url, p.main_image_url, p.secondary_image_url]) {
        if (url === null) continue;
        expect(url, p.name).toMatch(/^\/img\//);
        expect(existsSync(join(publicDir, url)), url).toBe(true);
      }
    }
    // One product is left without a photo on purpose: it shows the default flooring image.
    const withoutPhoto = rows.filter((p) => p.main_image_url === null);
    expect(withoutPhoto.length).toBeLessThanOrEqual(2);
    expect(existsSync(join(publicDir, "img/default-flooring.webp"))).toBe(true);
    expect(new Set(allRows.map((p) => p.sku)).size).toBe(allRows.length);
  });

  it("has every kind of accessory, priced per unit, with shipping data and shipped images", () => {
    expect(new Set(accessories.map((p) => p.accessory_kind))).toEqual(new Set(accessoryKinds));
    for (const p of accessories) {
      expect(p.type, p.name).toBe("accessory");
      expect(["piece", "roll", "pail"], p.name).toContain(p.selling_unit);
      expect(Number(p.our_price_cents), p.name).toBeGreaterThan(0);
      // Delivery quotes them like boxes: a weight per unit and units per pallet.
      expect(Number(p.box_weight_lbs), p.name).toBeGreaterThan(0);
      expect(p.cartons_per_pallet, p.name).toBeGreaterThan(0);
      expect(p.stock_quantity, p.name).toBeGreaterThan(0);
      expect(p.sqft_per_carton, p.name).toBeNull();
      if (p.accessory_kind === "underlayment" || p.accessory_kind === "adhesive")
        expect(Number(p.unit_coverage_sqft), p.name).toBeGreaterThan(0);
      for (const url of [p.thumbnail_image_url, p.main_image_url]) {
        expect(url, p.name).toMatch(/^\/img\/products\//);
        expect(existsSync(join(publicDir, url ?? "")), url ?? "").toBe(true);
      }
    }
  });

  it("gives a few accessories a partner price 10-15% under the public unit price, the rest none", () => {
    const partnerPriced = accessories.filter((p) => p.ace_shown_price_cents !== null);
    expect(partnerPriced.length).toBeGreaterThanOrEqual(4);
    expect(partnerPriced.length).toBeLessThan(accessories.length);
    for (const p of partnerPriced) {
      const saving = 1 - Number(p.ace_shown_price_cents) / Number(p.our_price_cents);
      expect(saving, p.name).toBeGreaterThanOrEqual(0.1);
      expect(saving, p.name).toBeLessThanOrEqual(0.15);
    }
  });

  it("gives every floating or glue-down floor that is not tile its underlayment (unless its pad is attached) or adhesive and a transition", () => {
    const needing = rows.filter((p) => {
      const installation = String(p.features.installation ?? "").toLowerCase();
      return (
        p.type !== "tile" && p.type !== "carpet" && /float|glue-down|full-spread/.test(installation)
      );
    });
    expect(needing.length).toBeGreaterThan(20);
    for (const floor of needing) {
      const kinds = chooseCompanions(floor, accessories).map((c) => c.kind);
      expect(kinds, floor.name).toContain("transition");
      if (floor.features.attached_underlayment === true)
        // A second pad under an attached one usually voids the floor's warranty.
        expect(kinds, floor.name).not.toContain("underlayment");
      else
        expect(kinds.includes("underlayment") || kinds.includes("adhesive"), floor.name).toBe(true);
    }
    // The sample catalogue has floors of both kinds, so both branches are exercised.
    expect(needing.some((p) => p.features.attached_underlayment === true)).toBe(true);
    expect(
      needing.some(
        (p) =>
          p.features.attached_underlayment !== true &&
          chooseCompanions(p, accessories).some((c) => c.kind === "underlayment"),
      ),
    ).toBe(true);
  });
});
