import { readFileSync, rmSync } from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callAdmin } from "../../test/admin-requests.ts";
import { migrateWith, migrationsBefore, openScratchDatabase } from "../../test/migration-store.ts";
import { approvedPartner, bearer } from "../../test/partner-factories.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import type { Database } from "./client.ts";
import { migrationsFolder } from "./migrate.ts";

/** When products and coupons moved to cents: every migration before it is the old store. */
const centsMigrationWhen = 1797400000000;

/**
 * Odd amounts: a cent, a .99, thirds, four digits, the largest a price column held; a competitor
 * price left empty. `sku` finds the row again; prices are per sq ft for flooring, per piece for
 * the accessory.
 */
const productPrices = [
  {
    sku: "CENTS-OAK",
    name: "Cents Oak",
    our_price: "19.99",
    competitor_price: null,
    ace_price: "12.34",
    ace_shown_price: "14.99",
    msrp: "33.33",
    sqft_per_carton: "19.99",
    pallet_shipping_cost: "1234.56",
  },
  {
    sku: "CENTS-PENNY",
    name: "Cents Penny Vinyl",
    our_price: "0.01",
    competitor_price: "33.33",
    ace_price: null,
    ace_shown_price: null,
    msrp: "99999.99",
    sqft_per_carton: "23.31",
    pallet_shipping_cost: "0.01",
  },
  {
    sku: "CENTS-TILE",
    name: "Cents Tile",
    our_price: "1234.56",
    competitor_price: "99999.99",
    ace_price: "0.01",
    ace_shown_price: "0.00",
    msrp: null,
    sqft_per_carton: "10.00",
    pallet_shipping_cost: "99999.99",
  },
  {
    sku: "CENTS-BARE",
    name: "Cents Unpriced Laminate",
    our_price: null,
    competitor_price: null,
    ace_price: null,
    ace_shown_price: null,
    msrp: null,
    sqft_per_carton: "20.00",
    pallet_shipping_cost: null,
  },
  {
    sku: "CENTS-TRIM",
    name: "Cents T-Molding",
    our_price: "33.33",
    competitor_price: "99999.99",
    ace_price: "0.01",
    ace_shown_price: "19.99",
    msrp: "1234.56",
    sqft_per_carton: null,
    pallet_shipping_cost: "150.00",
  },
] as const;
const priceColumns = [
  "our_price",
  "competitor_price",
  "ace_price",
  "ace_shown_price",
  "msrp",
  "pallet_shipping_cost",
] as const;

/** Percent coupons keep their percent; fixed ones are dollars off; every one has a minimum. */
const couponValues = [
  { code: "THIRDOFF", kind: "percent", value: "33.33", min_subtotal: "19.99" },
  { code: "PENNYOFF", kind: "fixed", value: "0.01", min_subtotal: "0.00" },
  { code: "BIGFIXED", kind: "fixed", value: "1234.56", min_subtotal: "99999.99" },
  { code: "TENPCT", kind: "percent", value: "10.00", min_subtotal: "100.00" },
  { code: "HALFCENT", kind: "percent", value: "12.50", min_subtotal: "0.01" },
] as const;

/** Ids, tokens and times differ per run: the answers are compared without them. */
function stable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stable);
  if (value && typeof value === "object")
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !/(^|_)(id|at|token|date|url|urls)$/.test(key))
        .map(([key, inner]) => [key, stable(inner)]),
    );
  return value;
}

/** The CSV without the id column (ids differ per run). */
function csvWithoutIds(csv: string): string[] {
  return csv
    .trim()
    .split("\r\n")
    .map((line) => line.slice(line.indexOf(",") + 1));
}

/**
 * Products and coupons move to cents on a store that already sells: every stored price becomes
 * the same number of cents, and the API answers with the same names, JSON types and values.
 */
