import { finalSaleNotAcknowledged } from "@mcf/contracts/returns";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callAdmin, settleReturn } from "../../../test/admin-requests.ts";
import {
  buildPaymentRequest,
  createOrder,
  createProduct,
  storedStock,
} from "../../../test/factories.ts";
import { createTestApp, type TestApp, testAdminPassword } from "../../../test/test-app.ts";
import { auditLog, orderItems, orderReturns, orders } from "../../db/schema/index.ts";

const admin = { "admin-password": testAdminPassword };
const dayMs = 24 * 60 * 60 * 1000;

describe("returns: unopened boxes within 30 days, closeouts final sale, refund and stock once", () => {
  let t: TestApp;
  let address = 0;
  beforeAll(async () => {
    t = await createTestApp({ config: { restockingFeePercent: 15 } });
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  const stockOf = (id: number) => storedStock(db(), id);
  /** A shipped order of 4 boxes of an $X product and 2 closeout boxes. */
  async function shippedOrder(shippedDaysAgo = 3) {
    const product = await createProduct(db(), { stock_quantity: 20 });
    const closeout = await createProduct(db(), { stock_quantity: 20, is_closeout: true });
    const order = await createOrder(db(), {
      status: "delivered",
      shipped_at: new Date(Date.now() - shippedDaysAgo * dayMs),
      lines: [
        { product, quantity: 4 },
        { product: closeout, quantity: 2 },
      ],
    });
    await db()
      .update(orderItems)
      .set({ final_sale: true })
      .where(and(eq(orderItems.order_id, order.id), eq(orderItems.product_id, closeout.id)));
    const items = await db().select().from(orderItems).where(eq(orderItems.order_id, order.id));
    const line = items.find((i) => i.product_id === product.id);
    const closeoutLine = items.find((i) => i.product_id === closeout.id);
    if (!line || !closeoutLine) throw new Error("lines missing");
    return { order, product, closeout, line, closeoutLine };
  }
  const ask = (token: string, payload: unknown) => {
    address += 1;
    return t.app.inject({
      method: "POST",
      url: `/api/track/${token}/returns`,
      payload: payload as object,
      remoteAddress: `198.18.0.${address}`,
    });
  };

  it("a trim line is offered back by its pieces, not as boxes", async () => {
    const { order, line, closeoutLine } = await shippedOrder();
    await db()
      .update(orderItems)
      .set({ selling_unit: "piece" })
      .where(eq(orderItems.id, closeoutLine.id));
    const options = (await t.app.inject(`/api/track/${order.tracking_token}/returns`)).json();
    expect(options.lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ order_item_id: line.id, selling_unit: "box" }),
        expect.objectContaining({ order_item_id: closeoutLine.id, selling_unit: "piece" }),
      ]),
    );
  });

  it("a return request from /track, once received, is refunded through the provider less the restocking fee, and the boxes go back once", async () => {
    const { order, product, line, closeoutLine } = await shippedOrder();
    const options = (await t.app.inject(`/api/track/${order.tracking_token}/returns`)).json();
    expect(options).toMatchObject({ unavailable_reason: null, restocking_fee_percent: 15 });
    expect(options.lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ order_item_id: line.id, returnable: 4, final_sale: false }),
        expect.objectContaining({
          order_item_id: closeoutLine.id,
          returnable: 0,
          final_sale: true,
        }),
      ]),
    );

    const asked = await ask(order.tracking_token, {
      lines: [{ order_item_id: line.id, quantity: 2 }],
      reason: "Ordered too much",
      unopened: true,
    });
    expect(asked.statusCode).toBe(201);
    const unitCents = line.unit_price_cents;
    const merchandise = unitCents * 2;
    // The factory charges Alabama's 10% and no discount.
    const tax = Math.round(merchandise * 0.1);
    const fee = Math.round(merchandise * 0.15);
    expect(asked.json()).toMatchObject({
      status: "requested",
      lines: [{ product_name: product.name, quantity: 2 }],
      amounts: {
        merchandise: merchandise / 100,
        discount: 0,
        tax: tax / 100,
        restocking_fee: fee / 100,
        refund_total: (merchandise + tax - fee) / 100,
      },
    });
    const returnId = asked.json().id;
    const listed = await t.app.inject({
      url: `/api/admin/orders/${order.id}/returns`,
      headers: admin,
    });
    expect(listed.json().returns).toEqual([
      expect.objectContaining({ id: returnId, status: "requested" }),
    ]);

    const stockBefore = await stockOf(product.id);
    const first = await settleReturn(t, returnId);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      status: "refunded",
      refund_id: expect.stringMatching(/^test_re_/),
    });
    const again = await callAdmin(t, "POST", `/api/admin/returns/${returnId}/refund`);
    expect(again.json()).toMatchObject({ status: "refunded", refund_id: first.json().refund_id });
    expect(await stockOf(product.id)).toBe((stockBefore ?? 0) + 2);
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity_id, order.id), eq(auditLog.action, "order.return_refunded")));
    expect(audits).toHaveLength(1);

    // The shopper's page shows it refunded; the 2 boxes left can still be returned.
    const after = (await t.app.inject(`/api/track/${order.tracking_token}/returns`)).json();
    expect(after.returns[0]).toMatchObject({ status: "refunded" });
    expect(
      after.lines.find((l: { order_item_id: number }) => l.order_item_id === line.id).returnable,
    ).toBe(2);
  });

  it("refuses a closeout, a return after 30 days, more boxes than are left, and opened boxes, with a clear message and nothing kept", async () => {
    const { order, line, closeoutLine } = await shippedOrder();
    const cases: Array<[unknown, number, string]> = [
      [
        {
          lines: [{ order_item_id: closeoutLine.id, quantity: 1 }],
          reason: "Changed my mind",
          unopened: true,
        },
        422,
        "closeouts are final sale and cannot be returned",
      ],
      [
        { lines: [{ order_item_id: line.id, quantity: 5 }], reason: "Too many", unopened: true },
        422,
        "Only 4 boxes",
      ],
      [
        { lines: [{ order_item_id: line.id, quantity: 1 }], reason: "Opened one", unopened: false },
        422,
        "unopened boxes only",
      ],
      [
        { lines: [{ order_item_id: 999999, quantity: 1 }], reason: "Not mine", unopened: true },
        422,
        "not part of this order",
      ],
      [{ lines: [], reason: "Nothing", unopened: true }, 422, "Choose at least one box"],
    ];
    for (const [payload, status, message] of cases) {
      const res = await ask(order.tracking_token, payload);
      expect(res.statusCode, message).toBe(status);
      expect(JSON.stringify(res.json().detail)).toContain(message);
    }
    const late = await shippedOrder(31);
    const tooLate = await ask(late.order.tracking_token, {
      lines: [{ order_item_id: late.line.id, quantity: 1 }],
      reason: "Too late",
      unopened: true,
    });
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json().detail).toContain("within 30 days of shipping");
    const unshipped = await createOrder(db());
    const early = await ask(unshipped.tracking_token, {
      lines: [{ order_item_id: 1, quantity: 1 }],
      reason: "Early",
      unopened: true,
    });
    expect(early.statusCode).toBe(409);
    const kept = await db().select().from(orderReturns).where(eq(orderReturns.order_id, order.id));
    expect(kept).toHaveLength(0);
  });

  it("the 30 days count from delivery when staff recorded it, else from shipping", async () => {
    const lateFreight = await shippedOrder(40);
    await db()
      .update(orders)
      .set({ delivered_at: new Date(Date.now() - 5 * dayMs) })
      .where(eq(orders.id, lateFreight.order.id));
    const inTime = await ask(lateFreight.order.tracking_token, {
      lines: [{ order_item_id: lateFreight.line.id, quantity: 1 }],
      reason: "Arrived a month late, too many",
      unopened: true,
    });
    expect(inTime.statusCode).toBe(201);
    const longAgo = await shippedOrder(33);
    await db()
      .update(orders)
      .set({ delivered_at: new Date(Date.now() - 31 * dayMs) })
      .where(eq(orders.id, longAgo.order.id));
    const tooLate = await ask(longAgo.order.tracking_token, {
      lines: [{ order_item_id: longAgo.line.id, quantity: 1 }],
      reason: "Too late",
      unopened: true,
    });
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json().detail).toContain("within 30 days of delivery");
  });

  it("a declined return refunds nothing and frees its boxes; a declined return cannot be approved", async () => {
    const { order, product, line } = await shippedOrder();
    const asked = await ask(order.tracking_token, {
      lines: [{ order_item_id: line.id, quantity: 4 }],
      reason: "Wrong color",
      unopened: true,
    });
    const stockBefore = await stockOf(product.id);
    const declined = await t.app.inject({
      method: "POST",
      url: `/api/admin/returns/${asked.json().id}/decline`,
      headers: admin,
      payload: { staff_note: "Boxes were opened" },
    });
    expect(declined.json()).toMatchObject({ status: "declined", staff_note: "Boxes were opened" });
    const refused = await settleReturn(t, asked.json().id);
    expect(refused.statusCode).toBe(409);
    expect(await stockOf(product.id)).toBe(stockBefore);
  });

  it("checkout refuses a cart with a closeout until the shopper acknowledges it is final sale", async () => {
    const closeout = await createProduct(db(), { stock_quantity: 5, is_closeout: true });
    const before = await stockOf(closeout.id);
    const refused = await t.app.inject({
      method: "POST",
      url: "/api/payments/process",
      payload: buildPaymentRequest([{ product_id: closeout.id, quantity: 1 }], {
        final_sale_acknowledged: false,
      }),
      remoteAddress: "198.18.1.1",
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().detail).toBe(finalSaleNotAcknowledged);
    expect(await stockOf(closeout.id)).toBe(before);
    const paid = await t.app.inject({
      method: "POST",
      url: "/api/payments/process",
      payload: buildPaymentRequest([{ product_id: closeout.id, quantity: 1 }]),
      remoteAddress: "198.18.1.2",
    });
    expect(paid.statusCode).toBe(200);
    const [item] = await db()
      .select()
      .from(orderItems)
      .where(eq(orderItems.product_id, closeout.id));
    expect(item?.final_sale).toBe(true);
  });
});
