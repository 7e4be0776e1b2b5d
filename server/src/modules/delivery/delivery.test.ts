import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildPaymentRequest,
  createCoupon,
  createProduct,
  storedStock,
} from "../../../test/factories.ts";
import { createTestApp, type TestApp, testAdminPassword } from "../../../test/test-app.ts";
import { mailOutbox, orders } from "../../db/schema/index.ts";

interface Option {
  method: string;
  label: string;
  cost: number;
  available: boolean;
  reason: string | null;
  estimated_date: string | null;
  services: Array<{ id: string; label: string; cost: number; selected: boolean }>;
}

describe("delivery choices at checkout", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  const calculate = (body: Record<string, unknown>) =>
    t.app.inject({ method: "POST", url: "/api/cart/calculate", payload: body });
  const pay = (body: Record<string, unknown>) =>
    t.app.inject({ method: "POST", url: "/api/payments/process", payload: body });
  const optionsOf = (body: { delivery_options: Option[] }) =>
    Object.fromEntries(body.delivery_options.map((option) => [option.method, option]));
  const stockOf = (id: number) => storedStock(db(), id);
  const orderCount = async () => (await db().select({ id: orders.id }).from(orders)).length;

  /** The shopper's cart: 3 boxes of laminate and 1 closeout box, both 50 to a pallet. */
  async function laminateAndCloseout() {
    const laminate = await createProduct(db(), {
      type: "laminate",
      our_price: 2.49,
      sqft_per_carton: 20,
      cartons_per_pallet: 50,
      pallet_shipping_cost: 190,
      box_weight_lbs: 30,
    });
    const closeout = await createProduct(db(), {
      is_closeout: true,
      our_price: 3.99,
      msrp: 5.99,
      sqft_per_carton: 20,
      cartons_per_pallet: 50,
      pallet_shipping_cost: 190,
      box_weight_lbs: 30,
    });
    return [
      { product_id: laminate.id, quantity: 3 },
      { product_id: closeout.id, quantity: 1 },
    ];
  }

  it("puts 3 + 1 boxes of products that fit 50 a pallet on one shared pallet, not one each", async () => {
    const cart_items = await laminateAndCloseout();
    const res = await calculate({ cart_items });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.subtotal).toBe(229.2);
    expect(body.shipping).toMatchObject({
      total_cartons: 4,
      pallets_needed: 1,
      cost: 190,
      method: "freight",
      label: "Freight delivery (1 pallet)",
    });
    expect(body.total).toBe(419.2);
  });

  it("prices and dates every method for a ZIP code our truck serves (Homewood)", async () => {
    const cart_items = await laminateAndCloseout();
    const body = (
      await calculate({ cart_items, shipping_zip: "35209", shipping_state: "AL" })
    ).json();
    const by = optionsOf(body);
    expect(body.delivery_options.map((o: Option) => o.method)).toEqual([
      "pickup",
      "local",
      "freight",
      "parcel",
    ]);
    expect(by.pickup).toMatchObject({ label: "Showroom pickup", cost: 0, available: true });
    // $75 a pallet below $1,500 of merchandise.
    expect(by.local).toMatchObject({ label: "Local delivery", cost: 75, available: true });
    expect(by.freight).toMatchObject({ label: "Freight delivery", cost: 190, available: true });
    expect(by.freight?.services).toEqual([
      { id: "residential", label: "Residential delivery", cost: 75, selected: false },
      { id: "liftgate", label: "Liftgate at delivery", cost: 95, selected: false },
    ]);
    // 4 boxes of 30 lb: $12 a box and 50¢ a pound.
    expect(by.parcel).toMatchObject({ label: "Parcel delivery", cost: 108, available: true });
    for (const option of body.delivery_options as Option[]) {
      expect(option.reason).toBeNull();
      expect(option.estimated_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    const dates = by as Record<string, Option>;
    expect(dates.local!.estimated_date! > dates.pickup!.estimated_date!).toBe(true);
    expect(dates.freight!.estimated_date! > dates.pickup!.estimated_date!).toBe(true);
    expect(body.shipping.estimated_date).toBe(dates.freight!.estimated_date);
  });

  it("offers no local truck outside the service area, and dates a far ZIP code later than a near one", async () => {
    const cart_items = await laminateAndCloseout();
    const near = optionsOf((await calculate({ cart_items, shipping_zip: "35209" })).json());
    const far = optionsOf((await calculate({ cart_items, shipping_zip: "98101" })).json());
    expect(far.local).toMatchObject({
      available: false,
      reason:
        "Our own truck delivers around Birmingham only, and ZIP code 98101 is outside that area.",
      estimated_date: null,
    });
    expect(far.pickup?.available).toBe(true);
    expect(far.freight?.available).toBe(true);
    expect(far.freight!.estimated_date! > near.freight!.estimated_date!).toBe(true);
    expect(far.parcel!.estimated_date! > near.parcel!.estimated_date!).toBe(true);
    // Without a ZIP code only the truck's area is unknown.
    const none = optionsOf((await calculate({ cart_items })).json());
    expect(none.local).toMatchObject({
      available: false,
      reason: "Enter your ZIP code to see if our own truck delivers there.",
    });
    expect(none.freight).toMatchObject({ available: true, estimated_date: null });
  });

  it("prices a freight pallet by the distance zone of the ZIP code, and the owner's zones take over once saved", async () => {
    const cart_items = await laminateAndCloseout();
    const costAt = async (zip?: string) =>
      optionsOf((await calculate({ cart_items, ...(zip ? { shipping_zip: zip } : {}) })).json())
        .freight?.cost;
    // One pallet at $190: in full nearby (Homewood) and before a ZIP code is known; Seattle is
    // past 1,200 miles: 160%.
    expect(await costAt()).toBe(190);
    expect(await costAt("35209")).toBe(190);
    expect(await costAt("98101")).toBe(304);

    const current = (
      await t.app.inject({
        method: "GET",
        url: "/api/admin/settings",
        headers: { "admin-password": testAdminPassword },
      })
    ).json();
    const save = (freight_zones: unknown) =>
      t.app.inject({
        method: "PUT",
        url: "/api/admin/settings",
        headers: { "admin-password": testAdminPassword },
        payload: { ...current.settings, freight_zones },
      });
    const refused = await save([{ from_miles: 100, percent: 120 }]);
    expect(refused.statusCode).toBe(422);
    expect(JSON.stringify(refused.json())).toContain("The first freight zone starts at 0 miles");
    expect(await costAt("98101")).toBe(304);
    expect(
      (
        await save([
          { from_miles: 0, percent: 100 },
          { from_miles: 500, percent: 250 },
        ])
      ).statusCode,
    ).toBe(200);
    expect(await costAt("98101")).toBe(475);
    expect(await costAt("35209")).toBe(190);
    expect((await save(current.settings.freight_zones)).statusCode).toBe(200);
  });

  it("ships no freight or parcel to Alaska, and keeps parcel to a few light boxes", async () => {
    const cart_items = await laminateAndCloseout();
    const asked = await calculate({ cart_items, shipping_zip: "99501" });
    // Freight is the method when none is chosen, so that question is refused...
    expect(asked.statusCode).toBe(422);
    expect(asked.json().detail).toContain("Freight delivery is not available");
    // ...and a pickup quote lists why the others are not offered.
    const alaska = optionsOf(
      (await calculate({ cart_items, shipping_zip: "99501", delivery_method: "pickup" })).json(),
    );
    expect(alaska.freight?.available).toBe(false);
    expect(alaska.freight?.reason).toContain("48 contiguous states and DC only");
    expect(alaska.parcel?.available).toBe(false);

    // A box without a weight counts 45 lb: 3 boxes are 135 lb, $36 + $67.50.
    const unweighed = await createProduct(db());
    const light = optionsOf(
      (await calculate({ cart_items: [{ product_id: unweighed.id, quantity: 3 }] })).json(),
    );
    expect(light.parcel).toMatchObject({ available: true, cost: 103.5 });

    const heavy = await createProduct(db(), { box_weight_lbs: 60 });
    const many = optionsOf(
      (await calculate({ cart_items: [{ product_id: heavy.id, quantity: 6 }] })).json(),
    );
    expect(many.parcel).toMatchObject({
      available: false,
      reason: "Parcel delivery is for orders of up to 5 boxes; this one has 6.",
    });
    const weighty = optionsOf(
      (await calculate({ cart_items: [{ product_id: heavy.id, quantity: 3 }] })).json(),
    );
    expect(weighty.parcel).toMatchObject({
      available: false,
      reason: "Parcel delivery is for orders up to 150 lb; this one weighs about 180 lb.",
    });
  });

  it("delivers free by our truck from $1,500 of merchandise, and adds the freight extras chosen", async () => {
    const big = await createProduct(db(), {
      our_price: 5,
      sqft_per_carton: 20,
      cartons_per_pallet: 40,
      pallet_shipping_cost: 200,
    });
    const cart_items = [{ product_id: big.id, quantity: 45 }]; // $4,500 on 2 pallets
    // Until the shopper chooses, the checkout asks for the cheapest delivery to the ZIP code: our
    // truck, free here; outside the truck's area, freight. Without that ask, or without a ZIP
    // code, the quote stays freight.
    const unchosen = async (zip?: string, cheapest = true) =>
      (await calculate({ cart_items, shipping_zip: zip, cheapest_delivery: cheapest })).json()
        .shipping;
    expect(await unchosen("35173")).toMatchObject({ method: "local", cost: 0 });
    // New York is in the 700-1,200 mile zone: 2 pallets at 135% of $200.
    expect(await unchosen("10001")).toMatchObject({ method: "freight", cost: 540 });
    expect(await unchosen()).toMatchObject({ method: "freight", cost: 400 });
    expect(await unchosen("35173", false)).toMatchObject({ method: "freight", cost: 400 });
    const local = (
      await calculate({ cart_items, shipping_zip: "35173", delivery_method: "local" })
    ).json();
    expect(local.shipping).toMatchObject({
      method: "local",
      cost: 0,
      pallets_needed: 2,
      label: "Local delivery (2 pallets)",
    });
    const freight = (
      await calculate({
        cart_items,
        shipping_zip: "35173",
        delivery_method: "freight",
        freight_services: { residential: true, liftgate: true },
      })
    ).json();
    expect(freight.shipping).toMatchObject({ method: "freight", cost: 570 });
    expect(freight.total).toBe(4500 + 570);
    expect(
      optionsOf(freight).freight?.services.map((s: { selected: boolean }) => s.selected),
    ).toEqual([true, true]);
  });

  it("refuses a method not offered for the ZIP code, and a malformed or unknown ZIP code, with clear messages", async () => {
    const cart_items = await laminateAndCloseout();
    const notHere = await calculate({
      cart_items,
      shipping_zip: "10001",
      delivery_method: "local",
    });
    expect(notHere.statusCode).toBe(422);
    expect(notHere.json().detail).toBe(
      "Local delivery is not available: Our own truck delivers around Birmingham only, and ZIP code 10001 is outside that area. Please choose another delivery method.",
    );
    const malformed = await calculate({ cart_items, shipping_zip: "3520" });
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().detail).toEqual([
      { loc: ["body", "shipping_zip"], msg: "ZIP code must be 5 digits (or ZIP+4)" },
    ]);
    const unknown = await calculate({ cart_items, shipping_zip: "00000" });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().detail).toBe(
      "We could not find ZIP code 00000. Please check it and try again.",
    );
    const method = await calculate({ cart_items, delivery_method: "drone" });
    expect(method.statusCode).toBe(422);
    expect(method.json().detail[0].msg).toBe(
      "Delivery method must be pickup, local, freight or parcel",
    );
  });

  it("a payment for a method not offered there, or to an unknown ZIP code, is refused and reserves nothing", async () => {
    const cart_items = await laminateAndCloseout();
    const first = cart_items[0]!;
    const stockBefore = await stockOf(first.product_id);
    const ordersBefore = await orderCount();
    const newYork = {
      street: "350 5th Ave",
      city: "New York",
      state: "NY",
      zip_code: "10118",
      country: "US",
    };
    const local = await pay(
      buildPaymentRequest(cart_items, { billing_address: newYork, delivery_method: "local" }),
    );
    expect(local.statusCode).toBe(422);
    expect(local.json().detail).toContain("Local delivery is not available");
    const unknown = await pay(
      buildPaymentRequest(cart_items, { billing_address: { ...newYork, zip_code: "00000" } }),
    );
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().detail).toBe(
      "We could not find ZIP code 00000. Please check it and try again.",
    );
    expect(await stockOf(first.product_id)).toBe(stockBefore);
    expect(await orderCount()).toBe(ordersBefore);
  });

  it("a pickup order totals subtotal − discount + tax, and the test page shows every amount", async () => {
    await createCoupon(db(), { code: "PICK20", kind: "fixed", value: "20" });
    const cart_items = await laminateAndCloseout();
    const res = await pay(
      buildPaymentRequest(cart_items, { delivery_method: "pickup", coupon_code: "pick20" }),
    );
    expect(res.statusCode).toBe(200);
    const { id } = res.json();
    const [order] = await db().select().from(orders).where(eq(orders.payment_session_id, id));
    // $229.20 − $20.00 = $209.20, Alabama's 10% on it, nothing for delivery.
    expect(order).toMatchObject({
      delivery_method: "pickup",
      subtotal_cents: 22920,
      discount_amount_cents: 2000,
      shipping_cost_cents: 0,
      tax_amount_cents: 2092,
      total_amount_cents: 23012,
      delivery_answers: null,
    });
    const session = (await t.app.inject(`/api/payments/test-sessions/${id}`)).json();
    expect(session).toMatchObject({
      amount: 230.12,
      subtotal: 229.2,
      coupon_code: "PICK20",
      discount: 20,
      shipping: 0,
      shipping_label: "Showroom pickup",
      tax: 20.92,
    });
    await t.app.inject({
      method: "POST",
      url: `/api/payments/test-sessions/${id}/pay`,
      payload: { card_number: "4242424242424242" },
    });
    const [mail] = await db()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.dedupe_key, `order-confirmation:${order?.id}`));
    expect(mail?.text).toContain("Shipping: Showroom pickup");
    expect(mail?.text).toContain("Ready for pickup");
    expect(mail?.text).toContain("Pick up at");
    expect(mail?.text).toContain("4217 Crestwood Blvd, Birmingham, AL 35212");
    expect(mail?.text).toContain("ready to pick up at our showroom");
  });

  it("a pickup is taxed where the showroom is, even when the billing address is in another state", async () => {
    const cart_items = await laminateAndCloseout();
    const body = (
      await calculate({ cart_items, shipping_state: "NY", delivery_method: "pickup" })
    ).json();
    expect(body.tax_rate).toBe(0.1);
    expect(body.tax).toBe(22.92);
    expect(body.total).toBe(229.2 + 22.92);
  });

  it("the order keeps the method, the extras and the carrier's answers, and the confirmation and email show them", async () => {
    const cart_items = await laminateAndCloseout();
    const res = await pay(
      buildPaymentRequest(cart_items, {
        delivery_method: "freight",
        freight_services: { liftgate: true },
        delivery_answers: { site_access: "small_truck_only", stairs: true, appointment_phone: "" },
      }),
    );
    expect(res.statusCode).toBe(200);
    const { id } = res.json();
    await t.app.inject({
      method: "POST",
      url: `/api/payments/test-sessions/${id}/pay`,
      payload: { card_number: "4242424242424242" },
    });
    const confirmation = (await t.app.inject(`/api/orders/by-session/${id}`)).json();
    expect(confirmation).toMatchObject({
      shipping_cost: 285,
      tax_amount: 22.92,
      total_amount: 229.2 + 285 + 22.92,
      delivery: {
        method: "freight",
        label: "Freight delivery (1 pallet)",
        services: ["liftgate"],
        site_access: "small_truck_only",
        stairs: true,
        // No other phone given: the driver calls the customer.
        appointment_phone: "(205) 555-0199",
      },
    });
    expect(confirmation.delivery.estimated_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const [mail] = await db()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.dedupe_key, `order-confirmation:${confirmation.order_id}`));
    expect(mail?.text).toContain("Shipping: Freight delivery (1 pallet)");
    expect(mail?.text).toContain("$285.00");
    expect(mail?.text).toContain("Estimated delivery");
  });
});
