import { dollarsText } from "@mcf/contracts/money";
import type {
  AdminReturn,
  ReturnApproval,
  ReturnReceipt,
  ReturnRefund,
} from "@mcf/contracts/returns";
import { eq } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client.ts";
import {
  type OrderReturnRow,
  type OrderRow,
  orderReturns,
  type StoredReturnLine,
} from "../../db/schema/orders.ts";
import { conflict, invalid, notFound } from "../../errors.ts";
import { writeAudit } from "../audit/audit.service.ts";
import { restockReturn, writeOffReturn } from "../stock/stock.service.ts";
import { lotPartsOfItem, returnBoxesToLots } from "./order-lots.ts";
import { queueRefundEmail, type RefundIssuer, refundPayment } from "./order-payments.ts";
import {
  boxesAskedBack,
  lockReturn,
  returnAmountsCents,
  returnsOf,
  toAdminReturn,
} from "./order-returns.ts";
import { getOrderWithItems, lockOrder } from "./orders.repository.ts";
import { queueReturnApprovedEmail } from "./return-emails.ts";

/*
 * The steps staff take with a return, each under the return's row lock (then the order's, then
 * the products' through the stock service: one lock order), so a double click or two staff at
 * once make each step once: requested → approved → received → refunded, or declined before the
 * boxes come back. Money goes out only after receipt, unless staff refund before receipt and
 * say why; stock moves only on receipt.
 */

const boxesOf = (n: number) => `${n} ${n === 1 ? "box" : "boxes"}`;

async function lockOrderOf(tx: DbOrTx, row: OrderReturnRow): Promise<OrderRow> {
  const order = await lockOrder(tx, { orderId: row.order_id });
  if (!order) throw notFound("Order not found");
  return order;
}

async function saveReturn(
  tx: DbOrTx,
  id: number,
  changes: Partial<typeof orderReturns.$inferInsert>,
): Promise<OrderReturnRow> {
  const [updated] = await tx
    .update(orderReturns)
    .set({ ...changes, updated_at: new Date() })
    .where(eq(orderReturns.id, id))
    .returning();
  if (!updated) throw new Error("the locked return vanished under its lock");
  return updated;
}

/**
 * Staff approve a requested return and the customer is emailed the instructions (a label, a
 * drop-off). No money and no box moves. A return already approved answers as it is; 409 for a
 * declined one or one past approval.
 */
export async function approveReturn(
  db: Db,
  id: number,
  approval: ReturnApproval,
  options: { publicUrl: string },
  actor: string,
): Promise<AdminReturn> {
  return db.transaction(async (tx) => {
    const row = await lockReturn(tx, id);
    if (row.status === "approved") return toAdminReturn(row);
    if (row.status === "declined")
      throw conflict("This return was declined: it cannot be approved.");
    if (row.status !== "requested")
      throw conflict(`This return was already approved and is now ${row.status}.`);
    const order = await lockOrderOf(tx, row);
    const updated = await saveReturn(tx, id, {
      status: "approved",
      instructions: approval.instructions,
      approved_at: new Date(),
      staff_note: approval.staff_note ?? row.staff_note,
    });
    await queueReturnApprovedEmail(tx, order, updated, options);
    await writeAudit(tx, {
      actor,
      action: "order.return_approved",
      entityType: "order",
      entityId: row.order_id,
      after: { return_id: row.id, instructions: approval.instructions },
    });
    return toAdminReturn(updated);
  });
}

/** The receipt's lines checked against the return: 422 or 409 before anything moves. */
function checkReceipt(row: OrderReturnRow, receipt: ReturnReceipt): void {
  const seen = new Set<number>();
  for (const received of receipt.lines) {
    const line = row.lines.find((l) => l.order_item_id === received.order_item_id);
    if (!line) throw invalid("That line is not part of this return.");
    if (seen.has(line.order_item_id))
      throw invalid(`"${line.product_name}" is listed twice: record each line once.`);
    seen.add(line.order_item_id);
    if (line.received)
      throw conflict(
        `The boxes of "${line.product_name}" were already received (${line.received.restocked} restocked, ${line.received.written_off} written off): nothing was changed.`,
      );
    const count = received.restocked + received.written_off;
    if (count > line.quantity)
      throw invalid(
        `The customer asked to return ${boxesOf(line.quantity)} of "${line.product_name}", not ${count}: record at most ${line.quantity}.`,
      );
  }
}

