import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createOrder, createProduct } from "../../../test/factories.ts";
import { testAdminPassword, useTestApp } from "../../../test/test-app.ts";
import { onRealPostgres } from "../../../test/test-database.ts";
import { mailOutbox, orderItems, products, stockLedger } from "../../db/schema/index.ts";

const headers = { "admin-password": testAdminPassword };

describe("split shipments and store pickup", () => {
  const t = useTestApp();

  const call = (method: "GET" | "POST" | "PATCH", url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const boxes = async (id: number) => {
    const [row] = await t.database.db.select().from(products).where(eq(products.id, id));
    return { onHand: row?.on_hand, allocated: row?.allocated, available: row?.stock_quantity };
  };
  const mailTo = (email: string) =>
    t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, email));

  /** A paid freight order of 5 boxes of flooring and 3 of a second product. */
  async function twoLineOrder(overrides: Parameters<typeof createOrder>[1] = {}) {
    const floor = await createProduct(t.database.db, { name: "Oak Plank", stock_quantity: 10 });
    const trim = await createProduct(t.database.db, { name: "Oak Stair Nose", stock_quantity: 4 });
    const order = await createOrder(t.database.db, {
      lines: [
        { product: floor, quantity: 5 },
        { product: trim, quantity: 3 },
      ],
      ...overrides,
    });
    const items = await t.database.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.order_id, order.id))
      .orderBy(orderItems.id);
    const [floorLine, trimLine] = items.map((item) => item.id);
    if (floorLine === undefined || trimLine === undefined) throw new Error("lines missing");
    return { order, floor, trim, floorLine, trimLine };
  }

  it("a first shipment takes only its boxes off on hand, emails its lines and tracking, and leaves the order partly shipped", async () => {
    const { order, floor, trim, floorLine, trimLine } = await twoLineOrder();
    const before = await boxes(floor.id);

    const res = await call("POST", `/api/admin/orders/${order.id}/shipments`, {
      lines: [{ order_item_id: floorLine, boxes: 3 }],
      carrier: "Estes",
      tracking_number: "PRO 1234567",
    });

    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.order.status).toBe("processing");
    expect(body.order.fulfillment_label).toBe("Partly shipped");
    expect(body.order.boxes_to_ship).toEqual({ [floorLine]: 2, [trimLine]: 3 });
    expect(body.order.shipments).toEqual([
      expect.objectContaining({
        carrier: "Estes",
        tracking_number: "PRO 1234567",
        tracking_number_label: "PRO number",
        lines: [{ order_item_id: floorLine, product_name: "Oak Plank", boxes: 3 }],
      }),
    ]);
    expect(await boxes(floor.id)).toEqual({
      onHand: (before.onHand ?? 0) - 3,
      allocated: (before.allocated ?? 0) - 3,
      available: before.available,
    });
    expect((await boxes(trim.id)).allocated).toBe(3);
    const ledger = await t.database.db
      .select()
      .from(stockLedger)
      .where(and(eq(stockLedger.order_id, order.id), eq(stockLedger.reason, "shipped")));
    expect(ledger.map((row) => [row.product_id, row.boxes])).toEqual([[floor.id, -3]]);

    const mail = await mailTo(order.customer_email);
    expect(mail).toHaveLength(1);
    expect(mail[0]?.subject).toBe(`Part of your order ${order.friendly_order_id} has shipped`);
    expect(mail[0]?.text).toContain("Oak Plank");
    expect(mail[0]?.text).toContain("3 boxes");
    expect(mail[0]?.text).toContain("PRO 1234567");
    expect(mail[0]?.text).not.toContain("Oak Stair Nose");
  });

  it("a second shipment of everything left ships the order, and /track shows both with their tracking", async () => {
    const { order, floor, trim, floorLine, trimLine } = await twoLineOrder();
    await call("POST", `/api/admin/orders/${order.id}/shipments`, {
      lines: [{ order_item_id: floorLine, boxes: 5 }],
      carrier: "Estes",
      tracking_number: "PRO111",
    });
    const res = await call("POST", `/api/admin/orders/${order.id}/shipments`, {
      lines: [{ order_item_id: trimLine, boxes: 3 }],
      carrier: "UPS",
      tracking_number: "1Z999AA10123456784",
    });

    expect(res.statusCode).toBe(201);
    expect(res.json().order).toMatchObject({
      status: "shipped",
      fulfillment_label: null,
      boxes_to_ship: {},
      tracking_number: "1Z999AA10123456784",
    });
    expect((await boxes(floor.id)).allocated).toBe(0);
    expect((await boxes(trim.id)).allocated).toBe(0);
    const tracked = (await t.app.inject({ url: `/api/track/${order.tracking_token}` })).json();
    expect(tracked.status).toBe("shipped");
    expect(
      tracked.shipments.map((s: { tracking_number: string; tracking_url: string | null }) => [
        s.tracking_number,
        s.tracking_url,
      ]),
    ).toEqual([
      ["PRO111", expect.stringContaining("PRO111")],
      ["1Z999AA10123456784", "https://www.ups.com/track?tracknum=1Z999AA10123456784"],
    ]);
    const subjects = (await mailTo(order.customer_email)).map((m) => m.subject);
    expect(subjects).toEqual([
      `Part of your order ${order.friendly_order_id} has shipped`,
      `The rest of your order ${order.friendly_order_id} has shipped`,
    ]);

    // The order's shipped email (the panel's "Send Shipped Email") lists both parts.
    const resent = await call("POST", `/api/admin/orders/${order.id}/send-shipped-email`);
    expect(resent.statusCode).toBe(200);
    const shippedMail = (await mailTo(order.customer_email)).at(-1);
    expect(shippedMail?.subject).toBe(`Your order ${order.friendly_order_id} has shipped`);
    expect(shippedMail?.text).toContain("Shipment 1");
    expect(shippedMail?.text).toContain("PRO number PRO111");
    expect(shippedMail?.text).toContain("Shipment 2");
    expect(shippedMail?.text).toContain("https://www.ups.com/track?tracknum=1Z999AA10123456784");
  });

  it("shipping more boxes than are left on a line is refused and changes nothing", async () => {
    const { order, floor, floorLine, trimLine } = await twoLineOrder();
    await call("POST", `/api/admin/orders/${order.id}/shipments`, {
      lines: [{ order_item_id: floorLine, boxes: 4 }],
      carrier: "UPS",
      tracking_number: "1ZFIRST",
      send_email: false,
    });
    const before = await boxes(floor.id);

    const over = await call("POST", `/api/admin/orders/${order.id}/shipments`, {
      lines: [
        { order_item_id: trimLine, boxes: 1 },
        { order_item_id: floorLine, boxes: 2 },
      ],
      carrier: "UPS",
      tracking_number: "1ZSECOND",
    });
    expect(over.statusCode).toBe(409);
    expect(over.json().detail).toBe('Only 1 box of "Oak Plank" is left to ship, not 2.');
    const notOnOrder = await call("POST", `/api/admin/orders/${order.id}/shipments`, {
      lines: [{ order_item_id: 999_999, boxes: 1 }],
    });
    expect(notOnOrder.statusCode).toBe(422);
    const none = await call("POST", `/api/admin/orders/${order.id}/shipments`, { lines: [] });
    expect(none.statusCode).toBe(422);
    expect(JSON.stringify(none.json().detail)).toContain("Choose at least one line to ship");

    expect(await boxes(floor.id)).toEqual(before);
    const after = (await call("GET", `/api/admin/orders/${order.id}`)).json();
    expect(after.shipments).toHaveLength(1);
    expect(after.boxes_to_ship).toEqual({ [floorLine]: 1, [trimLine]: 3 });
  });

  it("one look ships once: shipments naming the shipments they saw, sent together (a double click, two tabs), record one and the rest get 409", async () => {
    const { order, floor, floorLine } = await twoLineOrder({ customer_email: "once@example.com" });
    const before = await boxes(floor.id);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        call("POST", `/api/admin/orders/${order.id}/shipments`, {
          lines: [{ order_item_id: floorLine, boxes: 2 }],
          carrier: "UPS",
          tracking_number: "1ZONCE",
          shipments_before: 0,
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)?.json().detail).toBe(
      "A shipment of this order was recorded since you looked, so nothing was recorded. Look at the order again before shipping more.",
    );
    expect(await boxes(floor.id)).toEqual({
      onHand: (before.onHand ?? 0) - 2,
      allocated: (before.allocated ?? 0) - 2,
      available: before.available,
    });
    expect(await mailTo("once@example.com")).toHaveLength(1);
    const next = await call("POST", `/api/admin/orders/${order.id}/shipments`, {
      lines: [{ order_item_id: floorLine, boxes: 1 }],
      shipments_before: 1,
    });
    expect(next.statusCode).toBe(201);
  });

  it("the single shipping form's mark shipped ships everything left as one shipment", async () => {
    const { order, floor, trim, floorLine, trimLine } = await twoLineOrder();
    await call("POST", `/api/admin/orders/${order.id}/shipments`, {
      lines: [{ order_item_id: floorLine, boxes: 2 }],
      carrier: "Estes",
      tracking_number: "PRO222",
      send_email: false,
    });
    const res = await call("POST", `/api/admin/orders/${order.id}/shipping`, {
      shipping_carrier: "Saia",
      tracking_number: "PRO333",
      mark_shipped: true,
    });

    expect(res.statusCode).toBe(200);
    const shipped = res.json().order;
    expect(shipped.status).toBe("shipped");
    expect(shipped.shipments.map((s: { lines: unknown }) => s.lines)).toEqual([
      [{ order_item_id: floorLine, product_name: "Oak Plank", boxes: 2 }],
      [
        { order_item_id: floorLine, product_name: "Oak Plank", boxes: 3 },
        { order_item_id: trimLine, product_name: "Oak Stair Nose", boxes: 3 },
      ],
    ]);
    expect((await boxes(floor.id)).allocated).toBe(0);
    expect((await boxes(trim.id)).allocated).toBe(0);
  });

  it("cancelling a partly shipped order gives back only the boxes still in the building", async () => {
    const { order, floor, floorLine } = await twoLineOrder({ payment_status: "unpaid" });
    await call("POST", `/api/admin/orders/${order.id}/shipments`, {
      lines: [{ order_item_id: floorLine, boxes: 2 }],
      send_email: false,
    });
    const before = await boxes(floor.id);
    const res = await call("PATCH", `/api/admin/orders/${order.id}/status`, {
      status: "cancelled",
    });
    expect(res.statusCode).toBe(200);
    expect(await boxes(floor.id)).toEqual({
      onHand: before.onHand,
      allocated: 0,
      available: (before.available ?? 0) + 3,
    });
  });

  it("a pickup order goes ready (email with the showroom and what to bring) then picked up, taking its boxes once", async () => {
    const { order, floor, trim } = await twoLineOrder({ delivery_method: "pickup" });
    const before = await boxes(floor.id);

    const shipping = await call("POST", `/api/admin/orders/${order.id}/shipments`, {
      lines: [{ order_item_id: 1, boxes: 1 }],
    });
    expect(shipping.statusCode).toBe(409);
    expect(shipping.json().detail).toContain("picked up at the showroom");

    const ready = await call("POST", `/api/admin/orders/${order.id}/pickup/ready`);
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({
      email_queued: true,
      order: { status: "processing", fulfillment_label: "Ready for pickup" },
    });
    const [mail] = await mailTo(order.customer_email);
    expect(mail?.subject).toBe(`Your order ${order.friendly_order_id} is ready for pickup`);
    expect(mail?.text).toContain("photo ID");
    expect(mail?.text).toContain("a vehicle that fits the boxes");
    expect(mail?.text).toMatch(/Showroom hours/);
    expect(mail?.text).toContain(order.friendly_order_id);

    const missingName = await call("POST", `/api/admin/orders/${order.id}/pickup/picked-up`, {
      picked_up_by: " ",
    });
    expect(missingName.statusCode).toBe(422);
    const picked = await call("POST", `/api/admin/orders/${order.id}/pickup/picked-up`, {
      picked_up_by: "Sam Carter",
      picked_up_at: "2026-11-28T15:30:00Z",
    });
    expect(picked.statusCode).toBe(200);
    expect(picked.json().order).toMatchObject({
      status: "delivered",
      fulfillment_label: "Picked up",
      pickup: {
        picked_up_at: "2026-11-28T15:30:00.000Z",
        picked_up_by: "Sam Carter",
        staff: expect.any(String),
      },
      shipments: [],
    });
    const taken = {
      onHand: (before.onHand ?? 0) - 5,
      allocated: 0,
      available: before.available,
    };
    expect(await boxes(floor.id)).toEqual(taken);
    expect((await boxes(trim.id)).allocated).toBe(0);

    const again = await call("POST", `/api/admin/orders/${order.id}/pickup/picked-up`, {
      picked_up_by: "Sam Carter",
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toContain("already picked up");
    const delivered = await call("PATCH", `/api/admin/orders/${order.id}/status`, {
      status: "delivered",
    });
    expect(delivered.statusCode).toBe(200);
    expect(await boxes(floor.id)).toEqual(taken);

    const tracked = (await t.app.inject({ url: `/api/track/${order.tracking_token}` })).json();
    expect(tracked).toMatchObject({
      status: "delivered",
      fulfillment_label: "Picked up",
      pickup: { picked_up_at: "2026-11-28T15:30:00.000Z" },
      shipments: [],
    });
  });

  it("pickup actions are refused on an order that ships, and the form cannot mark a pickup order shipped", async () => {
    const { order } = await twoLineOrder();
    const ready = await call("POST", `/api/admin/orders/${order.id}/pickup/ready`);
    expect(ready.statusCode).toBe(409);
    const { order: pickup } = await twoLineOrder({ delivery_method: "pickup" });
    const form = await call("POST", `/api/admin/orders/${pickup.id}/shipping`, {
      shipping_carrier: "UPS",
      tracking_number: "1Z1",
      mark_shipped: true,
    });
    expect(form.statusCode).toBe(409);
    const missing = await call(
      "POST",
      "/api/admin/orders/00000000-0000-4000-8000-000000000000/shipments",
      { lines: [{ order_item_id: 1, boxes: 1 }] },
    );
    expect(missing.statusCode).toBe(404);
  });

  it.runIf(onRealPostgres)(
    "two staff shipping the same remaining boxes at once ship them once",
    async () => {
      const { order, floor, floorLine } = await twoLineOrder();
      const before = await boxes(floor.id);
      const ship = (tracking: string) =>
        call("POST", `/api/admin/orders/${order.id}/shipments`, {
          lines: [{ order_item_id: floorLine, boxes: 5 }],
          carrier: "UPS",
          tracking_number: tracking,
        });
      const answers = await Promise.all([ship("1ZA"), ship("1ZB"), ship("1ZC")]);
      expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409, 409]);
      expect(await boxes(floor.id)).toEqual({
        onHand: (before.onHand ?? 0) - 5,
        allocated: (before.allocated ?? 0) - 5,
        available: before.available,
      });
      const shipments = (await call("GET", `/api/admin/orders/${order.id}`)).json().shipments;
      expect(shipments).toHaveLength(1);
      expect(await mailTo(order.customer_email)).toHaveLength(1);
    },
  );

  it.runIf(onRealPostgres)(
    "two staff recording the same pickup at once take its boxes once",
    async () => {
      const { order, floor } = await twoLineOrder({ delivery_method: "pickup" });
      const before = await boxes(floor.id);
      const pick = () =>
        call("POST", `/api/admin/orders/${order.id}/pickup/picked-up`, { picked_up_by: "Sam" });
      const answers = await Promise.all([pick(), pick(), pick()]);
      expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409, 409]);
      expect(await boxes(floor.id)).toEqual({
        onHand: (before.onHand ?? 0) - 5,
        allocated: (before.allocated ?? 0) - 5,
        available: before.available,
      });
    },
  );
});
