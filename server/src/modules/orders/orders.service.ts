import type { AdminOrder, OrderPayment } from "@mcf/contracts/admin";
import type { OrderLineLotChoices } from "@mcf/contracts/lots";
import { toDollars } from "@mcf/contracts/money";
import type { CancelLinesQuote, CancelLinesRequest } from "@mcf/contracts/order-money";
import type { OrderStatus, PaymentStatus, TrackingResult } from "@mcf/contracts/orders";
import type { SoldOut } from "@mcf/contracts/payment-start";
import type { StaffRole } from "@mcf/contracts/staff";
import { shortStockMessage } from "@mcf/contracts/stock-options";
import { eq } from "drizzle-orm";
import type { Db, DbOrTx, Tx } from "../../db/client.ts";
import { type OrderItemRow, type OrderRow, orderItems } from "../../db/schema/orders.ts";
import { AppError, conflict, notFound } from "../../errors.ts";
import { writeAudit } from "../audit/audit.service.ts";
import { findProductRows } from "../catalog/catalog.service.ts";
import { recordCouponUse } from "../coupons/coupons.service.ts";
import {
  lockAvailable,
  lotBoxesLeft,
  productsWithLots,
  reserveStock,
} from "../stock/stock.service.ts";
import { queueOrderConfirmation, queueShippedEmail } from "./order-emails.ts";
import { orderedBoxes, shippedBoxesByItem } from "./order-line-boxes.ts";
import { cancelLockedOrderLines } from "./order-line-cancels.ts";
import { lineLotChoices, moveLineToLot } from "./order-line-lot.ts";
import { allocateLots, lotsByItem } from "./order-lots.ts";
import { type OrderMetricsHook, orderMetrics } from "./order-metrics.ts";
import {
  auditRefund,
  isRefunded,
  moneyFacts,
  moneyTotalsByOrder,
  paidRefundedNet,
  paymentsOf,
  queueRefundEmail,
  type RefundIssuer,
  recordCharge,
  refundPayment,
  toOrderPayment,
} from "./order-payments.ts";
import { fulfillmentLabel, markPickedUp, markReadyForPickup, pickupOf } from "./order-pickup.ts";
import {
  boxesLeftToShip,
  boxesReadyToShip,
  insertShipment,
  orderBoxesLeft,
  pickupNotShipped,
  recordShipment,
  type ShipmentInput,
  shipmentsOf,
} from "./order-shipments.ts";
import { nextStatus, reopenRefusal, statusMove } from "./order-status.ts";
import {
  backorderReference,
  commitStock,
  findShortLine,
  lotLinesOf,
  type StockLine,
} from "./order-stock.ts";
import { applyEvent, auditChange } from "./order-transitions.ts";
import { lineLotFields, orderDelivery, toAdminOrder, toTrackingResult } from "./order-views.ts";
import {
  findOrder,
  findOrders,
  findPaidOrderByNumberAndEmail,
  getOrderWithItems,
  insertOrder,
  itemsByOrder,
  listOrders,
  lockOrder,
  lockOverdueUnpaidOrders,
  type NewOrderItemRow,
  type NewOrderRow,
  type OrderWithItems,
  updateOrder,
} from "./orders.repository.ts";
import { assertMayRefund } from "./refund-permissions.ts";

/** The order row types other modules read (payments, installs, claims): the tables stay here. */
export type {
  OrderItemRow,
  OrderRow,
  StoredDeliveryAnswers,
} from "../../db/schema/orders.ts";
export {
  allocateArrivedBackorders,
  backorderedBoxesByProduct,
  lockWaitingBackorders,
} from "./order-backorders.ts";
export { type DeliveredLine, emailBoughtProduct, listDeliveredLines } from "./order-buyers.ts";
export { heldBoxesByLot } from "./order-lot-holdings.ts";
export type { OrderMetricsHook } from "./order-metrics.ts";
export {
  approveReturn,
  declineReturn,
  receiveReturn,
  refundReturn,
} from "./order-return-steps.ts";
export { listOrderReturns, requestReturn, returnOptions } from "./order-returns.ts";
export { listPartnerOrders, paidOrderCounts } from "./partner-orders.ts";
export { recordProviderRefunds } from "./provider-refunds.ts";
export {
  assertMayRefund,
  listRefundPermissions,
  refundAllowanceOf,
  saveRefundPermissions,
} from "./refund-permissions.ts";
export {
  listSamplesToSend,
  markSamplesSent,
  queueDueSampleFollowUps,
  sendSampleFollowUpNow,
} from "./sample-orders.ts";
export { listOrdersByEmail, sampledProductIdsByEmail } from "./shopper-orders.ts";
export { refundUnwantedPayment } from "./unwanted-payments.ts";
export { getOrderWithItems, type OrderWithItems, orderDelivery, type RefundIssuer };

