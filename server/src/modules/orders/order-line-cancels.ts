import { toDollars, unitsShareCents } from "@mcf/contracts/money";
import type { CancelLinesQuote, CancelLinesRequest } from "@mcf/contracts/order-money";
import type { StaffRole } from "@mcf/contracts/staff";
import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { type OrderItemRow, type OrderRow, orderItems } from "../../db/schema/orders.ts";
import { conflict } from "../../errors.ts";
import { writeAudit } from "../audit/audit.service.ts";
import { releaseStock } from "../stock/stock.service.ts";
import { orderedBoxes, shippedBoxesByItem } from "./order-line-boxes.ts";
import { lineSharesOf } from "./order-line-shares.ts";
import { returnBoxesToLots } from "./order-lots.ts";
import {
  moneyFacts,
  paymentsOf,
  queueRefundEmail,
  type RefundIssuer,
  refundPayment,
} from "./order-payments.ts";
import { markShippedWhenNothingLeft } from "./order-shipments.ts";
import { holdsStock } from "./order-status.ts";
import { orderReference } from "./order-stock.ts";
import { applyEvent } from "./order-transitions.ts";
import { assertMayRefund } from "./refund-permissions.ts";

/** Boxes of one line to cancel, after the `alreadyCancelled` boxes earlier cancels took. */
export interface CancelledBoxes {
  orderItemId: number;
  boxes: number;
  alreadyCancelled: number;
}

type PricedOrder = Pick<
  OrderRow,
  "discount_amount_cents" | "tax_amount_cents" | "total_amount_cents"
>;
type PricedLine = Pick<OrderItemRow, "id" | "quantity" | "total_price_cents">;

/**
 * The refund of cancelling some boxes, in cents, line by line: each line's price less its share of
 * the order's discount, plus its share of the tax (`lineSharesOf`), split over its boxes by the
 * same rule (`unitsShareCents`). A cancel takes a line's boxes from its end (boxes
 * [quantity − already − boxes, quantity − already)), so returns, which count from its start, and
 * cancels never share a box. When the cancel leaves no box on the order (`lastCancel`), it gives
 * back everything the customer paid and has not had back (`heldCents`): the delivery too, which is
 * refunded only then, since the boxes left still travel.
 */
export function cancelRefundCents(
  order: PricedOrder,
  items: PricedLine[],
  cancelled: CancelledBoxes[],
  options: { lastCancel: boolean; heldCents: number },
): { total: number; lines: Array<{ orderItemId: number; cents: number }> } {
  const shareOf = lineSharesOf(order, items);
  const perLine = cancelled.map((line) => {
    const { item, price, discount, tax } = shareOf(line.orderItemId);
    const boxes = [
      item.quantity,
      item.quantity - line.alreadyCancelled - line.boxes,
      line.boxes,
    ] as const;
    const cents =
      unitsShareCents(price, ...boxes) -
      unitsShareCents(discount, ...boxes) +
      unitsShareCents(tax, ...boxes);
    return { orderItemId: line.orderItemId, cents };
  });
  const sum = perLine.reduce((total, line) => total + line.cents, 0);
  return {
    total: options.lastCancel ? options.heldCents : Math.min(sum, options.heldCents),
    lines: perLine,
  };
}

/** Why the order's lines cannot be cancelled now, or null. */
function cancelRefusal(order: OrderRow): string | null {
  if (order.status === "cancelled") return "This order is already cancelled.";
  if (
    order.status === "shipped" ||
    order.status === "delivered" ||
    order.stock_status === "shipped" ||
    order.shipped_at
  )
    return "This order has shipped, so its lines can no longer be cancelled. Start a return for the boxes the customer sends back instead.";
  if (order.payment_status !== "paid")
    return "This order is not paid, so there is nothing to refund. Set it to cancelled, or wait for the payment.";
  return null;
}

/**
 * The boxes asked for, checked against what each line has left (not cancelled, not already gone
 * in a shipment); 409 naming the line otherwise.
 */
function checkedBoxes(
  items: OrderItemRow[],
  asked: CancelLinesRequest["lines"],
  shipped: Map<number, number>,
): CancelledBoxes[] {
  return asked.map((line) => {
    const item = items.find((candidate) => candidate.id === line.order_item_id);
    if (!item) throw conflict(`Line ${line.order_item_id} is not part of this order.`);
    const left = orderedBoxes(item, shipped.get(item.id));
    if (left === 0)
      throw conflict(
        `"${item.product_name}" was already cancelled: it has no boxes left to cancel.`,
      );
    if (line.boxes > left)
      throw conflict(
        `"${item.product_name}" has ${left} ${left === 1 ? "box" : "boxes"} left to cancel, not ${line.boxes}. Nothing was changed.`,
      );
    return { orderItemId: item.id, boxes: line.boxes, alreadyCancelled: item.cancelled_quantity };
  });
}

/**
 * What cancelling these boxes of the locked order refunds (409 when it cannot be done; nothing
 * changes here).
 */