/**
 * The refund of the boxes that came back: the amounts asked when every box did, else those of
 * the boxes received, by the same rule and restocking fee, each line taking its boxes after the
 * earlier returns of the order.
 */
async function receivedAmounts(
  tx: DbOrTx,
  order: OrderRow,
  row: OrderReturnRow,
  lines: StoredReturnLine[],
): Promise<Partial<typeof orderReturns.$inferInsert>> {
  const count = (line: StoredReturnLine) =>
    (line.received?.restocked ?? 0) + (line.received?.written_off ?? 0);
  if (lines.every((line) => count(line) === line.quantity)) return {};
  const earlier = boxesAskedBack((await returnsOf(tx, order.id)).filter((r) => r.id < row.id));
  const found = await getOrderWithItems(tx, order.id);
  const amounts = returnAmountsCents(
    order,
    found?.items ?? [],
    lines
      .filter((line) => count(line) > 0)
      .map((line) => ({
        order_item_id: line.order_item_id,
        quantity: count(line),
        alreadyAsked: earlier.get(line.order_item_id) ?? 0,
      })),
    row.restocking_fee_percent,
  );
  return {
    merchandise_cents: amounts.merchandise,
    discount_cents: amounts.discount,
    tax_cents: amounts.tax,
    restocking_fee_cents: amounts.fee,
    refund_total_cents: amounts.total,
  };
}

/**
 * Staff record the boxes that came back, per line: restocked (sellable again, into the dye lot
 * they were sold from) or written off as damaged (never available again). Each line is received
 * once; when every line is, the return is received and its amounts are those of the boxes that
 * came back (a return refunded before receipt keeps what it refunded). 409 before approval, for
 * a declined return or a line already received; 422 for more boxes than were asked back.
 */
export async function receiveReturn(
  db: Db,
  id: number,
  receipt: ReturnReceipt,
  actor: string,
): Promise<AdminReturn> {
  return db.transaction(async (tx) => {
    const row = await lockReturn(tx, id);
    if (row.status === "declined")
      throw conflict("This return was declined: its boxes are not taken back.");
    if (row.status === "requested")
      throw conflict("Approve the return first: the customer needs the instructions to send it.");
    if (row.received_at) throw conflict("Every box of this return was already received.");
    checkReceipt(row, receipt);
    const order = await lockOrderOf(tx, row);
    const ref = {
      orderId: order.id,
      returnId: row.id,
      reference: `Return ${row.id} of order ${order.friendly_order_id}`,
      staff: actor,
    };
    // Each line names the dye lots its boxes came from, so the ledger rows name them too.
    const stockLines = async (pick: "restocked" | "written_off") => {
      const lines = [];
      for (const received of receipt.lines) {
        const line = row.lines.find((l) => l.order_item_id === received.order_item_id);
        if (line?.product_id == null || received[pick] === 0) continue;
        lines.push({
          productId: line.product_id,
          quantity: received[pick],
          lots: await lotPartsOfItem(tx, received.order_item_id, received[pick]),
        });
      }
      return lines;
    };
    await restockReturn(tx, await stockLines("restocked"), ref);
    await writeOffReturn(tx, await stockLines("written_off"), ref);
    for (const received of receipt.lines)
      await returnBoxesToLots(tx, received.order_item_id, received.restocked);
    const lines = row.lines.map((line) => {
      const received = receipt.lines.find((r) => r.order_item_id === line.order_item_id);
      return received
        ? {
            ...line,
            received: { restocked: received.restocked, written_off: received.written_off },
          }
        : line;
    });
    const complete = lines.every((line) => line.received);
    const refunded = row.status === "refunded";
    const updated = await saveReturn(tx, id, {
      lines,
      staff_note: receipt.staff_note ?? row.staff_note,
      ...(complete ? { received_at: new Date() } : {}),
      ...(complete && !refunded
        ? { status: "received" as const, ...(await receivedAmounts(tx, order, row, lines)) }
        : {}),
    });
    await writeAudit(tx, {
      actor,
      action: "order.return_received",
      entityType: "order",
      entityId: row.order_id,
      after: { return_id: row.id, lines: receipt.lines, complete },
    });
    return toAdminReturn(updated);
  });
}