/** How long a payment session (and the stock it reserves) stays open. */
const paymentSessionMinutes = 30;

/**
 * When a payment session opened at `now` closes: the one payment expiry of the store (checkout,
 * installation deposits, both providers). `extraMinutes` is a provider's margin (Stripe wants at
 * least 30 minutes when the session reaches it).
 */
export function paymentExpiresAt(now = new Date(), extraMinutes = 0): Date {
  return new Date(now.getTime() + (paymentSessionMinutes + extraMinutes) * 60_000);
}

/** A priced cart about to become a pending order. */
export interface NewOrder {
  order: Omit<NewOrderRow, "status" | "payment_status" | "stock_status">;
  items: NewOrderItemRow[];
  /** Per item (same order): the dye lot the shopper chose for it, or null. */
  itemLotIds?: Array<number | null>;
}

/**
 * The 409 of a short line. The product and the boxes left travel with the sentence, so the
 * checkout can offer to adjust the cart instead of only showing an error.
 */
function soldOutError(productId: number, productName: string | undefined, available: number) {
  const name = productName ?? `Product ${productId}`;
  const soldOut: SoldOut = {
    product_id: productId,
    product_name: name,
    available: Math.max(0, available),
  };
  return new AppError("conflict", shortStockMessage(name, available), { sold_out: soldOut });
}

/**
 * The boxes open purchase orders will still bring per product, net of those promised to other
 * backorders (the purchasing module answers; the orders module cannot import it). Absent: the
 * store takes no backorders.
 */
export type BackorderCover = (db: DbOrTx, productIds: number[]) => Promise<Map<number, number>>;

/**
 * Before any lock is taken: the same 409 placePendingOrder would throw when a line already wants
 * more boxes than are on the shelf (one read) and open purchase orders do not cover the rest,
 * else null. In a closeout rush most buyers are answered by it, without a transaction; the ones
 * that pass still reserve atomically.
 */
export async function shortStockError(
  db: DbOrTx,
  lines: StockLine[],
  cover?: BackorderCover,
): Promise<AppError | null> {
  const short = await findShortLine(db, lines);
  if (!short) return null;
  if (cover) {
    const extra = await findShortLine(
      db,
      lines,
      await cover(
        db,
        lines.map((l) => l.productId),
      ),
    );
    if (!extra) return null;
    return soldOutError(extra.productId, extra.name, extra.available);
  }
  return soldOutError(short.productId, short.name, short.available);
}

/**
 * Splits the new order's box lines into boxes available now and boxes backordered, under the
 * product locks (`lockAvailable`, id order): a product whose lines want more than is available
 * backorders the rest when open purchase orders cover it (`cover`) and none of its lines asked for
 * a dye lot; else 409 naming it and the boxes available now. The last lines of a product are
 * backordered first. Returns the lines with their backordered boxes set.
 */
