import type { AdminSettingsResponse, StoreSettings } from "@mcf/contracts/store-settings";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildPaymentRequest, createProduct } from "../../../test/factories.ts";
import { createStaffSession, type StaffSession } from "../../../test/staff-factories.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import { mailOutbox, orders, products, storeSettings } from "../../db/schema/index.ts";
import { addBusinessDays, storeToday } from "./delivery-dates.ts";
import { shippedServiceAreaZips } from "./service-area-zips.ts";

interface Option {
  method: string;
  available: boolean;
  reason: string | null;
  estimated_date: string | null;
}

/**
 * The owner's lead times, parcel limits and local delivery area (the Settings tab) reach every
 * quote, payment and order on the next request; bad values are refused and change nothing.
 */
describe("delivery limits, lead times and the service area from the store settings", () => {
  let t: TestApp;
  let owner: StaffSession;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await createStaffSession(t.app, { role: "owner" });
  });
  afterAll(() => t.close());
  // Each test starts from the shipped settings.
  beforeEach(async () => {
    expect((await save(t.app.settings.defaults)).statusCode).toBe(200);
  });

  const db = () => t.database.db;
  const save = (settings: unknown) =>
    t.app.inject({
      method: "PUT",
      url: "/api/admin/settings",
      headers: { cookie: owner.cookie, origin: "http://store.test" },
      payload: settings as object,
    });
  const current = async () =>
    (
      (
        await t.app.inject({ url: "/api/admin/settings", headers: { cookie: owner.cookie } })
      ).json() as AdminSettingsResponse
    ).settings;
  const saveWith = async (change: (settings: StoreSettings) => StoreSettings) => {
    const res = await save(change(await current()));
    expect(res.statusCode, res.body).toBe(200);
  };
  const calculate = (body: Record<string, unknown>) =>
    t.app.inject({ method: "POST", url: "/api/cart/calculate", payload: body });
  const optionsAt = async (body: Record<string, unknown>) => {
    const res = await calculate(body);
    expect(res.statusCode, res.body).toBe(200);
    return Object.fromEntries(
      (res.json().delivery_options as Option[]).map((option) => [option.method, option]),
    );
  };
  const pay = (body: Record<string, unknown>) =>
    t.app.inject({ method: "POST", url: "/api/payments/process", payload: body });
  const orderCount = async () => (await db().select({ id: orders.id }).from(orders)).length;
  const today = () => storeToday(new Date());
  /** Business days as the shipped settings count them: their closed days off. */
  const businessDaysAfter = (from: string, days: number) =>
    addBusinessDays(from, days, new Set(t.app.settings.defaults.delivery_limits.closed_days));
  const montgomery = {
    street: "600 Dexter Ave",
    city: "Montgomery",
    state: "AL",
    zip_code: "36104",
    country: "US",
  };

  it("saving new handling and local days moves the dates of the next quote and of the order placed; a short cart gets no date", async () => {
    const stocked = await createProduct(db(), { stock_quantity: 50, box_weight_lbs: 30 });
    const short = await createProduct(db(), { stock_quantity: 1, box_weight_lbs: 30 });
    const inStock = [{ product_id: stocked.id, quantity: 2 }];
    const homewood = { shipping_zip: "35209", delivery_method: "pickup" };

    // As shipped: ready 1 business day after today, our truck 1 day after that.
    const before = await optionsAt({ cart_items: inStock, ...homewood });
    expect(before.pickup?.estimated_date).toBe(businessDaysAfter(today(), 1));
    expect(before.local?.estimated_date).toBe(businessDaysAfter(businessDaysAfter(today(), 1), 1));
    // Checkout refuses a line short of stock (409): the quote promises it no date.
    const waiting = await optionsAt({
      cart_items: [{ product_id: short.id, quantity: 3 }],
      ...homewood,
    });
    expect(waiting.pickup?.estimated_date).toBeNull();
    expect(waiting.local?.estimated_date).toBeNull();

    await saveWith((s) => ({
      ...s,
      delivery_limits: {
        ...s.delivery_limits,
        handling_business_days: 4,
        local_business_days: 3,
      },
    }));

    const after = await optionsAt({ cart_items: inStock, ...homewood });
    const ready = businessDaysAfter(today(), 4);
    expect(after.pickup?.estimated_date).toBe(ready);
    expect(after.local?.estimated_date).toBe(businessDaysAfter(ready, 3));
    const stillShort = await optionsAt({
      cart_items: [{ product_id: short.id, quantity: 3 }],
      ...homewood,
    });
    expect(stillShort.pickup?.estimated_date).toBeNull();

    // The order and its confirmation keep the date as the settings gave it.
    const res = await pay(buildPaymentRequest(inStock, { delivery_method: "pickup" }));
    expect(res.statusCode, res.body).toBe(200);
    const { id } = res.json();
    const [order] = await db().select().from(orders).where(eq(orders.payment_session_id, id));
    expect(order?.delivery_estimated_date).toBe(ready);
    await t.app.inject({
      method: "POST",
      url: `/api/payments/test-sessions/${id}/pay`,
      payload: { card_number: "4242424242424242" },
    });
    const confirmation = (await t.app.inject(`/api/orders/by-session/${id}`)).json();
    expect(confirmation.delivery.estimated_date).toBe(ready);
    const [mail] = await db()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.dedupe_key, `order-confirmation:${order?.id}`));
    // As the email writes it: "Tuesday, December 1, 2026".
    const readyInWords = new Date(`${ready}T12:00:00Z`).toLocaleDateString("en-US", {
      timeZone: "UTC",
      weekday: "long",
      year: "numeric",
      month: "long",
      day: "numeric",
    });
    expect(mail?.text).toContain("Ready for pickup");
    expect(mail?.text).toContain(readyInWords);
  });

  it("a closed day saved in the settings moves the next quote's dates past it; the federal holidays are only the shipped list", async () => {
    const product = await createProduct(db(), { stock_quantity: 50, box_weight_lbs: 30 });
    const body = {
      cart_items: [{ product_id: product.id, quantity: 2 }],
      shipping_zip: "35209",
      delivery_method: "pickup",
    };
    const year = Number(today().slice(0, 4));
    expect(t.app.settings.defaults.delivery_limits.closed_days).toContain(`${year}-12-25`);
    expect(t.app.settings.defaults.delivery_limits.closed_days).toContain(`${year + 1}-01-01`);

    // Close the store on the day the order would be ready (and on none else).
    const readyBefore = businessDaysAfter(today(), 1);
    await saveWith((s) => ({
      ...s,
      delivery_limits: { ...s.delivery_limits, closed_days: [readyBefore] },
    }));
    const closed = new Set([readyBefore]);
    const after = await optionsAt(body);
    const ready = addBusinessDays(today(), 1, closed);
    expect(ready > readyBefore).toBe(true);
    expect(after.pickup?.estimated_date).toBe(ready);
    expect(after.local?.estimated_date).toBe(addBusinessDays(ready, 1, closed));
    expect((await current()).delivery_limits.closed_days).toEqual([readyBefore]);

    // No closed days at all: only weekends are off.
    await saveWith((s) => ({ ...s, delivery_limits: { ...s.delivery_limits, closed_days: [] } }));
    const open = await optionsAt(body);
    expect(open.pickup?.estimated_date).toBe(addBusinessDays(today(), 1, new Set()));
  });

  it("a lower parcel limit refuses parcel for a cart that fit before, at calculation and at payment", async () => {
    const product = await createProduct(db(), { stock_quantity: 50, box_weight_lbs: 30 });
    const cart_items = [{ product_id: product.id, quantity: 3 }];
    // 3 boxes of 30 lb: within the shipped 5 boxes and 150 lb.
    expect((await optionsAt({ cart_items, shipping_zip: "10001" })).parcel).toMatchObject({
      available: true,
      reason: null,
    });

    await saveWith((s) => ({
      ...s,
      delivery_limits: { ...s.delivery_limits, parcel_max_boxes: 2 },
    }));
    expect((await optionsAt({ cart_items, shipping_zip: "10001" })).parcel).toMatchObject({
      available: false,
      reason: "Parcel delivery is for orders of up to 2 boxes; this one has 3.",
      estimated_date: null,
    });
    const refused = await calculate({
      cart_items,
      shipping_zip: "10001",
      delivery_method: "parcel",
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().detail).toBe(
      "Parcel delivery is not available: Parcel delivery is for orders of up to 2 boxes; this one has 3. Please choose another delivery method.",
    );
    const stockBefore = product.stock_quantity;
    const ordersBefore = await orderCount();
    const paid = await pay(buildPaymentRequest(cart_items, { delivery_method: "parcel" }));
    expect(paid.statusCode).toBe(422);
    expect(paid.json().detail).toContain("Parcel delivery is for orders of up to 2 boxes");
    expect(await orderCount()).toBe(ordersBefore);
    const [row] = await db().select().from(products).where(eq(products.id, product.id));
    expect(row?.stock_quantity).toBe(stockBefore);

    // The weight limit too: 90 lb is over a limit of 80 lb.
    await saveWith((s) => ({
      ...s,
      delivery_limits: { ...s.delivery_limits, parcel_max_boxes: 5, parcel_max_weight_lbs: 80 },
    }));
    expect((await optionsAt({ cart_items, shipping_zip: "10001" })).parcel).toMatchObject({
      available: false,
      reason: "Parcel delivery is for orders up to 80 lb; this one weighs about 90 lb.",
    });
  });

  it("a ZIP code added to the service area gets our truck, and one removed loses it, at calculation and at payment", async () => {
    const product = await createProduct(db(), { stock_quantity: 50 });
    const cart_items = [{ product_id: product.id, quantity: 2 }];
    const quote = (zip: string) =>
      optionsAt({ cart_items, shipping_zip: zip, delivery_method: "pickup" });
    expect((await quote("36104")).local).toMatchObject({
      available: false,
      reason:
        "Our own truck delivers around Birmingham only, and ZIP code 36104 is outside that area.",
    });
    expect((await quote("35209")).local?.available).toBe(true);

    // Montgomery in, Homewood out.
    await saveWith((s) => ({
      ...s,
      service_area_zips: [...s.service_area_zips.filter((zip) => zip !== "35209"), "36104"],
    }));
    const montgomeryQuote = (await quote("36104")).local;
    expect(montgomeryQuote).toMatchObject({ available: true, reason: null });
    expect(montgomeryQuote?.estimated_date).toBe(
      businessDaysAfter(businessDaysAfter(today(), 1), 1),
    );
    expect((await quote("35209")).local).toMatchObject({
      available: false,
      reason:
        "Our own truck delivers around Birmingham only, and ZIP code 35209 is outside that area.",
      estimated_date: null,
    });

    const local = await pay(
      buildPaymentRequest(cart_items, { billing_address: montgomery, delivery_method: "local" }),
    );
    expect(local.statusCode, local.body).toBe(200);
    const [order] = await db()
      .select()
      .from(orders)
      .where(eq(orders.payment_session_id, local.json().id));
    expect(order?.delivery_method).toBe("local");
    const ordersBefore = await orderCount();
    const homewood = { ...montgomery, street: "1 Oxmoor Rd", city: "Homewood", zip_code: "35209" };
    const refused = await pay(
      buildPaymentRequest(cart_items, { billing_address: homewood, delivery_method: "local" }),
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json().detail).toContain("ZIP code 35209 is outside that area");
    expect(await orderCount()).toBe(ordersBefore);
  });

  it("measures freight transit from the showroom's ZIP code as saved in the settings", async () => {
    const product = await createProduct(db(), { stock_quantity: 50 });
    const freightTo = async (zip: string) =>
      (
        await optionsAt({
          cart_items: [{ product_id: product.id, quantity: 2 }],
          shipping_zip: zip,
          delivery_method: "freight",
        })
      ).freight?.estimated_date;
    const ready = businessDaysAfter(today(), 1);
    // From Birmingham: Seattle is past the last band (7 days), Hoover in the first (2).
    expect(await freightTo("98101")).toBe(businessDaysAfter(ready, 7));
    expect(await freightTo("35244")).toBe(businessDaysAfter(ready, 2));

    // The showroom moves to Seattle: now Seattle is near and Hoover far.
    await saveWith((s) => ({
      ...s,
      address: { ...s.address, city: "Seattle", state: "WA", zip: "98104" },
    }));
    expect(await freightTo("98101")).toBe(businessDaysAfter(ready, 2));
    expect(await freightTo("35244")).toBe(businessDaysAfter(ready, 7));
  });

  it("bad ZIP codes, days and limits answer 422 naming each field, and change nothing", async () => {
    const before = await current();
    const product = await createProduct(db(), { stock_quantity: 50, box_weight_lbs: 30 });
    const cart_items = [{ product_id: product.id, quantity: 3 }];
    const quoteBefore = await optionsAt({ cart_items, shipping_zip: "35209" });
    const refusedWith = async (change: Partial<StoreSettings> | Record<string, unknown>) => {
      const res = await save({ ...before, ...change });
      expect(res.statusCode).toBe(422);
      const detail = (res.json() as { detail: Array<{ loc: string[]; msg: string }> }).detail;
      return Object.fromEntries(detail.map((m) => [m.loc.slice(1).join("."), m.msg]));
    };

    expect(await refusedWith({ service_area_zips: ["3520", "35209"] })).toEqual({
      "service_area_zips.0": '"3520" is not a 5-digit ZIP code',
    });
    expect(await refusedWith({ service_area_zips: ["35209", "ABCDE"] })).toEqual({
      "service_area_zips.1": '"ABCDE" is not a 5-digit ZIP code',
    });
    expect(await refusedWith({ service_area_zips: ["35209", "35124", "35209"] })).toEqual({
      "service_area_zips.2": "ZIP code 35209 is listed twice",
    });
    expect(await refusedWith({ service_area_zips: [] })).toEqual({
      service_area_zips: "List at least one ZIP code for local delivery",
    });
    const tenThousand = Array.from({ length: 10_000 }, (_, i) => String(10_000 + i));
    expect(await refusedWith({ service_area_zips: tenThousand })).toEqual({
      service_area_zips: "At most 1,000 ZIP codes for local delivery",
    });
    expect(
      await refusedWith({
        delivery_limits: {
          handling_business_days: -1,
          local_business_days: "2",
          parcel_max_boxes: 2.5,
          parcel_max_weight_lbs: Number.MAX_SAFE_INTEGER,
          closed_days: before.delivery_limits.closed_days,
        },
      }),
    ).toEqual({
      "delivery_limits.handling_business_days": "Handling time cannot be negative",
      "delivery_limits.local_business_days":
        "Local delivery time must be a whole number of business days",
      "delivery_limits.parcel_max_boxes": "Parcel limit must be a whole number of boxes",
      "delivery_limits.parcel_max_weight_lbs": "Parcel weight limit must be at most 2,000 lb",
    });
    const closedDays = (closed_days: unknown) =>
      refusedWith({ delivery_limits: { ...before.delivery_limits, closed_days } });
    expect(
      await closedDays(["2026-12-25", "2026-02-30", "12/31/2026", 20261231, "2026-13-01"]),
    ).toEqual({
      "delivery_limits.closed_days.1": 'Closed day "2026-02-30" is not a date like 2026-12-25',
      "delivery_limits.closed_days.2": 'Closed day "12/31/2026" is not a date like 2026-12-25',
      "delivery_limits.closed_days.3": "Each closed day must be a date like 2026-12-25",
      "delivery_limits.closed_days.4": 'Closed day "2026-13-01" is not a date like 2026-12-25',
    });
    expect(await closedDays(["2026-12-24", "2026-12-25", "2026-12-24"])).toEqual({
      "delivery_limits.closed_days.2": "Closed day 2026-12-24 is listed twice",
    });
    const twoHundredOne = Array.from({ length: 201 }, (_, i) =>
      new Date(Date.UTC(2027, 0, 1 + i)).toISOString().slice(0, 10),
    );
    expect(await closedDays(twoHundredOne)).toEqual({
      "delivery_limits.closed_days": "At most 200 closed days",
    });
    expect(await closedDays("2026-12-25")).toEqual({
      "delivery_limits.closed_days": "Closed days must be a list of dates",
    });

    expect(await current()).toEqual(before);
    expect(await optionsAt({ cart_items, shipping_zip: "35209" })).toEqual(quoteBefore);
  });

  it("a saved section that no longer validates takes its default, and settings saved before these existed keep their prices", async () => {
    const defaults = t.app.settings.defaults;
    const { delivery_limits: _limits, service_area_zips: _zips, ...older } = defaults;
    const saved = { ...older, delivery: { ...defaults.delivery, parcel_per_box_cents: 1500 } };
    await db()
      .update(storeSettings)
      .set({ settings: saved, updated_by: "older-version" })
      .where(eq(storeSettings.id, 1));
    let settings = await current();
    expect(settings.delivery.parcel_per_box_cents).toBe(1500);
    expect(settings.delivery_limits).toEqual(defaults.delivery_limits);
    expect(settings.service_area_zips).toEqual(shippedServiceAreaZips);

    // Lead times saved before the closed days existed stay, and take the shipped closed days.
    const { closed_days: _closed, ...olderLimits } = defaults.delivery_limits;
    await db()
      .update(storeSettings)
      .set({
        settings: { ...saved, delivery_limits: { ...olderLimits, handling_business_days: 5 } },
      })
      .where(eq(storeSettings.id, 1));
    settings = await current();
    expect(settings.delivery_limits).toEqual({
      ...defaults.delivery_limits,
      handling_business_days: 5,
    });

    // A rule tightened since: the invalid sections fall back, the valid ones stay.
    await db()
      .update(storeSettings)
      .set({
        settings: {
          ...saved,
          delivery_limits: { ...defaults.delivery_limits, handling_business_days: -2 },
          service_area_zips: ["35209", "bad"],
        },
      })
      .where(eq(storeSettings.id, 1));
    settings = await current();
    expect(settings.delivery.parcel_per_box_cents).toBe(1500);
    expect(settings.delivery_limits).toEqual(defaults.delivery_limits);
    expect(settings.service_area_zips).toEqual(shippedServiceAreaZips);
    const product = await createProduct(db(), { stock_quantity: 50 });
    const options = await optionsAt({
      cart_items: [{ product_id: product.id, quantity: 1 }],
      shipping_zip: "35209",
      delivery_method: "pickup",
    });
    expect(options.pickup?.estimated_date).toBe(businessDaysAfter(today(), 1));
    expect(options.local?.available).toBe(true);
  });
});
