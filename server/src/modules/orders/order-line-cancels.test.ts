import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callAdmin } from "../../../test/admin-requests.ts";
import { createOrder, createProduct, storedStock } from "../../../test/factories.ts";
import { createStaffSession } from "../../../test/staff-factories.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import { onRealPostgres } from "../../../test/test-database.ts";
import { auditLog, mailOutbox, orderItems, orderPayments, orders } from "../../db/schema/index.ts";
import { cancelRefundCents } from "./order-line-cancels.ts";
import { cancelOrderLines } from "./orders.service.ts";

/**
 * An independent integer oracle of a cancel's refund: the cents of boxes [from, to) of a line are
 * the nearest cents (a half up) to its exact share at `to` less its share at `from`, where a
 * line's share of the discount (by price) and the tax (by price after discount) is likewise the
 * step between the nearest cents of the running totals. Written with BigInt division, not
 * `allocateCents`.
 */
function nearest(numerator: bigint, divisor: bigint): bigint {
  return (2n * numerator + divisor) / (2n * divisor);
}
function shareOfPrefix(total: number, weights: number[], upTo: number): bigint {
  const sum = BigInt(weights.reduce((a, b) => a + b, 0));
  if (sum === 0n) return 0n;
  const prefix = BigInt(weights.slice(0, upTo).reduce((a, b) => a + b, 0));
  return nearest(BigInt(total) * prefix, sum);
}
function lineShare(total: number, weights: number[], index: number): bigint {
  return shareOfPrefix(total, weights, index + 1) - shareOfPrefix(total, weights, index);
}
function boxesShare(lineCents: bigint, quantity: number, from: number, to: number): bigint {
  const q = BigInt(quantity);
  return nearest(lineCents * BigInt(to), q) - nearest(lineCents * BigInt(from), q);
}
function oracleRefund(
  prices: number[],
  quantities: number[],
  discount: number,
  tax: number,
  line: number,
  from: number,
  to: number,
): number {
  const discountOf = prices.map((_, i) => Number(lineShare(discount, prices, i)));
  const afterDiscount = prices.map((price, i) => price - (discountOf[i] ?? 0));
  const taxOf = Number(lineShare(tax, afterDiscount, line));
  const q = quantities[line] ?? 1;
  return Number(
    boxesShare(BigInt(prices[line] ?? 0), q, from, to) -
      boxesShare(BigInt(discountOf[line] ?? 0), q, from, to) +
      boxesShare(BigInt(taxOf), q, from, to),
  );
}

describe("cancelRefundCents: any sequence of partial cancels, against an integer oracle", () => {
  it("each refund equals the oracle's, they never exceed what was paid, and cancelling every box gives all of it back", () => {
    const orderArb = fc
      .array(
        fc.record({
          unitCents: fc.integer({ min: 1, max: 50_000 }),
          quantity: fc.integer({ min: 1, max: 40 }),
        }),
        { minLength: 1, maxLength: 5 },
      )
      .chain((lines) => {
        const subtotal = lines.reduce((sum, line) => sum + line.unitCents * line.quantity, 0);
        return fc.record({
          lines: fc.constant(lines),
          discount: fc.integer({ min: 0, max: subtotal }),
          tax: fc.integer({ min: 0, max: 200_000 }),
          shipping: fc.integer({ min: 0, max: 30_000 }),
          picks: fc.array(fc.tuple(fc.nat(), fc.integer({ min: 1, max: 40 })), { maxLength: 60 }),
        });
      });
    fc.assert(
      fc.property(orderArb, ({ lines, discount, tax, shipping, picks }) => {
        const prices = lines.map((line) => line.unitCents * line.quantity);
        const quantities = lines.map((line) => line.quantity);
        const subtotal = prices.reduce((a, b) => a + b, 0);
        const total = subtotal - discount + tax + shipping;
        const items = lines.map((line, index) => ({
          id: index + 1,
          quantity: line.quantity,
          total_price_cents: line.unitCents * line.quantity,
        }));
        const order = {
          discount_amount_cents: discount,
          tax_amount_cents: tax,
          total_amount_cents: total,
        };
        const cancelled = quantities.map(() => 0);
        let refunded = 0;
        // The picks, then every box left, one line at a time: the last cancel empties the order.
        const sequence = [
          ...picks,
          ...quantities.map((quantity, index) => [index, quantity] as [number, number]),
        ];
        for (const [pick, wanted] of sequence) {
          const line = pick % lines.length;
          const left = (quantities[line] ?? 0) - (cancelled[line] ?? 0);
          const boxes = Math.min(wanted, left);
          if (boxes === 0) continue;
          const already = cancelled[line] ?? 0;
          const boxesLeftAfter =
            quantities.reduce((a, b) => a + b, 0) - cancelled.reduce((a, b) => a + b, 0) - boxes;
          const refund = cancelRefundCents(
            order,
            items,
            [{ orderItemId: line + 1, boxes, alreadyCancelled: already }],
            { lastCancel: boxesLeftAfter === 0, heldCents: total - refunded },
          );
          const q = quantities[line] ?? 0;
          const expected =
            boxesLeftAfter === 0
              ? total - refunded
              : oracleRefund(
                  prices,
                  quantities,
                  discount,
                  tax,
                  line,
                  q - already - boxes,
                  q - already,
                );
          expect(refund.total).toBe(expected);
          refunded += refund.total;
          cancelled[line] = already + boxes;
          expect(refunded).toBeLessThanOrEqual(total);
        }
        expect(refunded).toBe(total);
      }),
      { numRuns: 300 },
    );
  });
});