async function splitBackorders(
  tx: Tx,
  items: OrderItemRow[],
  itemLotIds: Array<number | null>,
  cover: BackorderCover | undefined,
): Promise<OrderItemRow[]> {
  const boxLines = items.filter((item) => item.kind === "box" && item.product_id !== null);
  const available = await lockAvailable(
    tx,
    boxLines.map((item) => item.product_id as number),
  );
  const wanted = new Map<number, number>();
  for (const item of boxLines)
    wanted.set(
      item.product_id as number,
      (wanted.get(item.product_id as number) ?? 0) + item.quantity,
    );
  const short = [...wanted]
    .map(([productId, boxes]) => ({
      productId,
      missing: boxes - Math.max(0, available.get(productId)?.available ?? 0),
    }))
    .filter((line) => line.missing > 0 && available.has(line.productId));
  if (short.length === 0) return items;
  const covered = cover
    ? await cover(
        tx,
        short.map((line) => line.productId),
      )
    : new Map<number, number>();
  const backordered = new Map<number, number>();
  for (const { productId, missing } of short) {
    const withLot = items.some(
      (item, index) => item.product_id === productId && (itemLotIds[index] ?? null) !== null,
    );
    if (withLot || missing > (covered.get(productId) ?? 0)) {
      const name = items.find((item) => item.product_id === productId)?.product_name;
      throw soldOutError(productId, name, available.get(productId)?.available ?? 0);
    }
    let left = missing;
    for (const item of [...boxLines].reverse()) {
      if (item.product_id !== productId || left === 0) continue;
      const boxes = Math.min(left, item.quantity);
      backordered.set(item.id, boxes);
      left -= boxes;
    }
  }
  for (const [id, boxes] of backordered)
    await tx.update(orderItems).set({ backordered_boxes: boxes }).where(eq(orderItems.id, id));
  return items.map((item) => ({
    ...item,
    backordered_boxes: backordered.get(item.id) ?? item.backordered_boxes,
  }));
}

/**
 * A new order's boxes to reserve, per line, with the dye lots its lines just took (one read: a
 * new order has shipped nothing and given nothing back).
 */
async function newOrderStockLines(tx: Tx, items: OrderItemRow[]): Promise<StockLine[]> {
  const lines = lotLinesOf(items);
  const lots = await lotsByItem(
    tx,
    lines.map((line) => line.orderItemId),
  );
  return lines.map((line) => ({
    productId: line.productId,
    quantity: line.quantity,
    lots: (lots.get(line.orderItemId) ?? []).flatMap((lot) =>
      lot.lot_id === null ? [] : [{ lotId: lot.lot_id, boxes: lot.boxes }],
    ),
  }));
}

/**
 * The lines with what a box of their product costs the store today, kept on the line so the
 * sale's margin stays what it was when the product's cost changes later (null without a cost).
 */
async function withCostOfSale(tx: Tx, items: NewOrderItemRow[]): Promise<NewOrderItemRow[]> {
  const ids = [...new Set(items.flatMap((item) => (item.product_id ? [item.product_id] : [])))];
  const costs = new Map(
    (await findProductRows(tx, ids)).map((product) => [product.id, product.cost_per_box_cents]),
  );
  return items.map((item) => ({
    ...item,
    cost_per_box_cents: item.product_id ? (costs.get(item.product_id) ?? null) : null,
  }));
}

/**
 * Inside the caller's transaction: inserts the pending order with its lines (and their cost of
 * sale), splits each product's
 * boxes into those available now and those backordered (`cover`: what open purchase orders still
 * bring), chooses the dye lots of the boxes available now and reserves them (ledger rows naming
 * their lots and the boxes backordered). Throws 409 naming the product when stock is short and
 * not covered (the caller's transaction then rolls back every line).
 */
export async function placePendingOrder(
  tx: Tx,
  input: NewOrder,
  cover?: BackorderCover,
): Promise<OrderWithItems> {
  const inserted = await insertOrder(tx, input.order, await withCostOfSale(tx, input.items));
  const itemLotIds = inserted.items.map((_, index) => input.itemLotIds?.[index] ?? null);
  const created = {
    order: inserted.order,
    items: await splitBackorders(tx, inserted.items, itemLotIds, cover),
  };
  // The boxes' dye lots first, under the product locks taken above (a chosen lot short is a
  // 409), so the reservation's ledger rows name them.
  await allocateLots(
    tx,
    lotLinesOf(created.items, (index) => itemLotIds[index] ?? null),
    { strict: true, stockTaken: false },
  );
  // The checkout holds its boxes (reserved) while the payment is open: one conditional update per
  // product, so two buyers can never take the same last box.
  const short = await reserveStock(
    tx,
    await newOrderStockLines(tx, created.items),
    backorderReference(created.order, created.items),
  );
  if (short) {
    const name = input.items.find((item) => item.product_id === short.productId)?.product_name;
    throw soldOutError(short.productId, name, short.available);
  }
  return created;
}