export async function quoteLineCancel(
  tx: DbOrTx,
  order: OrderRow,
  items: OrderItemRow[],
  asked: CancelLinesRequest["lines"],
): Promise<CancelLinesQuote & { cents: number; boxes: CancelledBoxes[] }> {
  const refusal = cancelRefusal(order);
  if (refusal) throw conflict(refusal);
  const boxes = checkedBoxes(items, asked, await shippedBoxesByItem(tx, [order.id]));
  const boxesLeft =
    items.reduce((sum, item) => sum + orderedBoxes(item), 0) -
    boxes.reduce((sum, line) => sum + line.boxes, 0);
  const held = moneyFacts(order, await paymentsOf(tx, order.id)).held;
  const refund = cancelRefundCents(order, items, boxes, {
    lastCancel: boxesLeft === 0,
    heldCents: held,
  });
  return {
    cents: refund.total,
    boxes,
    refund: toDollars(refund.total),
    lines: refund.lines.map((line) => ({
      order_item_id: line.orderItemId,
      boxes: boxes.find((box) => box.orderItemId === line.orderItemId)?.boxes ?? 0,
      refund: toDollars(line.cents),
    })),
    cancels_order: boxesLeft === 0,
  };
}

/**
 * Cancels boxes of some lines of a locked, paid order that has not shipped: refunds their share
 * through the provider that took the payment (a staff role limit is checked first: 403), records
 * it in the ledger, releases their allocation through the stock module and puts them back into
 * their dye lots, audits the staff member and emails the customer. When no box is left the order
 * becomes cancelled; when every box left already shipped (in part shipments), it becomes
 * shipped. The order's row lock makes it exactly once: a second identical request finds the boxes
 * gone (409), or, when it names the cancelled boxes it saw (`cancelled_before`), finds more
 * cancelled than that (409). Returns the quote it carried out.
 */
export async function cancelLockedOrderLines(
  tx: DbOrTx,
  order: OrderRow,
  items: OrderItemRow[],
  request: CancelLinesRequest,
  options: { actor: string; role: StaffRole; refunds: RefundIssuer; publicUrl: string },
): Promise<CancelLinesQuote> {
  const cancelsSoFar = items.reduce((sum, item) => sum + item.cancelled_quantity, 0);
  if (request.cancelled_before !== undefined && request.cancelled_before !== cancelsSoFar)
    throw conflict(
      "Boxes of this order were cancelled since you looked, so nothing was changed. Look at the order again before cancelling more.",
    );
  const quote = await quoteLineCancel(tx, order, items, request.lines);
  const { cents: _cents, boxes: _boxes, ...answer } = quote;
  if (request.preview) return answer;
  if (quote.cents > 0) await assertMayRefund(tx, options.role, quote.cents);
  // The refund first, while only the order is locked: the provider call never holds stock locks.
  const refund =
    quote.cents > 0
      ? await refundPayment(tx, order, options.refunds, {
          amountCents: quote.cents,
          idempotencyKey: `cancel-lines:${order.id}:${cancelsSoFar}:${quote.cents}`,
          staff: options.actor,
          reason: `Lines cancelled: ${request.reason}`,
        })
      : null;
  // Backordered boxes go first: the order does not hold them, so cancelling them releases its
  // claim on the purchase order's boxes and moves no stock.
  const held: CancelledBoxes[] = [];
  for (const line of quote.boxes) {
    const item = items.find((candidate) => candidate.id === line.orderItemId);
    const fromBackorder = Math.min(line.boxes, item?.backordered_boxes ?? 0);
    await tx
      .update(orderItems)
      .set({
        cancelled_quantity: sql`${orderItems.cancelled_quantity} + ${line.boxes}`,
        backordered_boxes: sql`${orderItems.backordered_boxes} - ${fromBackorder}`,
      })
      .where(eq(orderItems.id, line.orderItemId));
    if (line.boxes > fromBackorder) held.push({ ...line, boxes: line.boxes - fromBackorder });
  }
  await releaseCancelledBoxes(tx, order, items, held, options.actor);
  if (quote.cancels_order) await applyEvent(tx, [order], "cancel", { actor: options.actor });
  // A partly shipped order whose unshipped rest was cancelled has nothing left to wait for.
  else await markShippedWhenNothingLeft(tx, order, options.actor);
  const named = quote.boxes.map((line) => {
    const item = items.find((candidate) => candidate.id === line.orderItemId);
    return `${line.boxes} × ${item?.product_name ?? `line ${line.orderItemId}`}`;
  });
  await writeAudit(tx, {
    actor: options.actor,
    action: "order.lines_cancelled",
    entityType: "order",
    entityId: order.id,
    after: {
      lines: quote.lines,
      reason: request.reason,
      refund: quote.refund,
      refund_id: refund?.provider_id ?? null,
      order_cancelled: quote.cancels_order,
    },
  });
  if (refund)
    await queueRefundEmail(tx, order, refund, {
      publicUrl: options.publicUrl,
      cancelled: quote.cancels_order,
      cancelledLines: named,
    });
  return answer;
}

/** The cancelled boxes the order held go back to be sold, and into the lots they came from. */
async function releaseCancelledBoxes(
  tx: DbOrTx,
  order: OrderRow,
  items: OrderItemRow[],
  boxes: CancelledBoxes[],
  actor: string,
): Promise<void> {
  if (!holdsStock(order)) return;
  const from = order.stock_status === "committed" ? "allocated" : "reserved";
  const moves = boxes.flatMap((line) => {
    const item = items.find((candidate) => candidate.id === line.orderItemId);
    return item?.kind === "box" && item.product_id !== null
      ? [
          {
            productId: item.product_id,
            quantity: line.boxes,
            from,
            ref: orderReference(order, actor),
          } as const,
        ]
      : [];
  });
  await releaseStock(tx, moves);
  for (const line of boxes) await returnBoxesToLots(tx, line.orderItemId, line.boxes);
}