describe("the products-and-coupons-in-cents migration on a stocked store", {
  timeout: 180_000,
}, () => {
  let database: Database;
  let drop: () => Promise<void>;
  let oldMigrations: string;
  let t: TestApp | undefined;
  beforeAll(async () => {
    oldMigrations = migrationsBefore(centsMigrationWhen);
    ({ database, drop } = await openScratchDatabase("pcents"));
    await migrateWith(database, oldMigrations);
    // A fresh PGlite runs initdb and every migration: slow on a busy machine.
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await drop();
    rmSync(oldMigrations, { recursive: true, force: true });
  });

  it("stores every price and coupon amount as the same cents and answers as before", async () => {
    const db = database.db;
    // In SQL, as the tables stood before the migration: four floors (one without a price), one
    // accessory sold by the piece; all in the partners' collection.
    for (const p of productPrices) {
      const accessory = p.sku === "CENTS-TRIM";
      await db.execute(
        sql`insert into products (name, type, sku, collection, our_price, competitor_price,
          ace_price, ace_shown_price, msrp, sqft_per_carton, cartons_per_pallet,
          pallet_shipping_cost, box_weight_lbs, stock_quantity, on_hand, selling_unit,
          accessory_kind, fits_types)
        values (${p.name}, ${accessory ? "accessory" : "hardwood"}, ${p.sku}, 'AR', ${p.our_price},
          ${p.competitor_price}, ${p.ace_price}, ${p.ace_shown_price}, ${p.msrp},
          ${p.sqft_per_carton}, 40, ${p.pallet_shipping_cost}, ${accessory ? "2.00" : null}, 500, 500,
          ${accessory ? "piece" : "box"}, ${accessory ? "transition" : null},
          ${accessory ? sql`array['hardwood']` : null})`,
      );
    }
    for (const c of couponValues)
      await db.execute(
        sql`insert into coupons (code, description, kind, value, min_subtotal)
        values (${c.code}, ${`${c.kind} ${c.value}`}, ${c.kind}, ${c.value}, ${c.min_subtotal})`,
      );

    // Every stored amount as the old store holds it, in dollars (numeric text).
    const productDollars = (
      await db.execute(
        sql`select sku, our_price::text, competitor_price::text, ace_price::text,
          ace_shown_price::text, msrp::text, pallet_shipping_cost::text from products order by sku`,
      )
    ).rows as Array<Record<string, string | null>>;
    const couponDollars = (
      await db.execute(
        sql`select code, kind, value::text, min_subtotal::text from coupons order by code`,
      )
    ).rows as Array<Record<string, string>>;

    await migrateWith(database, migrationsFolder());

    // Each price is now its cents, exactly: "1234.56" is 123456, "0.01" is 1, empty stays empty.
    const cents = (text: string | null) => (text === null ? null : Number(text.replace(".", "")));
    const productCents = (
      await db.execute(
        sql`select sku, our_price_cents, competitor_price_cents, ace_price_cents,
          ace_shown_price_cents, msrp_cents, pallet_shipping_cost_cents from products order by sku`,
      )
    ).rows;
    expect(productCents).toEqual(
      productDollars.map((row) => ({
        sku: row.sku,
        ...Object.fromEntries(priceColumns.map((c) => [`${c}_cents`, cents(row[c] ?? null)])),
      })),
    );
    // By SKU: bare, oak, penny, tile, trim.
    expect(productCents.map((row) => row.our_price_cents)).toEqual([null, 1999, 1, 123456, 3333]);
    expect(productCents.map((row) => row.msrp_cents)).toEqual([null, 3333, 9999999, null, 123456]);
    // A percent coupon keeps its percent; a fixed one's amount and every minimum are cents.
    const couponsAfter = (
      await db.execute(
        sql`select code, kind, percent_off::text, amount_off_cents, min_subtotal_cents
          from coupons order by code`,
      )
    ).rows;
    expect(couponsAfter).toEqual(
      couponDollars.map((row) => ({
        code: row.code,
        kind: row.kind,
        percent_off: row.kind === "percent" ? row.value : null,
        amount_off_cents: row.kind === "fixed" ? cents(row.value ?? null) : null,
        min_subtotal_cents: cents(row.min_subtotal ?? null),
      })),
    );
    expect(couponsAfter.map((row) => row.amount_off_cents)).toEqual([123456, null, 1, null, null]);
    // The old columns are gone, so nothing can read dollars from them again.
    const columns = (
      await db.execute(
        sql`select table_name, column_name from information_schema.columns
          where table_schema = current_schema() and table_name in ('products', 'coupons')
            and column_name in ('our_price', 'competitor_price', 'ace_price', 'ace_shown_price',
              'msrp', 'pallet_shipping_cost', 'value', 'min_subtotal')`,
      )
    ).rows;
    expect(columns).toEqual([]);
    // A coupon holds the amount of its kind only.
    await expect(
      db.execute(
        sql`insert into coupons (code, kind, percent_off, amount_off_cents)
        values ('BOTHWAYS', 'fixed', 10, 500)`,
      ),
    ).rejects.toThrow();

    t = await createTestApp({ database });
    const app = t.app;
    const get = async (url: string, headers: Record<string, string> = {}) => {
      const res = await app.inject({ url, headers });
      expect(res.statusCode, url).toBe(200);
      return res.json();
    };
    const skus = Object.fromEntries(
      (
        (await db.execute(sql`select id, sku from products order by sku`)).rows as Array<{
          id: number;
          sku: string;
        }>
      ).map((row) => [row.sku, row.id]),
    );
    const productDetails: Record<string, unknown> = {};
    for (const p of productPrices)
      productDetails[p.sku] = stable(await get(`/api/products/${skus[p.sku]}`));
    const productLists = {
      byName: stable(await get("/api/products?per_page=-1")),
      cheapFirst: stable(await get("/api/products?per_page=-1&sort=price_asc")),
      dearFirst: stable(await get("/api/products?per_page=-1&sort=price_desc")),
      // Bounds per sq ft: $0.01 and $1234.56 are outside, $19.99 inside.
      bounded: stable(await get("/api/products?per_page=-1&min_price=0.02&max_price=19.99")),
      exactBound: stable(await get("/api/products?per_page=-1&min_price=19.99&max_price=19.99")),
      accessories: stable(await get("/api/accessories")),
      suggestions: stable(await get("/api/search/suggest?q=cents")),
    };

    const partner = await approvedPartner(app);
    const partnerHeaders = bearer(partner.token);
    const partnerAnswers = {
      list: stable(await get("/api/ace/products?per_page=-1&sort=price_asc", partnerHeaders)),
      bounded: stable(
        await get("/api/ace/products?per_page=-1&min_price=0.02&max_price=14.99", partnerHeaders),
      ),
      details: await Promise.all(
        productPrices.map(async (p) =>
          stable(await get(`/api/ace/products/${skus[p.sku]}`, partnerHeaders)),
        ),
      ),
      accessories: stable(await get("/api/ace/accessories", partnerHeaders)),
    };

    const adminProducts = stable((await callAdmin(t, "GET", "/api/admin/products")).json());
    const adminProduct = stable(
      (await callAdmin(t, "GET", `/api/admin/products/${skus["CENTS-OAK"]}`)).json(),
    );
    const productCsv = csvWithoutIds(
      (await callAdmin(t, "GET", "/api/admin/products/export.csv")).body,
    );
    const adminCoupons = stable((await callAdmin(t, "GET", "/api/admin/coupons")).json());

    const calculate = async (body: object, headers: Record<string, string> = {}) => {
      const res = await app.inject({
        method: "POST",
        url: "/api/cart/calculate",
        payload: body,
        headers,
      });
      expect(res.statusCode).toBe(200);
      return stable(res.json());
    };
    const cartItems = [
      { product_id: skus["CENTS-OAK"], quantity: 3 },
      { product_id: skus["CENTS-PENNY"], quantity: 41 },
      { product_id: skus["CENTS-TRIM"], quantity: 2 },
    ];
    const carts = {
      thirdOff: await calculate({
        cart_items: cartItems,
        coupon_code: "thirdoff",
        shipping_state: "AL",
        shipping_zip: "35203",
      }),
      pennyOff: await calculate({
        cart_items: cartItems,
        coupon_code: "PENNYOFF",
        shipping_state: "AL",
      }),
      belowMinimum: await calculate({ cart_items: cartItems, coupon_code: "BIGFIXED" }),
      bigFixed: await calculate({
        cart_items: [{ product_id: skus["CENTS-TILE"], quantity: 9 }],
        coupon_code: "BIGFIXED",
        shipping_state: "AL",
      }),
      halfCent: await calculate({
        cart_items: [{ product_id: skus["CENTS-PENNY"], quantity: 7 }],
        coupon_code: "HALFCENT",
      }),
      partner: await calculate(
        { cart_items: cartItems, coupon_code: "TENPCT", shipping_state: "AL" },
        partnerHeaders,
      ),
    };
    const couponChecks = {
      third: await get("/api/coupons/THIRDOFF?amount=100.03"),
      belowMinimum: await get("/api/coupons/TENPCT?amount=99.99"),
      penny: await get("/api/coupons/PENNYOFF?amount=0.01"),
      big: await get("/api/coupons/BIGFIXED?amount=100000"),
    };

    const answers = {
      productDetails,
      productLists,
      partnerAnswers,
      adminProducts,
      adminProduct,
      productCsv,
      adminCoupons,
      carts,
      couponChecks,
    };
    // The answers the API gave on this store before prices and coupons moved to cents, recorded
    // then from that code: every field recorded keeps its name, JSON type and value (fields
    // added since may join them).
    const answeredBefore = JSON.parse(
      readFileSync(new URL("./products-coupons-cents-answers.json", import.meta.url), "utf8"),
    );
    expect(answers).toMatchObject(answeredBefore);
  });
});