/** Records the payment session that will pay the order, and when it closes. */
export async function attachPaymentSession(
  db: Db,
  orderId: string,
  session: { id: string; expiresAt: Date },
): Promise<void> {
  await updateOrder(db, orderId, {
    payment_session_id: session.id,
    payment_expires_at: session.expiresAt,
  });
}

/** The order a tracking link names, or null. */
export function findOrderByTrackingToken(db: DbOrTx, token: string): Promise<OrderRow | null> {
  return findOrder(db, { trackingToken: token });
}

/** Orders by id (ids naming no order are left out). */
export async function findOrdersByIds(db: DbOrTx, ids: string[]): Promise<Map<string, OrderRow>> {
  const rows = await findOrders(db, ids);
  return new Map(rows.map((row) => [row.id, row]));
}

export function findOrderBySessionId(db: DbOrTx, sessionId: string): Promise<OrderRow | null> {
  return findOrder(db, { sessionId });
}

export interface PaidResult {
  orderId: string;
  /** True only for the one call that turned the order paid. */
  newlyPaid: boolean;
  /** Paid after its reservation was released and the stock ran short: staff must look. */
  needsAttention: boolean;
}

/**
 * Marks the order of a paid payment session paid, exactly once, whichever provider or page
 * reports it first (row lock on the order): stock committed (see commitStock), the coupon use
 * counted and the confirmation queued (one per order). Returns null for an unknown session.
 */
export async function markPaid(
  db: Db,
  sessionId: string,
  options: { publicUrl: string; metrics?: OrderMetricsHook },
): Promise<PaidResult | null> {
  const outcome = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, { sessionId });
    if (!order) return null;
    if (order.payment_status === "paid")
      return {
        orderId: order.id,
        newlyPaid: false,
        needsAttention: order.needs_attention,
        paid: null,
      };
    // Coupon before products: the same lock order as checkout (coupon, then products).
    if (order.coupon_code) await recordCouponUse(tx, order.coupon_code);
    const stock = await commitStock(tx, order);
    await updateOrder(tx, order.id, {
      status: nextStatus("markPaid", order.status),
      payment_status: "paid",
      paid_at: new Date(),
      ...stock,
    });
    const charged = await recordCharge(tx, order);
    await queueOrderConfirmation(tx, order.id, { publicUrl: options.publicUrl });
    const paid = { provider: order.payment_provider, charged };
    return { orderId: order.id, newlyPaid: true, needsAttention: stock.needs_attention, paid };
  });
  if (!outcome) return null;
  const { paid, ...result } = outcome;
  // Counted once the order is committed paid: a rolled-back attempt is not an order.
  if (paid) {
    orderMetrics(options.metrics).orderPlaced(paid.provider);
    if (paid.charged) orderMetrics(options.metrics).paymentSucceeded(paid.provider);
  }
  return result;
}

/** Why an unpaid order stops waiting for its payment. */
export type UnpaidOutcome = Extract<PaymentStatus, "failed" | "expired" | "cancelled">;

/**
 * Ends the wait for payment of an unpaid order (declined, expired or cancelled): status
 * cancelled and its reserved stock returned, exactly once. A paid order is never touched (the
 * order's row lock decides against a payment confirmed at the same time). Runs in the caller's
 * transaction when given one. Returns true when this call cancelled it.
 */
export async function cancelUnpaid(
  db: DbOrTx,
  key: { sessionId: string } | { orderId: string },
  outcome: UnpaidOutcome,
  metrics?: OrderMetricsHook,
): Promise<boolean> {
  const provider = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, key);
    if (order?.payment_status !== "unpaid") return null;
    await applyEvent(tx, [order], "cancelUnpaid", {
      changes: () => ({ payment_status: outcome }),
    });
    return order.payment_provider;
  });
  if (provider === null) return false;
  orderMetrics(metrics).paymentFailed(provider, outcome);
  return true;
}

/**
 * The expiry sweep: unpaid orders past `payment_expires_at` become cancelled with payment
 * `expired` and their stock returns. Several processes may sweep at once (rows another holds are
 * skipped). Returns how many orders it expired.
 */