describe("POST /api/admin/orders/{id}/cancel-lines", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  /** A paid, unshipped order: 4 boxes at $50 and 3 at $30, 10% tax, $95 delivery, $20 off. */
  async function paidOrder(overrides: Parameters<typeof createOrder>[1] = {}) {
    const oak = await createProduct(db(), {
      our_price: 2.5,
      sqft_per_carton: 20,
      stock_quantity: 10,
    });
    const tile = await createProduct(db(), {
      our_price: 1.5,
      sqft_per_carton: 20,
      stock_quantity: 10,
    });
    const order = await createOrder(db(), {
      lines: [
        { product: oak, quantity: 4 },
        { product: tile, quantity: 3 },
      ],
      ...overrides,
    });
    const items = await db().select().from(orderItems).where(eq(orderItems.order_id, order.id));
    const oakLine = items.find((item) => item.product_id === oak.id);
    const tileLine = items.find((item) => item.product_id === tile.id);
    if (!oakLine || !tileLine) throw new Error("lines missing");
    return { order, oak, tile, oakLine, tileLine };
  }
  const cancelLines = (orderId: string, lines: unknown, extra: object = {}) =>
    callAdmin(t, "POST", `/api/admin/orders/${orderId}/cancel-lines`, {
      lines,
      reason: "Customer changed the room",
      ...extra,
    });
  const ledgerOf = (orderId: string) =>
    db().select().from(orderPayments).where(eq(orderPayments.order_id, orderId));
  const mailsTo = (to: string) =>
    db().select().from(mailOutbox).where(eq(mailOutbox.to_address, to));

  it("cancelling 2 of 4 boxes refunds their price and tax share once, releases them, emails and audits", async () => {
    const { order, oak, oakLine } = await paidOrder();
    // 2 × $50 = $100 of the $290 subtotal; the tax is 10% of the merchandise: $10.
    const preview = await cancelLines(order.id, [{ order_item_id: oakLine.id, boxes: 2 }], {
      preview: true,
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ refund: 110, cancels_order: false });
    expect(await ledgerOf(order.id)).toHaveLength(1);
    expect(await storedStock(db(), oak.id)).toBe(10);

    const res = await cancelLines(order.id, [{ order_item_id: oakLine.id, boxes: 2 }]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      refund: 110,
      lines: [{ order_item_id: oakLine.id, boxes: 2, refund: 110 }],
      cancels_order: false,
      order: { status: "processing", balance: 0, refundable: order.total_amount_cents / 100 - 110 },
    });
    expect(
      res
        .json()
        .order.items.find((item: { order_item_id: number }) => item.order_item_id === oakLine.id),
    ).toMatchObject({ quantity: 4, cancelled_quantity: 2 });
    expect(res.json().order.payments).toMatchObject([
      { kind: "charge" },
      {
        kind: "refund",
        amount: 110,
        provider: "test",
        staff: "admin",
        reason: "Lines cancelled: Customer changed the room",
      },
    ]);
    expect(await storedStock(db(), oak.id)).toBe(12);
    // The customer's tracking page shows the boxes still coming.
    const tracked = await t.app.inject({
      method: "GET",
      url: `/api/track/${order.tracking_token}`,
    });
    expect(
      tracked.json().lines.find((line: { product_id: number }) => line.product_id === oak.id),
    ).toMatchObject({ quantity: 2 });
    const mails = await mailsTo(order.customer_email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(`Your refund of $110.00 for order ${order.friendly_order_id}`);
    expect(mails[0]?.text).toContain(`We cancelled 2 × ${oakLine.product_name} from your order.`);
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity_id, order.id), eq(auditLog.action, "order.lines_cancelled")));
    expect(audit).toMatchObject([
      { actor: "admin", after: { refund: 110, order_cancelled: false } },
    ]);
  });

  it("one look refunds once: requests naming the cancelled boxes they saw, sent together (a double click, two tabs), cancel once and the rest get 409", async () => {
    const { order, oak, oakLine } = await paidOrder();
    const oneBox = [{ order_item_id: oakLine.id, boxes: 1 }];
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => cancelLines(order.id, oneBox, { cancelled_before: 0 })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([
      200, 409, 409, 409, 409, 409,
    ]);
    expect(answers.find((answer) => answer.statusCode === 409)?.json().detail).toBe(
      "Boxes of this order were cancelled since you looked, so nothing was changed. Look at the order again before cancelling more.",
    );
    const refunds = (await ledgerOf(order.id)).filter((row) => row.kind === "refund");
    expect(refunds).toHaveLength(1);
    expect(await storedStock(db(), oak.id)).toBe(11);
    expect(await mailsTo(order.customer_email)).toHaveLength(1);
    // A new look, which saw that box cancelled, may cancel another.
    const next = await cancelLines(order.id, oneBox, { cancelled_before: 1 });
    expect(next.statusCode).toBe(200);
    expect(await storedStock(db(), oak.id)).toBe(12);
  });

  it("a line cancelled twice, more boxes than remain, or a shipped order: a clear 409 and nothing changed", async () => {
    const { order, oak, oakLine, tileLine } = await paidOrder();
    expect(
      (await cancelLines(order.id, [{ order_item_id: tileLine.id, boxes: 3 }])).statusCode,
    ).toBe(200);
    const stockBefore = await storedStock(db(), oak.id);

    const twice = await cancelLines(order.id, [{ order_item_id: tileLine.id, boxes: 1 }]);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().detail).toBe(
      `"${tileLine.product_name}" was already cancelled: it has no boxes left to cancel.`,
    );
    const tooMany = await cancelLines(order.id, [
      { order_item_id: oakLine.id, boxes: 2 },
      { order_item_id: tileLine.id, boxes: 1 },
    ]);
    expect(tooMany.statusCode).toBe(409);
    const more = await cancelLines(order.id, [{ order_item_id: oakLine.id, boxes: 5 }]);
    expect(more.json().detail).toBe(
      `"${oakLine.product_name}" has 4 boxes left to cancel, not 5. Nothing was changed.`,
    );
    expect(await ledgerOf(order.id)).toHaveLength(2);
    expect(await storedStock(db(), oak.id)).toBe(stockBefore);
    const [item] = await db().select().from(orderItems).where(eq(orderItems.id, oakLine.id));
    expect(item?.cancelled_quantity).toBe(0);

    const { order: shipped, oakLine: shippedLine } = await paidOrder({
      status: "shipped",
      shipped_at: new Date(),
    });
    const refused = await cancelLines(shipped.id, [{ order_item_id: shippedLine.id, boxes: 1 }]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toContain("has shipped");
    expect(await ledgerOf(shipped.id)).toHaveLength(1);

    const bad = await cancelLines(order.id, [{ order_item_id: oakLine.id, boxes: 0 }]);
    expect(bad.statusCode).toBe(422);
  });

  it("cancelling the last boxes refunds the rest with the delivery and cancels the order; shipping later ships only what is left", async () => {
    const { order, oak, tile, oakLine, tileLine } = await paidOrder();
    const first = await cancelLines(order.id, [{ order_item_id: oakLine.id, boxes: 1 }]);
    const last = await cancelLines(order.id, [
      { order_item_id: oakLine.id, boxes: 3 },
      { order_item_id: tileLine.id, boxes: 3 },
    ]);
    expect(last.statusCode).toBe(200);
    expect(last.json().cancels_order).toBe(true);
    expect(first.json().refund + last.json().refund).toBeCloseTo(order.total_amount_cents / 100, 2);
    expect(last.json().order).toMatchObject({ status: "cancelled", balance: 0, refundable: 0 });
    expect(await storedStock(db(), oak.id)).toBe(14);
    expect(await storedStock(db(), tile.id)).toBe(13);
    const [row] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(row?.stock_status).toBe("released");

    const { order: partly, oak: oak2, oakLine: line2 } = await paidOrder();
    await cancelLines(partly.id, [{ order_item_id: line2.id, boxes: 1 }]);
    const shipped = await callAdmin(t, "PATCH", `/api/admin/orders/${partly.id}/status`, {
      status: "shipped",
    });
    expect(shipped.statusCode).toBe(200);
    // 10 on the shelf before; 1 cancelled came back, the 3 others left the building.
    expect(await storedStock(db(), oak2.id)).toBe(11);
  });

  it("a role that may not refund, or not that much at once, is refused with 403 and nothing changes", async () => {
    const staff = await createStaffSession(t.app, { role: "staff" });
    const saved = await callAdmin(t, "PUT", "/api/admin/settings/refunds", {
      roles: [{ role: "staff", may_refund: true, max_refund: 100 }],
    });
    expect(saved.statusCode).toBe(200);
    const { order, oakLine } = await paidOrder();
    const asStaff = (payload: object) =>
      t.app.inject({
        method: "POST",
        url: `/api/admin/orders/${order.id}/cancel-lines`,
        headers: { cookie: staff.cookie },
        payload,
      });
    const allowance = await t.app.inject({
      method: "GET",
      url: "/api/admin/orders/refund-allowance",
      headers: { cookie: staff.cookie },
    });
    expect(allowance.json()).toEqual({ may_refund: true, max_refund: 100, refusal: null });
    const tooMuch = await asStaff({
      lines: [{ order_item_id: oakLine.id, boxes: 2 }],
      reason: "Too many",
    });
    expect(tooMuch.statusCode).toBe(403);
    expect(tooMuch.json().detail).toBe(
      "A refund of $110.00 is more than the $100.00 your role (staff) may refund at once, so nothing was refunded. Ask the owner to do it.",
    );
    expect(await ledgerOf(order.id)).toHaveLength(1);
    const small = await asStaff({
      lines: [{ order_item_id: oakLine.id, boxes: 1 }],
      reason: "One box",
    });
    expect(small.statusCode).toBe(200);

    await callAdmin(t, "PUT", "/api/admin/settings/refunds", {
      roles: [{ role: "staff", may_refund: false, max_refund: null }],
    });
    const cancel = await t.app.inject({
      method: "PATCH",
      url: `/api/admin/orders/${order.id}/status`,
      headers: { cookie: staff.cookie },
      payload: { status: "cancelled" },
    });
    expect(cancel.statusCode).toBe(403);
    expect(cancel.json().detail).toContain("may not give refunds");
    const [row] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(row?.status).toBe("processing");
    await callAdmin(t, "PUT", "/api/admin/settings/refunds", {
      roles: [{ role: "staff", may_refund: true, max_refund: null }],
    });
  });

  it.runIf(onRealPostgres)(
    "on PostgreSQL, 20 identical cancels at once refund and release the boxes exactly once",
    async () => {
      const { order, oak, oakLine } = await paidOrder();
      let refunds = 0;
      const provider = {
        name: "test",
        async refund() {
          refunds += 1;
          return { id: `re_${randomBytes(6).toString("hex")}` };
        },
      };
      const results = await Promise.allSettled(
        Array.from({ length: 20 }, () =>
          cancelOrderLines(
            db(),
            order.id,
            {
              lines: [{ order_item_id: oakLine.id, boxes: 3 }],
              reason: "Double click",
              preview: false,
            },
            { actor: "admin", role: "owner", refunds: provider, publicUrl: "http://localhost" },
          ),
        ),
      );
      expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
      expect(refunds).toBe(1);
      expect((await ledgerOf(order.id)).filter((row) => row.kind === "refund")).toHaveLength(1);
      expect(await storedStock(db(), oak.id)).toBe(13);
      expect(await mailsTo(order.customer_email)).toHaveLength(1);
    },
  );
});
