import { lotWarning } from "@mcf/contracts/lots";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callAdmin } from "../../../test/admin-requests.ts";
import {
  buildPaymentRequest,
  createOrder,
  createProduct,
  storedLots,
  storedStock,
} from "../../../test/factories.ts";
import { createStaffSession } from "../../../test/staff-factories.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import { onRealPostgres } from "../../../test/test-database.ts";
import { auditLog, orderItems, orders } from "../../db/schema/index.ts";

describe("staff choose an order line's dye lot by hand", () => {
  let t: TestApp;
  let shopper = 0;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  const process = async (productId: number, quantity: number) => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/payments/process",
      payload: buildPaymentRequest([{ product_id: productId, quantity }]) as object,
      headers: { "x-forwarded-for": `10.11.${Math.floor(++shopper / 250)}.${shopper % 250}` },
    });
    expect(res.statusCode).toBe(200);
    return String(res.json().id);
  };
  const pay = (sessionId: string) =>
    t.app.inject({
      method: "POST",
      url: `/api/payments/test-sessions/${sessionId}/pay`,
      payload: { card_number: "4242 4242 4242 4242" },
    });
  /** A paid order of `quantity` boxes: its id and its one line's id. */
  async function paidOrder(productId: number, quantity: number) {
    const sessionId = await process(productId, quantity);
    await pay(sessionId);
    const [order] = await db()
      .select()
      .from(orders)
      .where(eq(orders.payment_session_id, sessionId));
    if (!order) throw new Error("no order");
    const [item] = await db().select().from(orderItems).where(eq(orderItems.order_id, order.id));
    if (!item) throw new Error("no line");
    return { orderId: order.id, itemId: item.id };
  }
  const adminOrder = async (orderId: string) =>
    (await callAdmin(t, "GET", `/api/admin/orders/${orderId}`)).json();
  const moveLine = (orderId: string, itemId: number, lotId: number) =>
    callAdmin(t, "PUT", `/api/admin/orders/${orderId}/items/${itemId}/lot`, { lot_id: lotId });
  const stockOf = (id: number) => storedStock(db(), id);
  const lotsOf = (productId: number) => storedLots(db(), productId);
  const lotAudits = (orderId: string) =>
    db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "order.lot"), eq(auditLog.entity_id, orderId)));
  /** Staff save the product's lots through the editor's API; `ids` keeps lots already recorded. */
  async function recordLots<Code extends string>(
    productId: number,
    lots: Record<Code, number>,
    ids: Partial<Record<string, number>> = {},
  ): Promise<Record<Code, number>> {
    const saved = await callAdmin(t, "PUT", `/api/admin/products/${productId}/lots`, {
      lots: Object.entries<number>(lots).map(([lot_code, boxes]) => ({
        id: ids[lot_code],
        lot_code,
        boxes,
      })),
    });
    expect(saved.statusCode).toBe(200);
    return Object.fromEntries(
      (saved.json().lots as Array<{ id: number; lot_code: string }>).map((lot) => [
        lot.lot_code,
        lot.id,
      ]),
    ) as Record<Code, number>;
  }
  async function productWithLots<Code extends string>(
    stock: number,
    lots: Record<Code, number>,
    name = "Hand Oak",
  ) {
    const product = await createProduct(db(), { name, stock_quantity: stock, our_price: 4 });
    return { product, ids: await recordLots(product.id, lots) };
  }

  it("a line spread over lots moves whole to a new lot with enough boxes: the old lots get their boxes back, the stock count and prices stay, the warning goes", async () => {
    const { product, ids: first } = await productWithLots(16, { A: 5, B: 8 });
    const { orderId, itemId } = await paidOrder(product.id, 12);
    const spread = await adminOrder(orderId);
    expect(spread.items[0]).toMatchObject({
      order_item_id: itemId,
      lot_code: "B (8), A (1)",
      lot_warning: lotWarning,
    });
    expect(spread.lot_change_refusal).toBeNull();
    // A new lot of 14 arrives: staff count the boxes in the building (16 + 14; the order's 12
    // stay its own, so 18 are available), then record the lot.
    await callAdmin(t, "PATCH", `/api/admin/products/${product.id}`, { stock_quantity: 30 });
    const ids = await recordLots(product.id, { A: 4, B: 0, C: 14 }, first);
    expect(await lotsOf(product.id)).toEqual({ A: 4, B: 0, C: 14 });

    const choices = await callAdmin(t, "GET", `/api/admin/orders/${orderId}/items/${itemId}/lots`);
    expect(choices.statusCode).toBe(200);
    expect(choices.json()).toEqual({
      order_item_id: itemId,
      product_id: product.id,
      quantity: 12,
      lots: [
        { lot_id: ids.A, lot_code: "A", boxes_left: 4, covers_line: false, current: false },
        { lot_id: ids.B, lot_code: "B", boxes_left: 0, covers_line: false, current: false },
        { lot_id: ids.C, lot_code: "C", boxes_left: 14, covers_line: true, current: false },
      ],
    });

    const staff = await createStaffSession(t.app, { role: "staff" });
    const moved = await t.app.inject({
      method: "PUT",
      url: `/api/admin/orders/${orderId}/items/${itemId}/lot`,
      headers: { cookie: staff.cookie },
      payload: { lot_id: ids.C },
    });
    expect(moved.statusCode).toBe(200);
    const after = moved.json().order;
    expect(after.items[0]).toMatchObject({ lot_id: ids.C, lot_code: "C", lot_warning: null });
    // Prices and amounts are as they were.
    const money = (order: typeof spread) => ({
      subtotal: order.subtotal,
      total_amount: order.total_amount,
      unit_price: order.items[0].unit_price,
      total_price: order.items[0].total_price,
    });
    expect(money(after)).toEqual(money(spread));
    expect(await lotsOf(product.id)).toEqual({ A: 5, B: 8, C: 2 });
    expect(await stockOf(product.id)).toBe(18);
    const [line] = await db().select().from(orderItems).where(eq(orderItems.id, itemId));
    expect(line?.lot_short).toBe(false);
    const [entry] = await lotAudits(orderId);
    expect(entry).toMatchObject({
      actor: staff.email,
      before: {
        order_item_id: itemId,
        lots: [
          { lot_code: "B", boxes: 8 },
          { lot_code: "A", boxes: 1 },
        ],
        lot_short: true,
      },
      after: { order_item_id: itemId, lot_code: "C", lots: [{ lot_code: "C", boxes: 12 }] },
    });

    // Asking again for the lot the line comes from changes nothing and records nothing.
    expect((await moveLine(orderId, itemId, ids.C)).statusCode).toBe(200);
    expect(await lotsOf(product.id)).toEqual({ A: 5, B: 8, C: 2 });
    expect(await lotAudits(orderId)).toHaveLength(1);

    // A cancel gives the boxes back to the lot the line now comes from, once.
    await callAdmin(t, "PATCH", `/api/admin/orders/${orderId}/status`, { status: "cancelled" });
    expect(await lotsOf(product.id)).toEqual({ A: 5, B: 8, C: 14 });
    expect(await stockOf(product.id)).toBe(30);
  });

  it("a line sold before its product had lots is offered the lots recorded since, and takes its boxes from the one chosen", async () => {
    const product = await createProduct(db(), {
      name: "Early Oak",
      stock_quantity: 20,
      our_price: 4,
    });
    const { orderId, itemId } = await paidOrder(product.id, 6);
    expect((await adminOrder(orderId)).items[0]).toMatchObject({
      lot_code: null,
      lot_warning: null,
      product_has_lots: false,
    });
    // The shipment's lots are recorded after the sale: 14 boxes left unsold.
    const ids = await recordLots(product.id, { D: 9, E: 5 });
    const before = (await adminOrder(orderId)).items[0];
    expect(before).toMatchObject({ lot_code: null, lot_warning: null, product_has_lots: true });
    // The list with lines says the same.
    const listed = await callAdmin(t, "GET", "/api/admin/orders?include_items=true");
    const line = listed
      .json()
      .orders.flatMap((order: { items: Array<{ order_item_id: number }> }) => order.items)
      .find((item: { order_item_id: number }) => item.order_item_id === itemId);
    expect(line).toMatchObject({ product_has_lots: true, lot_code: null });

    expect((await moveLine(orderId, itemId, ids.D)).statusCode).toBe(200);
    expect((await adminOrder(orderId)).items[0]).toMatchObject({ lot_id: ids.D, lot_code: "D" });
    expect(await lotsOf(product.id)).toEqual({ D: 3, E: 5 });
    expect(await stockOf(product.id)).toBe(14);
  });

  it("a lot too small for the line is refused with 409 and nothing changes; the boxes the line holds in a lot count toward it", async () => {
    const { product, ids } = await productWithLots(30, { A: 6, B: 3, C: 14 });
    const { orderId, itemId } = await paidOrder(product.id, 5);
    expect(await lotsOf(product.id)).toEqual({ A: 1, B: 3, C: 14 });

    const small = await moveLine(orderId, itemId, ids.B);
    expect(small.statusCode).toBe(409);
    expect(small.json()).toEqual({
      detail: "Lot B has only 3 boxes for this line, which needs 5. Choose another lot.",
    });
    expect(await lotsOf(product.id)).toEqual({ A: 1, B: 3, C: 14 });
    expect((await adminOrder(orderId)).items[0]).toMatchObject({ lot_code: "A" });
    expect(await lotAudits(orderId)).toEqual([]);

    expect((await moveLine(orderId, itemId, ids.C)).statusCode).toBe(200);
    expect(await lotsOf(product.id)).toEqual({ A: 6, B: 3, C: 9 });
    // Back to A: it holds 6 again once the line left it.
    const choices = (
      await callAdmin(t, "GET", `/api/admin/orders/${orderId}/items/${itemId}/lots`)
    ).json();
    expect(
      choices.lots.map((lot: { lot_code: string; covers_line: boolean; current: boolean }) => [
        lot.lot_code,
        lot.covers_line,
        lot.current,
      ]),
    ).toEqual([
      ["A", true, false],
      ["B", false, false],
      ["C", true, true],
    ]);
    expect((await moveLine(orderId, itemId, ids.A)).statusCode).toBe(200);
    expect(await lotsOf(product.id)).toEqual({ A: 1, B: 3, C: 14 });
    expect(await stockOf(product.id)).toBe(25);
  });

  it("a lot of another product, a lot that is gone and a line of another order are refused", async () => {
    const { product, ids } = await productWithLots(20, { A: 10 });
    const other = await productWithLots(20, { Z: 20 }, "Other Hand Oak");
    const { orderId, itemId } = await paidOrder(product.id, 4);
    const elsewhere = await paidOrder(other.product.id, 2);

    const wrong = await moveLine(orderId, itemId, other.ids.Z);
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().detail).toBe('Lot Z is a lot of another product, not of "Hand Oak".');
    const gone = await moveLine(orderId, itemId, 2_000_000_000);
    expect(gone.statusCode).toBe(409);
    expect(gone.json().detail).toBe(
      "That dye lot no longer exists: reload the order and choose another.",
    );
    const foreignLine = await moveLine(orderId, elsewhere.itemId, ids.A);
    expect(foreignLine.statusCode).toBe(404);
    expect((await moveLine("not-an-order", itemId, ids.A)).statusCode).toBe(404);
    expect((await moveLine(orderId, itemId, -1)).statusCode).toBe(422);
    expect(await lotsOf(product.id)).toEqual({ A: 6 });
    expect(await lotsOf(other.product.id)).toEqual({ Z: 18 });
    expect(await lotAudits(orderId)).toEqual([]);
  });

  it("a sample line has no lot to choose", async () => {
    const { product, ids } = await productWithLots(20, { A: 10 });
    const order = await createOrder(db(), { lines: [{ product, quantity: 1, kind: "sample" }] });
    const [sample] = await db().select().from(orderItems).where(eq(orderItems.order_id, order.id));
    const res = await moveLine(order.id, sample?.id ?? 0, ids.A);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(
      "Samples are cut from showroom stock: they come from no dye lot.",
    );
  });

  it("a shipped order (even re-opened) and a cancelled one keep their lots: the move is refused and the order says why", async () => {
    const { product, ids } = await productWithLots(30, { A: 10, B: 10 });
    const shipped = await paidOrder(product.id, 3);
    const cancelled = await paidOrder(product.id, 3);
    expect(await lotsOf(product.id)).toEqual({ A: 4, B: 10 });
    await callAdmin(t, "PATCH", `/api/admin/orders/${shipped.orderId}/status`, {
      status: "shipped",
    });
    await callAdmin(t, "PATCH", `/api/admin/orders/${cancelled.orderId}/status`, {
      status: "cancelled",
    });
    const shippedMessage =
      "This order has shipped: its boxes left the warehouse, so their dye lot can no longer change.";
    const cancelledMessage =
      "This order no longer holds its boxes (it was cancelled or its payment expired), so there is no dye lot to change.";
    const refusedShipped = await moveLine(shipped.orderId, shipped.itemId, ids.B);
    expect(refusedShipped.statusCode).toBe(409);
    expect(refusedShipped.json().detail).toBe(shippedMessage);
    expect((await adminOrder(shipped.orderId)).lot_change_refusal).toBe(shippedMessage);
    const refusedCancelled = await moveLine(cancelled.orderId, cancelled.itemId, ids.B);
    expect(refusedCancelled.statusCode).toBe(409);
    expect(refusedCancelled.json().detail).toBe(cancelledMessage);
    expect((await adminOrder(cancelled.orderId)).lot_change_refusal).toBe(cancelledMessage);
    // Re-opened after shipping: the boxes still left the warehouse.
    await callAdmin(t, "PATCH", `/api/admin/orders/${shipped.orderId}/status`, {
      status: "processing",
    });
    const reopened = await moveLine(shipped.orderId, shipped.itemId, ids.B);
    expect(reopened.statusCode).toBe(409);
    expect(reopened.json().detail).toBe(shippedMessage);
    expect(await lotsOf(product.id)).toEqual({ A: 7, B: 10 });
    expect(await lotAudits(shipped.orderId)).toEqual([]);
  });

  it("only the roles that run orders may choose a lot: catalogue gets 403, no sign-in 401", async () => {
    const { product, ids } = await productWithLots(20, { A: 10, B: 10 });
    const { orderId, itemId } = await paidOrder(product.id, 2);
    const url = `/api/admin/orders/${orderId}/items/${itemId}/lot`;
    const catalogue = await createStaffSession(t.app, { role: "catalogue" });
    const asCatalogue = await t.app.inject({
      method: "PUT",
      url,
      headers: { cookie: catalogue.cookie },
      payload: { lot_id: ids.B },
    });
    expect(asCatalogue.statusCode).toBe(403);
    const readAsCatalogue = await t.app.inject({
      url: `/api/admin/orders/${orderId}/items/${itemId}/lots`,
      headers: { cookie: catalogue.cookie },
    });
    expect(readAsCatalogue.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: "PUT", url, payload: { lot_id: ids.B } });
    expect(anonymous.statusCode).toBe(401);
    expect(await lotsOf(product.id)).toEqual({ A: 8, B: 10 });
  });

  it.runIf(onRealPostgres)(
    "lines moved to one lot at once never take more boxes than it holds (PostgreSQL)",
    async () => {
      // Six orders of 3 boxes, sold before the product had lots; then a lot of 7 arrives.
      const product = await createProduct(db(), {
        name: "Race Oak",
        stock_quantity: 30,
        our_price: 4,
      });
      const lines = [];
      for (let i = 0; i < 6; i++) lines.push(await paidOrder(product.id, 3));
      const { C } = await recordLots(product.id, { C: 7 });
      const results = await Promise.all(
        lines.map((line) => moveLine(line.orderId, line.itemId, C)),
      );
      const moved = results.filter((res) => res.statusCode === 200).length;
      expect(moved).toBe(2);
      for (const res of results.filter((r) => r.statusCode !== 200)) {
        expect(res.statusCode).toBe(409);
        expect(res.json().detail).toMatch(/^Lot C has only 1 box for this line, which needs 3/);
      }
      expect(await lotsOf(product.id)).toEqual({ C: 1 });
      expect(await stockOf(product.id)).toBe(12);
    },
  );
});