export async function expireOverduePayments(
  db: Db,
  now = new Date(),
  batchSize = 100,
  metrics?: OrderMetricsHook,
): Promise<number> {
  const expired = await db.transaction(async (tx) => {
    const due = await lockOverdueUnpaidOrders(tx, now, batchSize);
    await applyEvent(tx, due, "cancelUnpaid", {
      changes: () => ({ payment_status: "expired" }),
    });
    return due;
  });
  for (const order of expired)
    orderMetrics(metrics).paymentFailed(order.payment_provider, "expired");
  return expired.length;
}

/** Order ids are UUIDs: any other text names no order (and must not reach a uuid column). */
const orderIdShape = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function lockOrFail(tx: DbOrTx, orderId: string): Promise<OrderRow> {
  if (!orderIdShape.test(orderId)) throw notFound("Order not found");
  const order = await lockOrder(tx, { orderId });
  if (!order) throw notFound("Order not found");
  return order;
}

/**
 * Staff set any of the five statuses (`statusMoves` says what each move does to stock, money and
 * email, and which is refused); with `sendEmail`, setting shipped also queues the shipped email.
 * Cancelling refunds what the customer paid and has not had back; a cancelled, refunded order is
 * not reopened (409). Everything happens under the order's row lock, so 20 clicks on "cancel" refund once.
 * Returns whether an email was queued.
 */
export async function setStatusByStaff(
  db: Db,
  orderId: string,
  status: OrderStatus,
  options: {
    sendEmail: boolean;
    publicUrl: string;
    actor: string;
    role: StaffRole;
    refunds: RefundIssuer;
  },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const before = await lockOrFail(tx, orderId);
    const move = statusMove(before.status, status);
    const money = moneyFacts(before, await paymentsOf(tx, before.id));
    if (move.refusalWhenRefunded && isRefunded(money)) throw conflict(move.refusalWhenRefunded);
    const refunding = move.money === "refund" && money.held > 0;
    if (refunding) await assertMayRefund(tx, options.role, money.held);
    // The refund first, while only the order is locked: the provider call never holds stock locks.
    const refund = refunding
      ? await refundPayment(tx, before, options.refunds, {
          amountCents: money.held,
          idempotencyKey: `cancel-refund:${before.id}:${money.held}`,
          staff: options.actor,
          reason: "Order cancelled",
        })
      : null;
    await applyEvent(tx, [before], move.event, { actor: options.actor });
    if (refund) {
      await auditRefund(tx, options.actor, before.id, refund);
      // A refund is always emailed, whatever staff chose about emails.
      await queueRefundEmail(tx, before, refund, { publicUrl: options.publicUrl, cancelled: true });
    }
    if (move.email !== "order-shipped when asked" || !options.sendEmail) return refund !== null;
    return (await sendShippedEmailIn(tx, orderId, options)) || refund !== null;
  });
}

export interface ShippingInput {
  shipping_carrier: string | null;
  tracking_number: string | null;
  shipped_at: string | null;
  shipping_notes: string | null;
  delivery_appointment_date: string | null;
  delivery_appointment_window: string | null;
  mark_shipped: boolean;
  send_email: boolean;
}

/**
 * Saves the shipping form (audited as order.shipping). `mark_shipped` is the markShipped event
 * (shipped_at stamped with now when the form leaves it empty; a cancelled order answers 409);
 * `send_email` queues the shipped email. Returns whether an email was queued.
 */
