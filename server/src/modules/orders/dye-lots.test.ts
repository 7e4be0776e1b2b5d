import { lotWarning } from "@mcf/contracts/lots";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callAdmin, settleReturn } from "../../../test/admin-requests.ts";
import {
  buildPaymentRequest,
  createProduct,
  storedLots,
  storedStock,
} from "../../../test/factories.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import { onRealPostgres } from "../../../test/test-database.ts";
import { auditLog, orders } from "../../db/schema/index.ts";
import { markPaid } from "./orders.service.ts";

describe("dye lots: staff record them, orders take from one lot, every stock move follows them once", () => {
  let t: TestApp;
  let shopper = 0;
  beforeAll(async () => {
    t = await createTestApp({ config: { restockingFeePercent: 15 } });
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  const process = (body: unknown) =>
    t.app.inject({
      method: "POST",
      url: "/api/payments/process",
      payload: body as object,
      headers: { "x-forwarded-for": `10.9.${Math.floor(++shopper / 250)}.${shopper % 250}` },
    });
  const pay = (id: string) =>
    t.app.inject({
      method: "POST",
      url: `/api/payments/test-sessions/${id}/pay`,
      payload: { card_number: "4242 4242 4242 4242" },
    });
  const orderOf = async (sessionId: string) => {
    const [order] = await db()
      .select()
      .from(orders)
      .where(eq(orders.payment_session_id, sessionId));
    if (!order) throw new Error("no order");
    return order;
  };
  const adminOrder = async (sessionId: string) =>
    (await callAdmin(t, "GET", `/api/admin/orders/${(await orderOf(sessionId)).id}`)).json();
  const stockOf = (id: number) => storedStock(db(), id);
  /** Boxes per lot code of a product. */
  const lotsOf = (productId: number) => storedLots(db(), productId);
  /** A product with these lots recorded by staff through the editor's API; returns lot ids by code. */
  async function productWithLots(stock: number, lots: Record<string, number>, name = "Lot Oak") {
    const product = await createProduct(db(), { name, stock_quantity: stock, our_price: 4 });
    const saved = await callAdmin(t, "PUT", `/api/admin/products/${product.id}/lots`, {
      lots: Object.entries(lots).map(([lot_code, boxes]) => ({ lot_code, boxes })),
    });
    expect(saved.statusCode).toBe(200);
    const ids = Object.fromEntries(
      (saved.json().lots as Array<{ id: number; lot_code: string }>).map((lot) => [
        lot.lot_code,
        lot.id,
      ]),
    );
    return { product, ids };
  }

  it("staff record lots; lots holding more boxes than the stock, or a code twice, are refused and change nothing", async () => {
    const { product, ids } = await productWithLots(30, { "DL-101": 12, "DL-102": 10 });
    const read = await callAdmin(t, "GET", `/api/admin/products/${product.id}/lots`);
    expect(read.json()).toEqual({
      product_id: product.id,
      stock_quantity: 30,
      lots: [
        { id: ids["DL-101"], lot_code: "DL-101", boxes: 12 },
        { id: ids["DL-102"], lot_code: "DL-102", boxes: 10 },
      ],
      boxes_outside_lots: 8,
    });
    const tooMany = await callAdmin(t, "PUT", `/api/admin/products/${product.id}/lots`, {
      lots: [
        { id: ids["DL-101"], lot_code: "DL-101", boxes: 25 },
        { lot_code: "DL-103", boxes: 6 },
      ],
    });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().detail).toBe(
      "The lots hold 31 boxes but only 30 are in stock. Raise the stock first, or lower the lots' boxes.",
    );
    const twice = await callAdmin(t, "PUT", `/api/admin/products/${product.id}/lots`, {
      lots: [
        { lot_code: "DL-9", boxes: 1 },
        { lot_code: "dl-9", boxes: 1 },
      ],
    });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().detail).toBe("Lot dl-9 is listed twice");
    const negative = await callAdmin(t, "PUT", `/api/admin/products/${product.id}/lots`, {
      lots: [{ lot_code: "DL-9", boxes: -1 }],
    });
    expect(negative.statusCode).toBe(422);
    expect(await lotsOf(product.id)).toEqual({ "DL-101": 12, "DL-102": 10 });

    // Editing one, removing another: the audit log keeps both lists.
    const edited = await callAdmin(t, "PUT", `/api/admin/products/${product.id}/lots`, {
      lots: [{ id: ids["DL-101"], lot_code: "DL-101", boxes: 11 }],
    });
    expect(edited.json().lots).toEqual([{ id: ids["DL-101"], lot_code: "DL-101", boxes: 11 }]);
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "product.lots"), eq(auditLog.entity_id, String(product.id))));
    expect(audits.at(-1)?.after).toEqual({ lots: [{ lot_code: "DL-101", boxes: 11 }] });
  });

  it("a line is taken from the one lot that can cover it (the smallest that holds it), shown on the order and /track", async () => {
    const { product } = await productWithLots(19, { A: 3, B: 10, C: 6 });
    const started = await process(buildPaymentRequest([{ product_id: product.id, quantity: 5 }]));
    expect(started.statusCode).toBe(200);
    expect(await lotsOf(product.id)).toEqual({ A: 3, B: 10, C: 1 });
    expect(await stockOf(product.id)).toBe(14);
    await pay(started.json().id);
    const order = await adminOrder(started.json().id);
    expect(order.items).toEqual([
      expect.objectContaining({
        product_id: product.id,
        quantity: 5,
        lot_code: "C",
        lot_warning: null,
      }),
    ]);
    const tracked = (
      await t.app.inject(`/api/track/${(await orderOf(started.json().id)).tracking_token}`)
    ).json();
    expect(tracked.lines).toEqual([
      expect.objectContaining({
        product_id: product.id,
        quantity: 5,
        lot_code: "C",
        lot_boxes_left: 1,
      }),
    ]);
  });

  it("staff are warned when no single lot can cover a line; the boxes come from outside the lots first, then the biggest lots", async () => {
    const { product } = await productWithLots(16, { A: 5, B: 8 });
    const started = await process(buildPaymentRequest([{ product_id: product.id, quantity: 12 }]));
    expect(started.statusCode).toBe(200);
    // 3 boxes outside the lots, then 8 of B and 1 of A.
    expect(await lotsOf(product.id)).toEqual({ A: 4, B: 0 });
    expect(await stockOf(product.id)).toBe(4);
    const [line] = (await adminOrder(started.json().id)).items;
    expect(line).toMatchObject({ lot_id: null, lot_code: "B (8), A (1)", lot_warning: lotWarning });
  });

  it("a product without lots sells from its stock as before, with no lot and no warning", async () => {
    const product = await createProduct(db(), { stock_quantity: 5, our_price: 4 });
    const started = await process(buildPaymentRequest([{ product_id: product.id, quantity: 2 }]));
    expect(started.statusCode).toBe(200);
    const [line] = (await adminOrder(started.json().id)).items;
    expect(line).toMatchObject({ lot_id: null, lot_code: null, lot_warning: null });
    expect(await stockOf(product.id)).toBe(3);
  });

  it("a cancelled payment and the expiry sweep give the boxes back to their lot once", async () => {
    const { product } = await productWithLots(20, { A: 6, B: 14 });
    const cancelled = (
      await process(buildPaymentRequest([{ product_id: product.id, quantity: 4 }]))
    ).json().id;
    const expiring = (
      await process(buildPaymentRequest([{ product_id: product.id, quantity: 10 }]))
    ).json().id;
    expect(await lotsOf(product.id)).toEqual({ A: 2, B: 4 });
    for (let i = 0; i < 2; i++)
      await t.app.inject({
        method: "POST",
        url: `/api/payments/test-sessions/${cancelled}/cancel`,
      });
    expect(await lotsOf(product.id)).toEqual({ A: 6, B: 4 });
    const later = new Date(Date.now() + 31 * 60_000);
    await t.app.jobs.sweepExpiredPayments(later);
    await t.app.jobs.sweepExpiredPayments(later);
    expect(await orderOf(expiring)).toMatchObject({ payment_status: "expired" });
    expect(await lotsOf(product.id)).toEqual({ A: 6, B: 14 });
    expect(await stockOf(product.id)).toBe(20);
    // Staff cancelling an already cancelled order gives nothing back again.
    await callAdmin(t, "PATCH", `/api/admin/orders/${(await orderOf(cancelled)).id}/status`, {
      status: "cancelled",
    });
    expect(await lotsOf(product.id)).toEqual({ A: 6, B: 14 });
  });

  it("a payment after its reservation expired takes the boxes again from the same lot", async () => {
    const { product } = await productWithLots(20, { A: 6, B: 14 });
    const id = (
      await process(buildPaymentRequest([{ product_id: product.id, quantity: 5 }]))
    ).json().id;
    await t.app.jobs.sweepExpiredPayments(new Date(Date.now() + 31 * 60_000));
    expect(await lotsOf(product.id)).toEqual({ A: 6, B: 14 });
    await markPaid(db(), id, { publicUrl: "http://store.test" });
    expect(await lotsOf(product.id)).toEqual({ A: 1, B: 14 });
    expect((await adminOrder(id)).items[0]).toMatchObject({ lot_code: "A", lot_warning: null });
  });

  it("a refund returns the boxes to their lot exactly once", async () => {
    const { product } = await productWithLots(20, { A: 6, B: 14 });
    const id = (
      await process(buildPaymentRequest([{ product_id: product.id, quantity: 5 }]))
    ).json().id;
    await pay(id);
    const order = await orderOf(id);
    await callAdmin(t, "PATCH", `/api/admin/orders/${order.id}/status`, { status: "delivered" });
    const [line] = (await adminOrder(id)).items;
    const itemId = (await t.app.inject(`/api/track/${order.tracking_token}/returns`)).json()
      .lines[0].order_item_id;
    const asked = await t.app.inject({
      method: "POST",
      url: `/api/track/${order.tracking_token}/returns`,
      payload: {
        lines: [{ order_item_id: itemId, quantity: 3 }],
        reason: "Too many",
        unopened: true,
      },
      remoteAddress: "198.18.9.1",
    });
    expect(asked.statusCode).toBe(201);
    expect(line.lot_code).toBe("A");
    expect(await lotsOf(product.id)).toEqual({ A: 1, B: 14 });
    expect((await settleReturn(t, asked.json().id)).statusCode).toBe(200);
    const again = await callAdmin(t, "POST", `/api/admin/returns/${asked.json().id}/receive`, {
      lines: [{ order_item_id: itemId, restocked: 3, written_off: 0 }],
    });
    expect(again.statusCode).toBe(409);
    expect(await lotsOf(product.id)).toEqual({ A: 4, B: 14 });
    expect(await stockOf(product.id)).toBe(18);
  });

  it("'order more from the same lot': the cart line carries the lot, priced as usual, taken from that lot while it has boxes", async () => {
    const { product, ids } = await productWithLots(20, { A: 6, B: 14 });
    const calc = (quantity: number) =>
      t.app.inject({
        method: "POST",
        url: "/api/cart/calculate",
        payload: { cart_items: [{ product_id: product.id, quantity, lot_id: ids.A }] },
      });
    const fits = (await calc(4)).json();
    expect(fits.items[0]).toMatchObject({
      unit_price: expect.any(Number),
      lot: { lot_id: ids.A, lot_code: "A", boxes_left: 6, message: null },
    });
    const short = (await calc(8)).json();
    expect(short.items[0].lot).toEqual({
      lot_id: ids.A,
      lot_code: "A",
      boxes_left: 6,
      message: `Lot A of "Lot Oak" has only 6 boxes left. Lower the quantity to 6, or remove the line and add the product again to get boxes from another lot.`,
    });
    // Without the lot, 8 boxes would come from B: with it, the payment is refused and nothing moves.
    const refused = await process(
      buildPaymentRequest([{ product_id: product.id, quantity: 8, lot_id: ids.A }]),
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(short.items[0].lot.message);
    expect(await lotsOf(product.id)).toEqual({ A: 6, B: 14 });
    expect(await stockOf(product.id)).toBe(20);
    // 3 boxes would fit the smaller lot... they come from the chosen one.
    const taken = await process(
      buildPaymentRequest([{ product_id: product.id, quantity: 6, lot_id: ids.B }]),
    );
    expect(taken.statusCode).toBe(200);
    expect(await lotsOf(product.id)).toEqual({ A: 6, B: 8 });
    // A lot of another product is no lot of this one.
    const other = await productWithLots(5, { Z: 5 }, "Other Lot Oak");
    const wrong = await process(
      buildPaymentRequest([{ product_id: product.id, quantity: 1, lot_id: other.ids.Z }]),
    );
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().detail).toContain("is no longer available");
    // Lots all removed by staff since: the lot asked for is gone, said the same way.
    await callAdmin(t, "PUT", `/api/admin/products/${other.product.id}/lots`, { lots: [] });
    const gone = await process(
      buildPaymentRequest([{ product_id: other.product.id, quantity: 1, lot_id: other.ids.Z }]),
    );
    expect(gone.statusCode).toBe(409);
    expect(gone.json().detail).toBe(
      'The dye lot you chose for "Other Lot Oak" is no longer available: remove the line and add the product again to get boxes from another lot.',
    );
  });

  it.runIf(onRealPostgres)(
    "20 concurrent orders never take more boxes than a lot holds (PostgreSQL)",
    async () => {
      const { product, ids } = await productWithLots(40, { A: 10, B: 30 });
      // Ten buyers ask for lot A by name (3 fit), ten take whatever covers 3 boxes.
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          process(
            buildPaymentRequest([
              { product_id: product.id, quantity: 3, ...(i % 2 === 0 ? { lot_id: ids.A } : {}) },
            ]),
          ),
        ),
      );
      const ok = results.filter((r) => r.statusCode === 200).length;
      const lots = await lotsOf(product.id);
      // Lot A (the smallest that covers 3) gives three orders, then only its last box is left.
      expect(lots.A).toBe(1);
      expect(lots.B).toBeGreaterThanOrEqual(0);
      // Every box taken came off exactly one lot and the stock count: nothing oversold.
      expect(10 - (lots.A ?? 0) + (30 - (lots.B ?? 0))).toBe(ok * 3);
      expect(await stockOf(product.id)).toBe(40 - ok * 3);
      for (const refused of results.filter((r) => r.statusCode !== 200)) {
        expect(refused.statusCode).toBe(409);
        expect(refused.json().detail).toMatch(
          /^Lot A of "Lot Oak" has only 1 box left|^Lot A of "Lot Oak" is sold out/,
        );
      }
    },
  );
});
