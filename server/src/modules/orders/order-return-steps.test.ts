import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callAdmin } from "../../../test/admin-requests.ts";
import { createOrder, createProduct, storedStock } from "../../../test/factories.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import { onRealPostgres } from "../../../test/test-database.ts";
import {
  auditLog,
  mailOutbox,
  orderItems,
  orderPayments,
  orderReturns,
  stockLedger,
} from "../../db/schema/index.ts";
import { receiveReturn, refundReturn } from "./orders.service.ts";

const dayMs = 24 * 60 * 60 * 1000;
const instructions = "Drop the boxes at 100 Main St, Birmingham, Monday to Friday 8 to 5.";

describe("returns are received before they are refunded", () => {
  let t: TestApp;
  let address = 0;
  beforeAll(async () => {
    t = await createTestApp({ config: { restockingFeePercent: 15 } });
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  /** A delivered order of 4 boxes at $31.17 (10% tax), whose customer asked 3 boxes back. */
  async function requestedReturn(boxes = 3) {
    const product = await createProduct(db(), { stock_quantity: 20, our_price: 1.75 });
    const order = await createOrder(db(), {
      status: "delivered",
      shipped_at: new Date(Date.now() - 3 * dayMs),
      lines: [{ product, quantity: 4 }],
    });
    const [line] = await db().select().from(orderItems).where(eq(orderItems.order_id, order.id));
    if (!line) throw new Error("line missing");
    address += 1;
    const asked = await t.app.inject({
      method: "POST",
      url: `/api/track/${order.tracking_token}/returns`,
      payload: {
        lines: [{ order_item_id: line.id, quantity: boxes }],
        reason: "Ordered too much",
        unopened: true,
      },
      remoteAddress: `198.18.4.${address}`,
    });
    expect(asked.statusCode).toBe(201);
    return { order, product, line, returnId: asked.json().id as number, asked: asked.json() };
  }
  const step = (id: number, name: string, payload?: unknown) =>
    callAdmin(t, "POST", `/api/admin/returns/${id}/${name}`, payload);
  const approve = (id: number) => step(id, "approve", { instructions });
  const ledgerOf = (orderId: string) =>
    db().select().from(orderPayments).where(eq(orderPayments.order_id, orderId));
  const mailsOf = (to: string, kind: string) =>
    db()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to_address, to), eq(mailOutbox.kind, kind)));
  const stockRows = (productId: number, returnId: number) =>
    db()
      .select()
      .from(stockLedger)
      .where(and(eq(stockLedger.product_id, productId), eq(stockLedger.return_id, returnId)));

  it("requested, approved with instructions emailed, received with one box written off, then refunded to the cent and emailed, each once", async () => {
    const { order, product, line, returnId } = await requestedReturn();
    const unit = line.unit_price_cents;
    const merchandise = unit * 3;
    const tax = Math.round(merchandise * 0.1);
    const fee = Math.round(merchandise * 0.15);
    const stockBefore = await storedStock(db(), product.id);

    const approved = await approve(returnId);
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ status: "approved", instructions, refund_id: null });
    expect((await approve(returnId)).json().status).toBe("approved");
    const instructionMails = await mailsOf(order.customer_email, "order-return-approved");
    expect(instructionMails).toHaveLength(1);
    expect(instructionMails[0]?.text).toContain(instructions);
    expect(await storedStock(db(), product.id)).toBe(stockBefore);
    expect(await ledgerOf(order.id)).toHaveLength(1);

    const tooEarly = await step(returnId, "refund");
    expect(tooEarly.statusCode).toBe(409);
    expect(tooEarly.json().detail).toBe(
      "The boxes of this return have not been received: record them first, or refund before receipt and say why.",
    );
    expect(await ledgerOf(order.id)).toHaveLength(1);

    const received = await step(returnId, "receive", {
      lines: [{ order_item_id: line.id, restocked: 2, written_off: 1 }],
    });
    expect(received.statusCode).toBe(200);
    expect(received.json()).toMatchObject({
      status: "received",
      lines: [{ quantity: 3, received: { restocked: 2, written_off: 1 } }],
      amounts: {
        merchandise: merchandise / 100,
        tax: tax / 100,
        restocking_fee: fee / 100,
        refund_total: (merchandise + tax - fee) / 100,
      },
    });
    // The written-off box never becomes available: only the two restocked ones do.
    expect(await storedStock(db(), product.id)).toBe((stockBefore ?? 0) + 2);
    const rows = await stockRows(product.id, returnId);
    expect(rows.map((row) => [row.reason, row.boxes])).toEqual([
      ["return_restocked", 2],
      ["return_written_off", 0],
    ]);
    expect(rows[1]?.reference).toContain("1 box written off as damaged");
    const twice = await step(returnId, "receive", {
      lines: [{ order_item_id: line.id, restocked: 1, written_off: 0 }],
    });
    expect(twice.statusCode).toBe(409);
    expect(await storedStock(db(), product.id)).toBe((stockBefore ?? 0) + 2);

    const refunded = await step(returnId, "refund");
    expect(refunded.statusCode).toBe(200);
    expect(refunded.json()).toMatchObject({
      status: "refunded",
      refund_id: expect.stringMatching(/^test_re_/),
      refund_before_receipt_reason: null,
    });
    const again = await step(returnId, "refund");
    expect(again.json().refund_id).toBe(refunded.json().refund_id);
    const refunds = (await ledgerOf(order.id)).filter((row) => row.kind === "refund");
    expect(refunds).toEqual([
      expect.objectContaining({
        amount_cents: merchandise + tax - fee,
        provider_id: refunded.json().refund_id,
        staff: "admin",
      }),
    ]);
    const refundMails = await mailsOf(order.customer_email, "order-refund");
    expect(refundMails).toHaveLength(1);
    expect(refundMails[0]?.subject).toContain(`$${((merchandise + tax - fee) / 100).toFixed(2)}`);

    // The customer's page shows where the return stands.
    const track = (await t.app.inject(`/api/track/${order.tracking_token}/returns`)).json();
    expect(track.returns[0]).toMatchObject({ status: "refunded", instructions });
  });

  it("refunds only the boxes that came back; more boxes than were asked, an unknown line, or receiving before approval change nothing", async () => {
    const { order, product, line, returnId } = await requestedReturn(3);
    const before = await storedStock(db(), product.id);
    const early = await step(returnId, "receive", {
      lines: [{ order_item_id: line.id, restocked: 3, written_off: 0 }],
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().detail).toContain("Approve the return first");
    await approve(returnId);
    const cases: Array<[unknown, number, string]> = [
      [
        { lines: [{ order_item_id: line.id, restocked: 3, written_off: 1 }] },
        422,
        `The customer asked to return 3 boxes of "${line.product_name}", not 4: record at most 3.`,
      ],
      [
        { lines: [{ order_item_id: 2147483647, restocked: 1, written_off: 0 }] },
        422,
        "That line is not part of this return.",
      ],
    ];
    for (const [payload, status, detail] of cases) {
      const res = await step(returnId, "receive", payload);
      expect(res.statusCode, detail).toBe(status);
      expect(res.json().detail).toBe(detail);
    }
    expect(await storedStock(db(), product.id)).toBe(before);
    expect(await stockRows(product.id, returnId)).toHaveLength(0);

    // One box came back: its price less the fee, plus its tax.
    const received = await step(returnId, "receive", {
      lines: [{ order_item_id: line.id, restocked: 1, written_off: 0 }],
    });
    const unit = line.unit_price_cents;
    const fee = Math.round(unit * 0.15);
    const orderTax = order.tax_amount_cents;
    const { amounts } = received.json();
    expect(amounts).toMatchObject({ merchandise: unit / 100, restocking_fee: fee / 100 });
    // A quarter of the line's tax (the line is the whole order), to the cent.
    expect(Math.abs(amounts.tax * 100 - orderTax / 4)).toBeLessThan(1);
    expect(Math.round(amounts.refund_total * 100)).toBe(unit + Math.round(amounts.tax * 100) - fee);
    expect(await storedStock(db(), product.id)).toBe((before ?? 0) + 1);
    const refunded = await step(returnId, "refund");
    expect(refunded.json().status).toBe("refunded");
    expect((await ledgerOf(order.id)).find((row) => row.kind === "refund")?.amount_cents).toBe(
      Math.round(amounts.refund_total * 100),
    );
  });

  it("refund before receipt needs a reason, is audited, and the boxes still move only when they are received", async () => {
    const { order, product, line, returnId, asked } = await requestedReturn(2);
    const before = await storedStock(db(), product.id);
    const unapproved = await step(returnId, "refund", { before_receipt_reason: "Loyal customer" });
    expect(unapproved.statusCode).toBe(409);
    await approve(returnId);
    const noReason = await step(returnId, "refund", { before_receipt_reason: "  " });
    expect(noReason.statusCode).toBe(422);
    const early = await step(returnId, "refund", {
      before_receipt_reason: "Carrier lost the pallet; the claim is ours to chase",
    });
    expect(early.statusCode).toBe(200);
    expect(early.json()).toMatchObject({
      status: "refunded",
      received_at: null,
      refund_before_receipt_reason: "Carrier lost the pallet; the claim is ours to chase",
    });
    expect((await ledgerOf(order.id)).find((row) => row.kind === "refund")).toMatchObject({
      amount_cents: Math.round(asked.amounts.refund_total * 100),
      reason: expect.stringContaining("before receipt"),
    });
    const audits = await db()
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity_id, order.id),
          eq(auditLog.action, "order.return_refunded_before_receipt"),
        ),
      );
    expect(audits).toHaveLength(1);
    expect(await storedStock(db(), product.id)).toBe(before);

    // The boxes arrive later: the stock moves then, the money stays as refunded.
    const received = await step(returnId, "receive", {
      lines: [{ order_item_id: line.id, restocked: 2, written_off: 0 }],
    });
    expect(received.json()).toMatchObject({
      status: "refunded",
      received_at: expect.any(String),
      amounts: asked.amounts,
    });
    expect(await storedStock(db(), product.id)).toBe((before ?? 0) + 2);
    expect((await ledgerOf(order.id)).filter((row) => row.kind === "refund")).toHaveLength(1);
  });

  it("a declined return is never approved, received or refunded; a received one cannot be declined", async () => {
    const first = await requestedReturn(1);
    await step(first.returnId, "decline", { staff_note: "Opened boxes" });
    for (const [name, payload] of [
      ["approve", { instructions }],
      ["receive", { lines: [{ order_item_id: first.line.id, restocked: 1, written_off: 0 }] }],
      ["refund", { before_receipt_reason: "Trying anyway" }],
    ] as const) {
      const res = await step(first.returnId, name, payload);
      expect(res.statusCode, name).toBe(409);
      expect(res.json().detail).toContain("declined");
    }
    const second = await requestedReturn(1);
    await approve(second.returnId);
    await step(second.returnId, "receive", {
      lines: [{ order_item_id: second.line.id, restocked: 1, written_off: 0 }],
    });
    const decline = await step(second.returnId, "decline");
    expect(decline.statusCode).toBe(409);
    const [row] = await db()
      .select()
      .from(orderReturns)
      .where(eq(orderReturns.id, second.returnId));
    expect(row?.status).toBe("received");
  });

  it.runIf(onRealPostgres)(
    "on PostgreSQL, 10 staff refunding one received return at once refund it exactly once; 6 receiving it at once move its boxes once",
    async () => {
      const { order, product, line, returnId } = await requestedReturn(3);
      await approve(returnId);
      const before = await storedStock(db(), product.id);
      const receipts = await Promise.allSettled(
        Array.from({ length: 6 }, () =>
          receiveReturn(
            db(),
            returnId,
            { lines: [{ order_item_id: line.id, restocked: 3, written_off: 0 }] },
            "admin",
          ),
        ),
      );
      expect(receipts.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      expect(await storedStock(db(), product.id)).toBe((before ?? 0) + 3);
      let calls = 0;
      const provider = {
        name: "test",
        async refund() {
          calls += 1;
          return { id: `re_${randomBytes(4).toString("hex")}` };
        },
      };
      const results = await Promise.all(
        Array.from({ length: 10 }, () =>
          refundReturn(db(), returnId, provider, { publicUrl: "http://store.test" }, "admin"),
        ),
      );
      expect(new Set(results.map((r) => r.refund_id)).size).toBe(1);
      expect(calls).toBe(1);
      expect((await ledgerOf(order.id)).filter((row) => row.kind === "refund")).toHaveLength(1);
      expect(await mailsOf(order.customer_email, "order-refund")).toHaveLength(1);
    },
  );
});
