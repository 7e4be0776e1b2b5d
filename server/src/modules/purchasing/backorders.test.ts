import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { callAdmin, settleReturn } from "../../../test/admin-requests.ts";
import { buildPaymentRequest, createProduct, storedLots } from "../../../test/factories.ts";
import { stockKit } from "../../../test/stock-kit.ts";
import { useTestApp } from "../../../test/test-app.ts";
import { onRealPostgres } from "../../../test/test-database.ts";
import { mailOutbox, orderItems, orders } from "../../db/schema/index.ts";

describe("backorders: offered when an open purchase order covers the rest, allocated on receipt", () => {
  const t = useTestApp();
  let address = 0;

  const db = () => t.database.db;
  const { ledger, expectLedgerAddsUp } = stockKit(() => t);
  const expected = "2099-03-16";

  async function purchaseOrder(
    productId: number,
    boxes: number,
    expectedDate: string | null = expected,
  ) {
    const res = await callAdmin(t, "POST", "/api/admin/purchase-orders", {
      vendor: "Secret Vendor Mills",
      expected_date: expectedDate,
      lines: [{ product_id: productId, boxes_ordered: boxes, cost_per_box: 20 }],
    });
    expect(res.statusCode).toBe(201);
    const po = res.json() as { id: number; lines: Array<{ id: number }> };
    return { id: po.id, lineId: po.lines[0]?.id ?? 0 };
  }

  const receive = (po: { id: number; lineId: number }, boxes: number, lotCode?: string) =>
    callAdmin(t, "POST", `/api/admin/purchase-orders/${po.id}/receipts`, {
      lines: [{ line_id: po.lineId, boxes, ...(lotCode ? { lot_code: lotCode } : {}) }],
    });

  const offer = async (productId: number) => {
    const res = await t.app.inject(`/api/products/${productId}/backorder`);
    expect(res.statusCode).toBe(200);
    return res.json() as {
      available: number;
      expected: Array<{ boxes: number; expected_date: string }>;
    };
  };

  const calculate = async (productId: number, quantity: number) => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/cart/calculate",
      payload: {
        cart_items: [{ product_id: productId, quantity }],
        shipping_zip: "35203",
        shipping_state: "AL",
        delivery_method: "pickup",
      },
    });
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  /** A checkout of `quantity` boxes (200 or the refusal); the session id when it opened. */
  async function checkout(productId: number, quantity: number, email?: string) {
    address += 1;
    return t.app.inject({
      method: "POST",
      url: "/api/payments/process",
      payload: buildPaymentRequest(
        [{ product_id: productId, quantity }],
        email ? { customer_email: email } : {},
      ) as object,
      remoteAddress: `198.51.100.${address % 250}`,
    });
  }
  async function paidOrder(productId: number, quantity: number, email?: string) {
    const res = await checkout(productId, quantity, email);
    expect(res.statusCode).toBe(200);
    const sessionId = res.json().id as string;
    const paid = await t.app.inject({
      method: "POST",
      url: `/api/payments/test-sessions/${sessionId}/pay`,
      payload: { card_number: "4242 4242 4242 4242" },
    });
    expect(paid.statusCode).toBe(200);
    const [order] = await db()
      .select()
      .from(orders)
      .where(eq(orders.payment_session_id, sessionId));
    if (!order) throw new Error("no order");
    return order;
  }

  const adminOrder = async (orderId: string) =>
    (await callAdmin(t, "GET", `/api/admin/orders/${orderId}`)).json() as {
      status: string;
      items: Array<{ order_item_id: number; quantity: number; backordered_boxes: number }>;
    };

  async function numbers(productId: number) {
    const res = await callAdmin(t, "GET", `/api/admin/products/${productId}`);
    const { on_hand, allocated, reserved, available } = res.json();
    return { on_hand, allocated, reserved, available };
  }

  const arrivedEmails = (to: string) =>
    db()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, "backorder-arrived"), eq(mailOutbox.to_address, to)));

  it("is offered only while an open purchase order with a date covers the rest; otherwise the store says how many are available", async () => {
    const product = await createProduct(db(), { name: "Backorder Birch", stock_quantity: 3 });
    expect(await offer(product.id)).toEqual({ product_id: product.id, available: 3, expected: [] });
    const short = await calculate(product.id, 5);
    expect(short.items[0].backorder).toBeUndefined();
    expect(short.items[0].short_stock.message).toContain("only 3 boxes");
    expect(short.shipping.estimated_date).toBeNull();
    expect((await checkout(product.id, 5)).statusCode).toBe(409);

    // A purchase order without a date, and a cancelled one, offer nothing.
    await purchaseOrder(product.id, 10, null);
    const cancelled = await purchaseOrder(product.id, 10);
    expect(
      (await callAdmin(t, "POST", `/api/admin/purchase-orders/${cancelled.id}/cancel`)).statusCode,
    ).toBe(200);
    expect((await offer(product.id)).expected).toEqual([]);

    await purchaseOrder(product.id, 4);
    const offered = await offer(product.id);
    expect(offered.expected).toEqual([{ boxes: 4, expected_date: expected }]);
    expect(JSON.stringify(offered)).not.toContain("Secret Vendor");

    const cart = await calculate(product.id, 5);
    expect(cart.items[0].short_stock).toBeUndefined();
    expect(cart.items[0].backorder).toEqual({
      available_now: 3,
      backordered: 2,
      expected_date: expected,
      message:
        "Backorder: 3 boxes available now, 2 more expected Mon, Mar 16, 2099. The order ships when they arrive.",
    });
    // The order is ready when the rest arrives (plus the handling time), never before.
    expect(cart.shipping.estimated_date > expected).toBe(true);
    expect(JSON.stringify(cart)).not.toContain("Secret Vendor");

    // More than the purchase order covers: today's answer, how many are available now.
    const tooMany = await calculate(product.id, 8);
    expect(tooMany.items[0].backorder).toBeUndefined();
    expect(tooMany.items[0].short_stock.available).toBe(3);
    const refused = await checkout(product.id, 8);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toContain("only 3 boxes");
    expect(await numbers(product.id)).toEqual({
      on_hand: 3,
      allocated: 0,
      reserved: 0,
      available: 3,
    });
  });

  it("checkout records the backordered boxes; payment allocates what is available; later shoppers are offered only what is not promised", async () => {
    const product = await createProduct(db(), { name: "Promise Pine", stock_quantity: 3 });
    await purchaseOrder(product.id, 6);
    const order = await paidOrder(product.id, 5, "promise@example.com");
    const view = await adminOrder(order.id);
    expect(view.items[0]).toMatchObject({ quantity: 5, backordered_boxes: 2 });
    expect(await numbers(product.id)).toEqual({
      on_hand: 3,
      allocated: 3,
      reserved: 0,
      available: 0,
    });
    expect(order.delivery_estimated_date && order.delivery_estimated_date > expected).toBe(true);
    const rows = await ledger(product.id);
    expect(rows[0]).toMatchObject({
      reason: "allocated",
      allocated_change: 3,
      reference: `Order ${order.friendly_order_id} (2 boxes backordered)`,
    });
    expect(rows[1]).toMatchObject({ reason: "reserved", reserved_change: 3 });
    expect(rows[1]?.reference).toContain("2 boxes backordered");
    await expectLedgerAddsUp(product.id);

    // Two of the six are promised: four are left to offer.
    expect((await offer(product.id)).expected).toEqual([{ boxes: 4, expected_date: expected }]);
    expect((await checkout(product.id, 5)).statusCode).toBe(409);

    // It cannot ship before the rest arrives.
    const shipped = await callAdmin(t, "PATCH", `/api/admin/orders/${order.id}/status`, {
      status: "shipped",
    });
    expect(shipped.statusCode).toBe(409);
    expect(shipped.json().detail).toContain("waits for 2 backordered boxes");
  });

  it("a partial receipt allocates to the oldest backorder first, names the lot, emails each customer once; the rest goes on the next receipt", async () => {
    const product = await createProduct(db(), { name: "Queue Cedar", stock_quantity: 0 });
    const po = await purchaseOrder(product.id, 10);
    const older = await paidOrder(product.id, 2, "older@example.com");
    const newer = await paidOrder(product.id, 3, "newer@example.com");
    expect(await numbers(product.id)).toMatchObject({ on_hand: 0, allocated: 0 });

    const first = await receive(po, 3, "QC-1");
    expect(first.statusCode).toBe(200);
    expect((await adminOrder(older.id)).items[0]?.backordered_boxes).toBe(0);
    expect((await adminOrder(newer.id)).items[0]?.backordered_boxes).toBe(2);
    expect(await numbers(product.id)).toEqual({
      on_hand: 3,
      allocated: 3,
      reserved: 0,
      available: 0,
    });
    expect(await storedLots(db(), product.id)).toEqual({ "QC-1": 0 });
    const rows = await ledger(product.id);
    const allocatedRows = rows.filter((row) => row.reason === "allocated");
    expect(allocatedRows.map((row) => [row.order_id, row.allocated_change, row.lot_code])).toEqual([
      [newer.id, 1, "QC-1"],
      [older.id, 2, "QC-1"],
    ]);
    expect(allocatedRows[1]?.reference).toBe(
      `Order ${older.friendly_order_id}: backordered boxes arrived (Purchase order PO-${po.id})`,
    );
    expect(await arrivedEmails("older@example.com")).toHaveLength(1);
    const [newerMail] = await arrivedEmails("newer@example.com");
    expect(newerMail?.subject).toBe(
      `Your backordered boxes arrived: order ${newer.friendly_order_id}`,
    );
    expect(newerMail?.text).toContain("1 box arrived, 2 still to come");
    await expectLedgerAddsUp(product.id);

    // The next receipt completes the newer order; the boxes beyond go on the shelf.
    expect((await receive(po, 7, "QC-2")).statusCode).toBe(200);
    expect((await adminOrder(newer.id)).items[0]?.backordered_boxes).toBe(0);
    expect(await numbers(product.id)).toEqual({
      on_hand: 10,
      allocated: 5,
      reserved: 0,
      available: 5,
    });
    expect(await arrivedEmails("newer@example.com")).toHaveLength(2);
    expect(await arrivedEmails("older@example.com")).toHaveLength(1);
    await expectLedgerAddsUp(product.id);

    // Complete now: it ships, its boxes leave on hand.
    const shipped = await callAdmin(t, "PATCH", `/api/admin/orders/${newer.id}/status`, {
      status: "shipped",
    });
    expect(shipped.statusCode).toBe(200);
    expect(await numbers(product.id)).toMatchObject({ on_hand: 7, allocated: 2 });
    await expectLedgerAddsUp(product.id);

    // Receiving more than was ordered stays refused, and changes nothing.
    const other = await purchaseOrder(product.id, 2);
    const tooMany = await receive(other, 3);
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().detail).toContain("only 2 are still to come");
    expect(await numbers(product.id)).toMatchObject({ on_hand: 7, allocated: 2 });
  });

  it("cancelling a backordered order or line releases its claim: the receipt skips it and on hand never moves", async () => {
    const product = await createProduct(db(), { name: "Release Rosewood", stock_quantity: 1 });
    const po = await purchaseOrder(product.id, 4);
    const cancelled = await paidOrder(product.id, 3, "cancel-all@example.com");
    expect((await offer(product.id)).expected).toEqual([{ boxes: 2, expected_date: expected }]);
    const res = await callAdmin(t, "PATCH", `/api/admin/orders/${cancelled.id}/status`, {
      status: "cancelled",
    });
    expect(res.statusCode).toBe(200);
    expect(await numbers(product.id)).toEqual({
      on_hand: 1,
      allocated: 0,
      reserved: 0,
      available: 1,
    });
    expect((await offer(product.id)).expected).toEqual([{ boxes: 4, expected_date: expected }]);

    // A line cancel takes the backordered boxes first: no stock moves for them.
    const partly = await paidOrder(product.id, 4, "cancel-line@example.com");
    const line = (await adminOrder(partly.id)).items[0];
    expect(line?.backordered_boxes).toBe(3);
    const cancel = await callAdmin(t, "POST", `/api/admin/orders/${partly.id}/cancel-lines`, {
      lines: [{ order_item_id: line?.order_item_id, boxes: 2 }],
      reason: "Customer needs fewer",
    });
    expect(cancel.statusCode).toBe(200);
    expect((await adminOrder(partly.id)).items[0]?.backordered_boxes).toBe(1);
    expect(await numbers(product.id)).toMatchObject({ on_hand: 1, allocated: 1 });
    expect((await offer(product.id)).expected).toEqual([{ boxes: 3, expected_date: expected }]);

    expect((await receive(po, 4)).statusCode).toBe(200);
    expect((await adminOrder(partly.id)).items[0]?.backordered_boxes).toBe(0);
    expect(await arrivedEmails("cancel-all@example.com")).toHaveLength(0);
    expect(await numbers(product.id)).toEqual({
      on_hand: 5,
      allocated: 2,
      reserved: 0,
      available: 3,
    });
    await expectLedgerAddsUp(product.id);
  });

  it("reservation and return rows name their dye lot", async () => {
    const product = await createProduct(db(), { name: "Lot Larch", stock_quantity: 0 });
    const po = await purchaseOrder(product.id, 6);
    expect((await receive(po, 6, "LL-7")).statusCode).toBe(200);
    const order = await paidOrder(product.id, 2);
    const rows = await ledger(product.id);
    expect(rows.find((row) => row.reason === "reserved")).toMatchObject({ lot_code: "LL-7" });
    expect(rows.find((row) => row.reason === "allocated")).toMatchObject({ lot_code: "LL-7" });
    const shipped = await callAdmin(t, "PATCH", `/api/admin/orders/${order.id}/status`, {
      status: "shipped",
    });
    expect(shipped.statusCode).toBe(200);
    const [item] = (await adminOrder(order.id)).items;
    const asked = await t.app.inject({
      method: "POST",
      url: `/api/track/${order.tracking_token}/returns`,
      payload: {
        lines: [{ order_item_id: item?.order_item_id, quantity: 1 }],
        reason: "Ordered too much",
        unopened: true,
      },
      remoteAddress: "198.18.9.2",
    });
    expect(asked.statusCode).toBe(201);
    expect((await settleReturn(t, asked.json().id)).statusCode).toBe(200);
    const [restocked] = await ledger(product.id);
    expect(restocked).toMatchObject({ reason: "return_restocked", boxes: 1, lot_code: "LL-7" });
    expect(await storedLots(db(), product.id)).toEqual({ "LL-7": 5 });
    await expectLedgerAddsUp(product.id);
  });

  it.runIf(onRealPostgres)(
    "two receipts at once and repeated requests allocate each backordered box exactly once (PostgreSQL)",
    async () => {
      const product = await createProduct(db(), { name: "Race Redwood", stock_quantity: 0 });
      const first = await purchaseOrder(product.id, 4);
      const second = await purchaseOrder(product.id, 4);
      const waiting = [];
      for (const n of [1, 2, 3])
        waiting.push(await paidOrder(product.id, 2, `race${n}@example.com`));
      const results = await Promise.all([
        receive(first, 4, "RR-A"),
        receive(second, 4, "RR-B"),
        receive(first, 4, "RR-A"),
        receive(second, 4, "RR-B"),
      ]);
      expect(results.map((res) => res.statusCode).sort()).toEqual([200, 200, 409, 409]);
      const lines = await db()
        .select()
        .from(orderItems)
        .where(eq(orderItems.product_id, product.id));
      expect(lines.map((line) => line.backordered_boxes)).toEqual([0, 0, 0]);
      expect(await numbers(product.id)).toEqual({
        on_hand: 8,
        allocated: 6,
        reserved: 0,
        available: 2,
      });
      const allocated = (await ledger(product.id)).filter((row) => row.reason === "allocated");
      expect(allocated.reduce((sum, row) => sum + row.allocated_change, 0)).toBe(6);
      for (const n of [1, 2, 3]) {
        const mails = await arrivedEmails(`race${n}@example.com`);
        expect(mails.length).toBeGreaterThanOrEqual(1);
        expect(mails.length).toBeLessThanOrEqual(2);
      }
      await expectLedgerAddsUp(product.id);
    },
  );
});
