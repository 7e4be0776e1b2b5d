import { multiplyCents, toDollars, unitsShareCents } from "@mcf/contracts/money";
import { trackingNotFoundMessage } from "@mcf/contracts/orders";
import type { AdminReturn, ReturnOptions, ReturnRequest, ReturnView } from "@mcf/contracts/returns";
import { asc, eq } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client.ts";
import {
  type OrderItemRow,
  type OrderReturnRow,
  type OrderRow,
  orderReturns,
  type StoredReturnLine,
} from "../../db/schema/orders.ts";
import { conflict, invalid, notFound } from "../../errors.ts";
import { storeIdentity } from "../../mail/store-identity.ts";
import { orderedBoxes } from "./order-line-boxes.ts";
import { lineSharesOf } from "./order-line-shares.ts";
import { findOrder, getOrderWithItems, lockOrder } from "./orders.repository.ts";

const dayMs = 24 * 60 * 60 * 1000;

/** The return rules the owner sets in Settings (business numbers). */
export interface ReturnTerms {
  restockingFeePercent: number;
  windowDays: number;
}

/**
 * The last moment a return can be asked for: the window's days after the order was delivered when
 * staff recorded the delivery, else after it shipped (or was picked up).
 */
function windowEnd(order: OrderRow, windowDays: number): Date | null {
  const from = order.delivered_at ?? order.shipped_at;
  return from ? new Date(from.getTime() + windowDays * dayMs) : null;
}

/** Why the order cannot take a return now, or null. */
function unavailableReason(order: OrderRow, now: Date, windowDays: number): string | null {
  if (order.payment_status !== "paid" || order.status === "cancelled")
    return "This order was not paid or was cancelled, so there is nothing to return.";
  const ends = windowEnd(order, windowDays);
  if (!ends || (order.status !== "shipped" && order.status !== "delivered"))
    return "Returns open once your order has shipped or been picked up.";
  if (now > ends)
    return `Returns are accepted within ${windowDays} days of ${order.delivered_at ? "delivery" : "shipping"}, and that window closed on ${ends.toISOString().slice(0, 10)}. Please call us at ${storeIdentity().phone}.`;
  return null;
}

/** Boxes of one line coming back, after the `alreadyAsked` boxes earlier returns took. */
export interface ReturnedBoxes {
  order_item_id: number;
  quantity: number;
  alreadyAsked: number;
}

/**
 * The refund of some boxes: their price as paid, less their share of the order's discount; the
 * tax charged on that; less the restocking fee on the merchandise. Shipping is not refunded.
 * Each line's discount and tax (`lineSharesOf`) split over its boxes by the same rule, a return
 * taking the boxes after those earlier returns took. So the returns of every box of an order give
 * back exactly its discount and its tax, never a cent more.
 */
export function returnAmountsCents(
  order: Pick<OrderRow, "discount_amount_cents" | "tax_amount_cents">,
  items: Array<Pick<OrderItemRow, "id" | "quantity" | "unit_price_cents" | "total_price_cents">>,
  returned: ReturnedBoxes[],
  restockingFeePercent: number,
) {
  const shareOf = lineSharesOf(order, items);
  let merchandise = 0;
  let discount = 0;
  let tax = 0;
  for (const line of returned) {
    const share = shareOf(line.order_item_id);
    merchandise += share.item.unit_price_cents * line.quantity;
    const boxes = [share.item.quantity, line.alreadyAsked, line.quantity] as const;
    discount += unitsShareCents(share.discount, ...boxes);
    tax += unitsShareCents(share.tax, ...boxes);
  }
  const net = merchandise - discount;
  const fee = multiplyCents(net, restockingFeePercent / 100);
  return { merchandise, discount, tax, fee, total: net + tax - fee };
}

function toReturnView(row: OrderReturnRow): ReturnView {
  return {
    id: row.id,
    status: row.status,
    created_at: row.created_at.toISOString(),
    reason: row.reason,
    lines: row.lines.map((line) => ({
      order_item_id: line.order_item_id,
      product_name: line.product_name,
      quantity: line.quantity,
      received: line.received ?? null,
    })),
    instructions: row.instructions,
    approved_at: row.approved_at?.toISOString() ?? null,
    received_at: row.received_at?.toISOString() ?? null,
    amounts: {
      merchandise: toDollars(row.merchandise_cents),
      discount: toDollars(row.discount_cents),
      tax: toDollars(row.tax_cents),
      restocking_fee: toDollars(row.restocking_fee_cents),
      refund_total: toDollars(row.refund_total_cents),
    },
    refunded_at: row.refunded_at?.toISOString() ?? null,
  };
}

export function toAdminReturn(row: OrderReturnRow): AdminReturn {
  return {
    ...toReturnView(row),
    order_id: row.order_id,
    refund_id: row.refund_id,
    staff_note: row.staff_note,
    refund_before_receipt_reason: row.refund_before_receipt_reason,
  };
}

export async function returnsOf(db: DbOrTx, orderId: string): Promise<OrderReturnRow[]> {
  return db
    .select()
    .from(orderReturns)
    .where(eq(orderReturns.order_id, orderId))
    .orderBy(asc(orderReturns.id));
}