/**
 * Staff refund a return through the provider that took the payment (idempotency key
 * `return-refund:{id}`, so a retry never pays twice), recorded in the payments ledger, and the
 * customer is emailed the amount. Once: a refunded return answers as it is. A return not yet
 * received needs `before_receipt_reason` (audited; its boxes still move only on receipt). 409
 * for a declined or unapproved return, one not received without a reason, or a refund larger
 * than what the customer paid and has not had back.
 */
export async function refundReturn(
  db: Db,
  id: number,
  provider: RefundIssuer,
  request: ReturnRefund & { publicUrl: string },
  actor: string,
): Promise<AdminReturn> {
  return db.transaction(async (tx) => {
    const row = await lockReturn(tx, id);
    if (row.status === "refunded") return toAdminReturn(row);
    if (row.status === "declined")
      throw conflict("This return was declined: it cannot be refunded.");
    if (row.status === "requested")
      throw conflict("Approve the return first: a return is refunded once its boxes come back.");
    const early = row.status === "approved" ? (request.before_receipt_reason ?? null) : null;
    if (row.status === "approved" && !early)
      throw conflict(
        "The boxes of this return have not been received: record them first, or refund before receipt and say why.",
      );
    // The order's lock too: a cancel refunding the same money waits for this, or this for it.
    const order = await lockOrderOf(tx, row);
    // A return the restocking fee eats whole moves no money.
    const amountCents = row.refund_total_cents;
    const refund =
      amountCents > 0
        ? await refundPayment(tx, order, provider, {
            amountCents,
            idempotencyKey: `return-refund:${row.id}`,
            staff: actor,
            reason: early
              ? `Return ${row.id}, before receipt: ${early}`
              : `Return ${row.id}: ${row.reason}`,
          })
        : null;
    if (refund)
      await queueRefundEmail(tx, order, refund, { publicUrl: request.publicUrl, cancelled: false });
    const updated = await saveReturn(tx, id, {
      status: "refunded",
      refund_id: refund?.provider_id ?? null,
      refunded_at: new Date(),
      refund_before_receipt_reason: early,
    });
    await writeAudit(tx, {
      actor,
      action: early ? "order.return_refunded_before_receipt" : "order.return_refunded",
      entityType: "order",
      entityId: row.order_id,
      after: {
        return_id: row.id,
        refund_id: refund?.provider_id ?? null,
        refund_total: dollarsText(row.refund_total_cents),
        ...(early ? { before_receipt_reason: early } : {}),
      },
    });
    return toAdminReturn(updated);
  });
}

/**
 * Staff decline a return before its boxes come back: no refund, no stock, its boxes may be asked
 * back again. A declined return answers as it is; 409 once a box was received or it was refunded.
 */
export async function declineReturn(
  db: Db,
  id: number,
  staffNote: string | null,
  actor: string,
): Promise<AdminReturn> {
  return db.transaction(async (tx) => {
    const row = await lockReturn(tx, id);
    if (row.status === "declined") return toAdminReturn(row);
    if (row.status === "refunded") throw conflict("This return was already refunded.");
    if (row.lines.some((line) => line.received))
      throw conflict("Boxes of this return were already received: refund it instead.");
    const updated = await saveReturn(tx, id, {
      status: "declined",
      staff_note: staffNote ?? row.staff_note,
    });
    await writeAudit(tx, {
      actor,
      action: "order.return_declined",
      entityType: "order",
      entityId: row.order_id,
      after: { return_id: row.id },
    });
    return toAdminReturn(updated);
  });
}