export async function saveShipping(
  db: Db,
  orderId: string,
  input: ShippingInput,
  options: { publicUrl: string; actor: string },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const before = await lockOrFail(tx, orderId);
    const fields = {
      shipping_carrier: input.shipping_carrier,
      tracking_number: input.tracking_number,
      shipped_at: input.shipped_at ? new Date(input.shipped_at) : null,
      shipping_notes: input.shipping_notes,
      delivery_appointment_date: input.delivery_appointment_date,
      delivery_appointment_window: input.delivery_appointment_window,
    };
    if (input.mark_shipped) {
      if (before.delivery_method === "pickup") throw conflict(pickupNotShipped);
      // Every box still to ship leaves as one shipment with the form's carrier and tracking.
      const left = before.status === "cancelled" ? new Map() : await orderBoxesLeft(tx, before);
      const shippedAt = fields.shipped_at ?? new Date();
      await applyEvent(tx, [before], "markShipped", {
        changes: () => ({ ...fields, shipped_at: shippedAt }),
        actor: options.actor,
      });
      if (left.size > 0)
        await insertShipment(
          tx,
          orderId,
          left,
          {
            carrier: fields.shipping_carrier,
            tracking_number: fields.tracking_number,
            shipped_at: shippedAt,
          },
          options.actor,
        );
    } else {
      const after = await updateOrder(tx, orderId, fields);
      await auditChange(tx, "order.shipping", before, after, options.actor);
    }
    return input.send_email ? sendShippedEmailIn(tx, orderId, options) : false;
  });
}

/** Staff-sent order emails are audited: who sent it, and `action` says which email. */
async function auditStaffEmail(tx: DbOrTx, orderId: string, actor: string, action: string) {
  await writeAudit(tx, { actor, action, entityType: "order", entityId: orderId });
}

async function sendShippedEmailIn(
  tx: DbOrTx,
  orderId: string,
  options: { publicUrl: string; actor: string },
) {
  const queued = await queueShippedEmail(tx, orderId, { publicUrl: options.publicUrl });
  await auditStaffEmail(tx, orderId, options.actor, "order.send_shipped_email");
  return queued;
}

/**
 * Staff record one shipment of some boxes of some lines (see `recordShipment`) under the order's
 * row lock, so two staff shipping the same last boxes at once ship them once. 404 for an unknown
 * order; 409 or 422 when refused, nothing changed.
 */
export async function shipOrderPart(
  db: Db,
  orderId: string,
  input: ShipmentInput,
  options: { publicUrl: string; actor: string },
): Promise<{ shipmentId: number; emailQueued: boolean }> {
  return db.transaction(async (tx) =>
    recordShipment(tx, await lockOrFail(tx, orderId), input, options),
  );
}

/** Staff mark a pickup order ready at the showroom (see `markReadyForPickup`). */
export async function readyForPickup(
  db: Db,
  orderId: string,
  options: { publicUrl: string; actor: string },
): Promise<boolean> {
  return db.transaction(async (tx) =>
    markReadyForPickup(tx, await lockOrFail(tx, orderId), options),
  );
}

/** Staff record who collected a pickup order, once (see `markPickedUp`). */
export async function pickedUp(
  db: Db,
  orderId: string,
  input: { picked_up_by: string; picked_up_at: string | null },
  actor: string,
): Promise<void> {
  await db.transaction(async (tx) => markPickedUp(tx, await lockOrFail(tx, orderId), input, actor));
}

/** Staff send the shipped email with the tracking details on file. 404 for an unknown order. */
export async function sendShippedEmail(
  db: Db,
  orderId: string,
  options: { publicUrl: string; actor: string },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockOrFail(tx, orderId);
    return sendShippedEmailIn(tx, orderId, options);
  });
}

/** Staff send the order confirmation again (always sends). 404 for an unknown order. */
export async function resendConfirmation(
  db: Db,
  orderId: string,
  options: { publicUrl: string; actor: string },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockOrFail(tx, orderId);
    const queued = await queueOrderConfirmation(tx, orderId, {
      force: true,
      publicUrl: options.publicUrl,
    });
    await auditStaffEmail(tx, orderId, options.actor, "order.resend_confirmation");
    return queued;
  });
}

/** The lots a line's boxes may come from, for the order panel's picker. 404 for an unknown line. */
export async function getLineLotChoices(
  db: DbOrTx,
  orderId: string,
  itemId: number,
): Promise<OrderLineLotChoices> {
  if (!orderIdShape.test(orderId)) throw notFound("Order not found");
  const order = await findOrder(db, { orderId });
  if (!order) throw notFound("Order not found");
  return lineLotChoices(db, order, itemId);
}

/**
 * Staff move all of a line's boxes to another dye lot of its product (see `moveLineToLot`), under
 * the order's row lock. 404 for an unknown order or line, 409 when refused.
 */