/** Boxes of each line already asked back by returns not declined (a declined one frees them). */
export function boxesAskedBack(returns: OrderReturnRow[]): Map<number, number> {
  const asked = new Map<number, number>();
  for (const row of returns) {
    if (row.status === "declined") continue;
    for (const line of row.lines)
      asked.set(line.order_item_id, (asked.get(line.order_item_id) ?? 0) + line.quantity);
  }
  return asked;
}

function optionsFor(
  order: OrderRow,
  items: OrderItemRow[],
  returns: OrderReturnRow[],
  terms: ReturnTerms,
  now: Date,
): ReturnOptions {
  const asked = boxesAskedBack(returns);
  const ends = windowEnd(order, terms.windowDays);
  return {
    unavailable_reason: unavailableReason(order, now, terms.windowDays),
    window_ends: ends ? ends.toISOString().slice(0, 10) : null,
    return_window_days: terms.windowDays,
    restocking_fee_percent: terms.restockingFeePercent,
    // Samples are the customer's to keep: only boxes come back.
    lines: items
      .filter((item) => item.kind !== "sample")
      .map((item) => ({
        order_item_id: item.id,
        product_name: item.product_name,
        quantity: item.quantity,
        returnable: item.final_sale
          ? 0
          : Math.max(0, orderedBoxes(item) - (asked.get(item.id) ?? 0)),
        final_sale: item.final_sale,
        selling_unit: item.selling_unit,
      })),
    returns: returns.map(toReturnView),
  };
}

/** What /track shows about returns of the order a tracking link names. 404 for an unknown link. */
export async function returnOptions(
  db: Db,
  token: string,
  terms: ReturnTerms,
  now = new Date(),
): Promise<ReturnOptions> {
  const order = await findOrder(db, { trackingToken: token });
  if (!order) throw notFound(trackingNotFoundMessage);
  const found = await getOrderWithItems(db, order.id);
  return optionsFor(order, found?.items ?? [], await returnsOf(db, order.id), terms, now);
}

/**
 * A customer asks to send back unopened boxes (under the order's row lock, so two requests never
 * ask back the same boxes). Refused with 409 outside the return window or before shipping, 422 for
 * a closeout (final sale), an unknown line or more boxes than are left to return. Returns the
 * return as the customer sees it.
 */
export async function requestReturn(
  db: Db,
  token: string,
  request: ReturnRequest,
  terms: ReturnTerms,
  now = new Date(),
): Promise<ReturnView> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, { trackingToken: token });
    if (!order) throw notFound(trackingNotFoundMessage);
    const reason = unavailableReason(order, now, terms.windowDays);
    if (reason) throw conflict(reason);
    const found = await getOrderWithItems(tx, order.id);
    const items = new Map((found?.items ?? []).map((item) => [item.id, item]));
    const asked = boxesAskedBack(await returnsOf(tx, order.id));
    const wanted = new Map<number, number>();
    for (const line of request.lines)
      wanted.set(line.order_item_id, (wanted.get(line.order_item_id) ?? 0) + line.quantity);
    const lines: StoredReturnLine[] = [];
    for (const [itemId, quantity] of wanted) {
      const item = items.get(itemId);
      if (!item || item.kind === "sample") throw invalid("That line is not part of this order.");
      if (item.final_sale)
        throw invalid(
          `"${item.product_name}" was a closeout: closeouts are final sale and cannot be returned.`,
        );
      const left = orderedBoxes(item) - (asked.get(itemId) ?? 0);
      if (quantity > left)
        throw invalid(
          `Only ${left} ${left === 1 ? "box" : "boxes"} of "${item.product_name}" can still be returned.`,
        );
      lines.push({
        order_item_id: item.id,
        product_id: item.product_id,
        product_name: item.product_name,
        quantity,
        unit_price_cents: item.unit_price_cents,
      });
    }
    const amounts = returnAmountsCents(
      order,
      found?.items ?? [],
      lines.map((line) => ({
        order_item_id: line.order_item_id,
        quantity: line.quantity,
        alreadyAsked: asked.get(line.order_item_id) ?? 0,
      })),
      terms.restockingFeePercent,
    );
    const [row] = await tx
      .insert(orderReturns)
      .values({
        order_id: order.id,
        reason: request.reason,
        lines,
        merchandise_cents: amounts.merchandise,
        discount_cents: amounts.discount,
        tax_cents: amounts.tax,
        restocking_fee_cents: amounts.fee,
        refund_total_cents: amounts.total,
        restocking_fee_percent: terms.restockingFeePercent,
      })
      .returning();
    if (!row) throw new Error("return insert returned no row");
    return toReturnView(row);
  });
}

/** Returns of one order, for staff. */
export async function listOrderReturns(db: Db, orderId: string): Promise<AdminReturn[]> {
  return (await returnsOf(db, orderId)).map(toAdminReturn);
}

/** Locks one return for a step (approve, receive, refund, decline). 404 for an unknown return. */
export async function lockReturn(tx: DbOrTx, id: number): Promise<OrderReturnRow> {
  const [row] = await tx.select().from(orderReturns).where(eq(orderReturns.id, id)).for("update");
  if (!row) throw notFound("Return not found");
  return row;
}
