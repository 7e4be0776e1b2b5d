import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { callAdmin } from "../../../test/admin-requests.ts";
import { createProduct, storedLots } from "../../../test/factories.ts";
import { stockKit } from "../../../test/stock-kit.ts";
import { useTestApp } from "../../../test/test-app.ts";
import { onRealPostgres } from "../../../test/test-database.ts";
import { mailOutbox, orderItems } from "../../db/schema/index.ts";

describe("part shipments of an order waiting for backordered boxes", () => {
  const t = useTestApp();
  const { numbers, ledger, expectLedgerAddsUp, checkout, pay, orderOf } = stockKit(() => t);

  /** A paid order of 5 boxes of a product with 3 on the shelf: 2 backordered on a purchase order of 6. */
  async function backorderedOrder(name: string) {
    const product = await createProduct(t.database.db, { name, stock_quantity: 3 });
    const created = await callAdmin(t, "POST", "/api/admin/purchase-orders", {
      vendor: "Mill Supply",
      expected_date: "2099-03-16",
      lines: [{ product_id: product.id, boxes_ordered: 6, cost_per_box: 20 }],
    });
    expect(created.statusCode).toBe(201);
    const po = created.json() as { id: number; lines: Array<{ id: number }> };
    const session = await checkout(product.id, 5);
    await pay(session);
    const order = await orderOf(session);
    const [line] = await t.database.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.order_id, order.id));
    if (!line) throw new Error("no line");
    expect(line.backordered_boxes).toBe(2);
    const receive = (boxes: number) =>
      callAdmin(t, "POST", `/api/admin/purchase-orders/${po.id}/receipts`, {
        lines: [{ line_id: po.lines[0]?.id, boxes }],
      });
    return { product, order, lineId: line.id, receive };
  }

  const ship = (orderId: string, lineId: number, boxes: number, tracking = "1ZPART") =>
    callAdmin(t, "POST", `/api/admin/orders/${orderId}/shipments`, {
      lines: [{ order_item_id: lineId, boxes }],
      carrier: "UPS",
      tracking_number: tracking,
    });
  const adminOrder = async (orderId: string) =>
    (await callAdmin(t, "GET", `/api/admin/orders/${orderId}`)).json();
  const shippedRows = async (productId: number, orderId: string) =>
    (await ledger(productId)).filter((row) => row.reason === "shipped" && row.order_id === orderId);

  it("ships the boxes it holds now, refuses more and the whole order while boxes wait, and ships the rest after the receipt", async () => {
    const { product, order, lineId, receive } = await backorderedOrder("Part Pine");
    const view = await adminOrder(order.id);
    expect(view.boxes_to_ship).toEqual({ [lineId]: 5 });
    expect(view.boxes_ready_to_ship).toEqual({ [lineId]: 3 });

    // More than the order holds: refused, nothing moves.
    const before = await numbers(product.id);
    const ledgerBefore = await ledger(product.id);
    const tooMany = await ship(order.id, lineId, 4);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().detail).toBe(
      'Only 3 boxes of "Part Pine" can ship now, not 4: 2 wait for the purchase order (receive it first, or cancel them).',
    );
    // The whole order (status select or the shipping form's mark shipped) still waits.
    const whole = await callAdmin(t, "PATCH", `/api/admin/orders/${order.id}/status`, {
      status: "shipped",
    });
    expect(whole.statusCode).toBe(409);
    expect(whole.json().detail).toBe(
      "This order waits for 2 backordered boxes: it ships when they arrive (receive the purchase order first), or cancel them.",
    );
    const form = await callAdmin(t, "POST", `/api/admin/orders/${order.id}/shipping`, {
      shipping_carrier: "UPS",
      tracking_number: "1ZWHOLE",
      mark_shipped: true,
    });
    expect(form.statusCode).toBe(409);
    expect(form.json().detail).toContain("waits for 2 backordered boxes");
    expect(await numbers(product.id)).toEqual(before);
    expect(await ledger(product.id)).toEqual(ledgerBefore);
    expect((await adminOrder(order.id)).shipments).toEqual([]);

    // The 3 held boxes leave: off on hand and allocated once, the 2 stay promised.
    const part = await ship(order.id, lineId, 3, "1ZFIRST");
    expect(part.statusCode).toBe(201);
    expect(part.json().order).toMatchObject({
      status: "processing",
      fulfillment_label: "Partly shipped",
      boxes_to_ship: { [lineId]: 2 },
      boxes_ready_to_ship: {},
    });
    expect(await numbers(product.id)).toEqual({
      on_hand: 0,
      allocated: 0,
      reserved: 0,
      available: 0,
    });
    const [firstRow] = await shippedRows(product.id, order.id);
    expect(firstRow).toMatchObject({
      boxes: -3,
      allocated_change: -3,
      reference: `Order ${order.friendly_order_id} (2 boxes backordered)`,
    });
    const offer = (await t.app.inject(`/api/products/${product.id}/backorder`)).json();
    expect(offer.expected).toEqual([{ boxes: 4, expected_date: "2099-03-16" }]);
    const nothingHeld = await ship(order.id, lineId, 1);
    expect(nothingHeld.statusCode).toBe(409);
    expect(nothingHeld.json().detail).toContain('Only 0 boxes of "Part Pine" can ship now');

    // The receipt allocates the 2; they ship as the last part and the order is shipped.
    expect((await receive(6)).statusCode).toBe(200);
    expect(await numbers(product.id)).toEqual({
      on_hand: 6,
      allocated: 2,
      reserved: 0,
      available: 4,
    });
    const last = await ship(order.id, lineId, 2, "1ZLAST");
    expect(last.statusCode).toBe(201);
    expect(last.json().order).toMatchObject({
      status: "shipped",
      fulfillment_label: null,
      boxes_to_ship: {},
      tracking_number: "1ZLAST",
    });
    expect(await numbers(product.id)).toEqual({
      on_hand: 4,
      allocated: 0,
      reserved: 0,
      available: 4,
    });
    const rows = await shippedRows(product.id, order.id);
    expect(rows.map((row) => row.boxes)).toEqual([-2, -3]);
    await expectLedgerAddsUp(product.id);
    const subjects = (
      await t.database.db
        .select()
        .from(mailOutbox)
        .where(
          and(
            eq(mailOutbox.to_address, order.customer_email),
            eq(mailOutbox.kind, "order-shipped"),
          ),
        )
    ).map((mail) => mail.subject);
    expect(subjects).toEqual([
      `Part of your order ${order.friendly_order_id} has shipped`,
      `The rest of your order ${order.friendly_order_id} has shipped`,
    ]);
  });

  it("cancelling the backordered rest after a part shipment refunds those boxes, releases their claim and leaves the order shipped", async () => {
    const { product, order, lineId, receive } = await backorderedOrder("Cancel Cherry");
    expect((await ship(order.id, lineId, 3)).statusCode).toBe(201);
    const preview = await callAdmin(t, "POST", `/api/admin/orders/${order.id}/cancel-lines`, {
      lines: [{ order_item_id: lineId, boxes: 2 }],
      reason: "Customer will not wait",
      preview: true,
    });
    expect(preview.statusCode).toBe(200);
    const quote = preview.json();
    expect(quote.cancels_order).toBe(false);

    const cancel = await callAdmin(t, "POST", `/api/admin/orders/${order.id}/cancel-lines`, {
      lines: [{ order_item_id: lineId, boxes: 2 }],
      reason: "Customer will not wait",
    });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json().refund).toBe(quote.refund);
    const view = await adminOrder(order.id);
    // Two of five boxes back, their share of the tax with them; the delivery is not refunded
    // since the other three travelled.
    const [line] = view.items;
    expect(view.tax_amount).toBeGreaterThan(0);
    expect(Math.abs(quote.refund - ((line.total_price + view.tax_amount) * 2) / 5)).toBeLessThan(
      0.015,
    );
    expect(view.refunded).toBe(quote.refund);
    expect(view.net).toBeCloseTo(view.paid - quote.refund, 2);
    expect(view.items[0]).toMatchObject({ cancelled_quantity: 2, backordered_boxes: 0 });
    expect(view).toMatchObject({ status: "shipped", fulfillment_label: null, boxes_to_ship: {} });

    // No stock moved for the cancelled boxes: the claim on the purchase order is released.
    expect(await numbers(product.id)).toEqual({
      on_hand: 0,
      allocated: 0,
      reserved: 0,
      available: 0,
    });
    const offer = (await t.app.inject(`/api/products/${product.id}/backorder`)).json();
    expect(offer.expected).toEqual([{ boxes: 6, expected_date: "2099-03-16" }]);
    expect((await receive(6)).statusCode).toBe(200);
    expect(await numbers(product.id)).toEqual({
      on_hand: 6,
      allocated: 0,
      reserved: 0,
      available: 6,
    });
    expect((await shippedRows(product.id, order.id)).map((row) => row.boxes)).toEqual([-3]);
    await expectLedgerAddsUp(product.id);
  });

  it("cancelling a partly shipped backordered order gives back only the held boxes still here, to their dye lot", async () => {
    const product = await createProduct(t.database.db, { name: "Lot Linden", stock_quantity: 0 });
    const purchase = async (boxes: number) => {
      const res = await callAdmin(t, "POST", "/api/admin/purchase-orders", {
        vendor: "Mill Supply",
        expected_date: "2099-03-16",
        lines: [{ product_id: product.id, boxes_ordered: boxes, cost_per_box: 20 }],
      });
      return res.json() as { id: number; lines: Array<{ id: number }> };
    };
    const here = await purchase(3);
    const received = await callAdmin(t, "POST", `/api/admin/purchase-orders/${here.id}/receipts`, {
      lines: [{ line_id: here.lines[0]?.id, boxes: 3, lot_code: "LL-1" }],
    });
    expect(received.statusCode).toBe(200);
    await purchase(6);
    const session = await checkout(product.id, 5);
    await pay(session);
    const order = await orderOf(session);
    const [line] = (await adminOrder(order.id)).items;
    expect(line.backordered_boxes).toBe(2);
    expect((await ship(order.id, line.order_item_id, 2)).statusCode).toBe(201);

    const cancelled = await callAdmin(t, "PATCH", `/api/admin/orders/${order.id}/status`, {
      status: "cancelled",
    });
    expect(cancelled.statusCode).toBe(200);
    expect(await numbers(product.id)).toEqual({
      on_hand: 1,
      allocated: 0,
      reserved: 0,
      available: 1,
    });
    expect(await storedLots(t.database.db, product.id)).toEqual({ "LL-1": 1 });
    await expectLedgerAddsUp(product.id);
  });

  it.runIf(onRealPostgres)(
    "two staff shipping the same held boxes at once ship them once (PostgreSQL)",
    async () => {
      const { product, order, lineId } = await backorderedOrder("Race Rowan");
      const answers = await Promise.all([
        ship(order.id, lineId, 3, "1ZA"),
        ship(order.id, lineId, 3, "1ZB"),
      ]);
      expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409]);
      expect(answers.find((res) => res.statusCode === 409)?.json().detail).toContain(
        'Only 0 boxes of "Race Rowan" can ship now, not 3',
      );
      expect(await numbers(product.id)).toEqual({
        on_hand: 0,
        allocated: 0,
        reserved: 0,
        available: 0,
      });
      expect((await shippedRows(product.id, order.id)).map((row) => row.boxes)).toEqual([-3]);
      expect((await adminOrder(order.id)).shipments).toHaveLength(1);
      await expectLedgerAddsUp(product.id);
    },
  );
});