export async function chooseLineLot(
  db: Db,
  orderId: string,
  itemId: number,
  lotId: number,
  actor: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await lockOrFail(tx, orderId);
    await moveLineToLot(tx, order, itemId, lotId, actor);
  });
}

/**
 * What staff see of these lines' dye lots: the lots each came from, and which of their products
 * have lots now.
 */
async function lotFactsOf(db: DbOrTx, lines: OrderItemRow[]) {
  const productIds = lines.flatMap((line) => (line.product_id === null ? [] : [line.product_id]));
  return {
    lots: await lotsByItem(
      db,
      lines.map((line) => line.id),
    ),
    withLots: await productsWithLots(db, productIds),
  };
}

/** Orders for the back office, newest first (cancelled hidden unless asked for by status). */
export async function listAdminOrders(
  db: Db,
  query: {
    limit: number;
    offset: number;
    status?: OrderStatus;
    include_items: boolean;
    needs_attention: boolean;
    q?: string;
  },
): Promise<AdminOrder[]> {
  const rows = await listOrders(db, {
    ...query,
    needsAttention: query.needs_attention,
    search: query.q || undefined,
  });
  const money = await moneyTotalsByOrder(
    db,
    rows.map((row) => row.id),
  );
  if (!query.include_items)
    return rows.map((row) => ({ ...toAdminOrder(row), ...paidRefundedNet(money.get(row.id)) }));
  const items = await itemsByOrder(
    db,
    rows.map((row) => row.id),
  );
  const { lots, withLots } = await lotFactsOf(db, [...items.values()].flat());
  return rows.map((row) => ({
    ...toAdminOrder(row, items.get(row.id) ?? [], lots, withLots),
    ...paidRefundedNet(money.get(row.id)),
  }));
}

/** One order with its lines, as staff see it. 404 for an unknown order. */
export async function getAdminOrder(db: DbOrTx, orderId: string): Promise<AdminOrder> {
  if (!orderIdShape.test(orderId)) throw notFound("Order not found");
  const found = await getOrderWithItems(db, orderId);
  if (!found) throw notFound("Order not found");
  const { lots, withLots } = await lotFactsOf(db, found.items);
  const payments = await paymentsOf(db, orderId);
  const money = moneyFacts(found.order, payments);
  const shipments = await shipmentsOf(db, orderId);
  const shipped = await shippedBoxesByItem(db, [orderId]);
  const left = boxesLeftToShip(found.order, found.items, shipped);
  return {
    ...toAdminOrder(found.order, found.items, lots, withLots),
    shipments,
    boxes_to_ship: Object.fromEntries(left),
    boxes_ready_to_ship: Object.fromEntries(boxesReadyToShip(found.items, left, shipped)),
    pickup: pickupOf(found.order),
    fulfillment_label: fulfillmentLabel(found.order, shipments),
    payments: payments.map(toOrderPayment),
    balance: toDollars(money.balance),
    refundable: toDollars(money.held),
    ...paidRefundedNet(money),
    reopen_refusal: reopenRefusal(found.order, isRefunded(money)),
  };
}

/**
 * Staff cancel boxes of some lines of a paid order before it ships (see `cancelLockedOrderLines`),
 * or with `preview` only ask what it would refund. Under the order's row lock: 20 clicks cancel
 * once. 404 for an unknown order, 409 when refused, 403 beyond the staff member's refund limit.
 */
export async function cancelOrderLines(
  db: Db,
  orderId: string,
  request: CancelLinesRequest,
  options: { actor: string; role: StaffRole; refunds: RefundIssuer; publicUrl: string },
): Promise<CancelLinesQuote> {
  return db.transaction(async (tx) => {
    const order = await lockOrFail(tx, orderId);
    const items = await tx.select().from(orderItems).where(eq(orderItems.order_id, order.id));
    return cancelLockedOrderLines(tx, order, items, request, options);
  });
}

/** An order's payments ledger, oldest first, as the admin answer shows it. */
export async function orderPayments(db: DbOrTx, orderId: string): Promise<OrderPayment[]> {
  return (await paymentsOf(db, orderId)).map(toOrderPayment);
}

