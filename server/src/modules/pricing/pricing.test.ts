import { toDollars } from "@mcf/contracts/money";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildProductRow,
  createPartnerWithSession,
  createProduct,
} from "../../../test/factories.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import { toPublicProduct } from "../catalog/product-mapper.ts";
import { toAceProduct } from "../partners/ace-product-mapper.ts";
import { sellingPrice } from "./pricing.service.ts";

/** Prices as the admin stores them: 0.01-999.99 a sq ft, box sizes 0.01-99.99 sq ft. */
const perSqftCents = fc.integer({ min: 1, max: 99_999 });
const sqftHundredths = fc.integer({ min: 1, max: 9_999 });

/** The box price in dollars, by exact integer arithmetic: cents × sq ft, half up once. */
const exactBoxPrice = (cents: number, hundredths: number) =>
  Math.floor((cents * hundredths + 50) / 100) / 100;

/** What a browser receives: the mapped product after JSON. */
const asJson = <T>(value: T): T => JSON.parse(JSON.stringify(value));

const approved = { status: "approved" };

describe("the price shown is the price charged", () => {
  it("for the public: the product's price_per_box is the cart's unit price, for any price and box size", () => {
    fc.assert(
      fc.property(perSqftCents, sqftHundredths, (cents, hundredths) => {
        const row = buildProductRow({ our_price: cents / 100, sqft_per_carton: hundredths / 100 });
        const shown = asJson(toPublicProduct(row)).price_per_box;
        const charged = sellingPrice(row, null);
        expect(charged?.source).toBe("public");
        expect(toDollars(charged?.unitPriceCents ?? Number.NaN)).toBe(shown);
        expect(shown).toBe(exactBoxPrice(cents, hundredths));
      }),
      { numRuns: 1000 },
    );
  });

  it("for an approved partner: the ACE product's price_per_box is the cart's unit price, with or without a partner price", () => {
    fc.assert(
      fc.property(
        perSqftCents,
        fc.option(perSqftCents, { nil: null }),
        sqftHundredths,
        (ourCents, partnerCents, hundredths) => {
          const row = buildProductRow({
            our_price: ourCents / 100,
            ace_shown_price: partnerCents === null ? null : partnerCents / 100,
            sqft_per_carton: hundredths / 100,
          });
          const shown = asJson(toAceProduct(row));
          const charged = sellingPrice(row, approved);
          expect(toDollars(charged?.unitPriceCents ?? Number.NaN)).toBe(shown.price_per_box);
          expect(charged?.source).toBe(shown.price_source);
          expect(shown.price_source).toBe(partnerCents === null ? "public" : "partner");
          expect(shown.price_per_box).toBe(exactBoxPrice(partnerCents ?? ourCents, hundredths));
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe("prices through the API", () => {
  let t: TestApp;
  let partnerToken: string;
  beforeAll(async () => {
    t = await createTestApp();
    partnerToken = (await createPartnerWithSession(t.database.db)).token;
  });
  afterAll(() => t.close());

  const bearer = () => ({ authorization: `Bearer ${partnerToken}` });
  const shownPublic = async (id: number) =>
    (await t.app.inject({ url: `/api/products/${id}` })).json();
  const shownToPartner = async (id: number) =>
    (await t.app.inject({ url: `/api/ace/products/${id}`, headers: bearer() })).json();
  const charged = async (id: number, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/cart/calculate",
      payload: { cart_items: [{ product_id: id, quantity: 1 }] },
      headers,
    });
    expect(res.statusCode).toBe(200);
    return res.json().items[0];
  };

  it.each([
    [1.05, 16.9, 17.75],
    [2.25, 15.5, 34.88],
    [3.33, 23.37, 77.82],
    [0.01, 0.01, 0],
    [999.99, 99.99, 99_989.0],
  ])(
    "GET /api/products/{id} shows and POST /api/cart/calculate charges $%s × %s sq ft as $%s a box",
    async (perSqft, sqft, perBox) => {
      const p = await createProduct(t.database.db, { our_price: perSqft, sqft_per_carton: sqft });
      expect((await shownPublic(p.id)).price_per_box).toBe(perBox);
      expect(await charged(p.id)).toMatchObject({ unit_price: perBox, price_source: "public" });
    },
  );

  it("an approved partner is shown and charged $1.05 × 16.9 sq ft as $17.75 a box", async () => {
    const p = await createProduct(t.database.db, {
      our_price: 2,
      ace_shown_price: 1.05,
      sqft_per_carton: 16.9,
    });
    expect(await shownToPartner(p.id)).toMatchObject({
      price_per_box: 17.75,
      price_source: "partner",
    });
    expect(await charged(p.id, bearer())).toMatchObject({
      unit_price: 17.75,
      price_source: "partner",
    });
  });

  it("shows and charges the same box price for random prices and box sizes, public and partner", async () => {
    await fc.assert(
      fc.asyncProperty(
        perSqftCents,
        fc.option(perSqftCents, { nil: null }),
        sqftHundredths,
        async (ourCents, partnerCents, hundredths) => {
          const p = await createProduct(t.database.db, {
            our_price: ourCents / 100,
            ace_shown_price: partnerCents === null ? null : partnerCents / 100,
            sqft_per_carton: hundredths / 100,
          });
          expect((await charged(p.id)).unit_price).toBe((await shownPublic(p.id)).price_per_box);
          const partner = await shownToPartner(p.id);
          expect(await charged(p.id, bearer())).toMatchObject({
            unit_price: partner.price_per_box,
            price_source: partner.price_source,
          });
        },
      ),
      { numRuns: 10 },
    );
  });
});