/**
 * What /track shows of the order named by its tracking token, with each box line's dye lot and
 * the boxes that lot still holds; null for an unknown token.
 */
export async function getTrackingResult(db: DbOrTx, token: string): Promise<TrackingResult | null> {
  const found = await findOrder(db, { trackingToken: token });
  if (!found) return null;
  const withItems = await getOrderWithItems(db, found.id);
  // What is coming: boxes cancelled before shipping (and refunded) are not.
  const boxes = (withItems?.items ?? []).filter(
    (item) => item.kind === "box" && orderedBoxes(item) > 0,
  );
  const lots = await lotsByItem(
    db,
    boxes.map((item) => item.id),
  );
  const left = await lotBoxesLeft(
    db,
    [...lots.values()].flat().flatMap((lot) => (lot.lot_id === null ? [] : [lot.lot_id])),
  );
  const shipments = await shipmentsOf(db, found.id);
  const pickup = pickupOf(found);
  const tracked = toTrackingResult(
    found,
    boxes.map((item) => {
      const lot = lineLotFields(item, lots.get(item.id));
      return {
        product_id: item.product_id,
        product_name: item.product_name,
        quantity: orderedBoxes(item),
        lot_id: lot.lot_id,
        lot_code: lot.lot_code,
        lot_boxes_left: lot.lot_id === null ? 0 : (left.get(lot.lot_id) ?? 0),
        unit_price: toDollars(item.unit_price_cents),
        sqft_per_box: Number(item.sqft_per_box),
        image_url: item.image_url,
      };
    }),
  );
  return {
    ...tracked,
    shipments,
    pickup: pickup && { ready_at: pickup.ready_at, picked_up_at: pickup.picked_up_at },
    fulfillment_label: fulfillmentLabel(found, shipments),
  };
}

/** "mcf-7k3p9q", " MCF 7K3P9Q " or "7K3P9Q" → "MCF-7K3P9Q": the order number as printed. */
export function normalizeOrderNumber(input: string): string {
  const code = input
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, "")
    .replace(/^MCF/, "");
  return `MCF-${code}`;
}

/**
 * The tracking token of a paid order found by its number and the email it was placed with, for
 * a shopper who lost the link; null when either is wrong (the caller answers both the same way).
 */
export async function lookUpTrackingToken(
  db: DbOrTx,
  orderNumber: string,
  email: string,
): Promise<string | null> {
  const order = await findPaidOrderByNumberAndEmail(
    db,
    normalizeOrderNumber(orderNumber),
    email.trim().toLowerCase(),
  );
  return order?.tracking_token ?? null;
}

/**
 * Cancels an order inside the caller's transaction (for a flow that owns the order, as an
 * installation job owns its deposit order), under the order's lock. An unpaid order stops waiting
 * for its payment; a paid one gives `refundCents` back through the provider that took it (a ledger
 * row and an audit entry; 0 refunds nothing) and releases the boxes it holds, as staff's cancel
 * does. Returns the refund's ledger row, or null when nothing was refunded. Throws 404 for an
 * unknown order, 409 when it is already cancelled or the refund is more than was paid.
 */
export async function cancelOrderWithRefund(
  tx: Tx,
  orderId: string,
  options: {
    refundCents: number;
    idempotencyKey: string;
    actor: string;
    reason: string;
    refunds: RefundIssuer;
  },
): Promise<OrderPayment | null> {
  const order = await lockOrFail(tx, orderId);
  if (order.status === "cancelled") throw conflict("This order is already cancelled");
  if (order.payment_status !== "paid") {
    await applyEvent(tx, [order], "cancelUnpaid", {
      changes: () => ({ payment_status: "cancelled" }),
    });
    return null;
  }
  const refund =
    options.refundCents > 0
      ? await refundPayment(tx, order, options.refunds, {
          amountCents: options.refundCents,
          idempotencyKey: options.idempotencyKey,
          staff: options.actor,
          reason: options.reason,
        })
      : null;
  await applyEvent(tx, [order], "cancel", { actor: options.actor });
  if (refund) await auditRefund(tx, options.actor, order.id, refund);
  return refund ? toOrderPayment(refund) : null;
}
