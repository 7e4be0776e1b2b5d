import { and, asc, eq, lt } from "drizzle-orm";
import type { Db, DbOrTx, Tx } from "../../db/client.ts";
import { orders } from "../../db/schema/index.ts";
import { recordCouponUse } from "../coupons/coupons.service.ts";
import { queueOrderConfirmation } from "../orders/order-emails.ts";
import type { OrderRow } from "../orders/order-reads.ts";
import { orderStockLines, returnStock, takeStock } from "./stock.ts";

export interface FulfilmentResult {
  orderId: string;
  /** True only for the one call that turned the order paid. */
  newlyPaid: boolean;
  /** Paid after its reservation was released and the stock ran short: staff must look. */
  needsAttention: boolean;
}

/** Why an unpaid order stops waiting for its payment. */
export type UnpaidOutcome = "failed" | "expired" | "cancelled";

async function lockOrderBySession(tx: Tx, sessionId: string): Promise<OrderRow | null> {
  const [order] = await tx
    .select()
    .from(orders)
    .where(eq(orders.payment_session_id, sessionId))
    .for("update");
  return order ?? null;
}

/**
 * Marks the order of a paid payment session paid, exactly once, whichever provider or page
 * reports it first (row lock on the order). pending → processing, payment paid, stock committed;
 * a reservation already released (expired) is taken again when the stock is there, else the
 * order is flagged `needs_attention` (the customer was charged: never dropped). Counts the coupon
 * use and queues the confirmation email (dedupe key `order-confirmation:{orderId}`).
 * Returns null for an unknown session.
 */
export async function fulfilPaidOrder(
  db: Db,
  sessionId: string,
  options: { publicUrl: string },
): Promise<FulfilmentResult | null> {
  return db.transaction(async (tx) => {
    const order = await lockOrderBySession(tx, sessionId);
    if (!order) return null;
    if (order.payment_status === "paid")
      return { orderId: order.id, newlyPaid: false, needsAttention: order.needs_attention };

    // Coupon before products: the same lock order as payment creation (coupon, then products).
    if (order.coupon_code) await recordCouponUse(tx, order.coupon_code);

    let stockStatus = order.stock_status;
    let needsAttention = order.needs_attention;
    if (stockStatus === "reserved") {
      stockStatus = "committed";
    } else if (stockStatus === "released") {
      const lines = await orderStockLines(tx, order.id);
      try {
        await tx.transaction(async (savepoint) => {
          const short = await takeStock(savepoint, lines);
          if (short) throw new StockShortError();
        });
        stockStatus = "committed";
      } catch (error) {
        if (!(error instanceof StockShortError)) throw error;
        needsAttention = true;
      }
    }
    const now = new Date();
    await tx
      .update(orders)
      .set({
        status:
          order.status === "pending" || order.status === "cancelled" ? "processing" : order.status,
        payment_status: "paid",
        paid_at: now,
        stock_status: stockStatus,
        needs_attention: needsAttention,
        updated_at: now,
      })
      .where(eq(orders.id, order.id));
    await queueOrderConfirmation(tx, order.id, { publicUrl: options.publicUrl });
    return { orderId: order.id, newlyPaid: true, needsAttention };
  });
}

class StockShortError extends Error {}

/** Marks locked unpaid orders cancelled; their reserved stock must be returned by the caller. */
async function markCancelled(tx: DbOrTx, order: OrderRow, outcome: UnpaidOutcome): Promise<void> {
  await tx
    .update(orders)
    .set({
      status: "cancelled",
      payment_status: outcome,
      stock_status: order.stock_status === "reserved" ? "released" : order.stock_status,
      updated_at: new Date(),
    })
    .where(eq(orders.id, order.id));
}

/**
 * Returns the reserved stock of several locked orders in one pass over the products, in id
 * order, so a batch never locks products in an order that could deadlock with a checkout.
 */
async function returnReservedStock(tx: DbOrTx, lockedOrders: OrderRow[]): Promise<void> {
  const boxesByProduct = new Map<number, number>();
  for (const order of lockedOrders) {
    if (order.stock_status !== "reserved") continue;
    for (const line of await orderStockLines(tx, order.id))
      boxesByProduct.set(line.productId, (boxesByProduct.get(line.productId) ?? 0) + line.quantity);
  }
  await returnStock(
    tx,
    [...boxesByProduct].map(([productId, quantity]) => ({ productId, quantity })),
  );
}

/**
 * Ends the wait for payment of an unpaid order (declined, expired or cancelled): status
 * cancelled and the reserved stock returned, exactly once. A paid order is never touched.
 * Returns true when this call cancelled it.
 */
export async function releaseUnpaidOrder(
  db: Db,
  target: { sessionId: string } | { orderId: string },
  outcome: UnpaidOutcome,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(
        "sessionId" in target
          ? eq(orders.payment_session_id, target.sessionId)
          : eq(orders.id, target.orderId),
      )
      .for("update");
    if (order?.payment_status !== "unpaid") return false;
    await returnReservedStock(tx, [order]);
    await markCancelled(tx, order, outcome);
    return true;
  });
}

/**
 * The expiry sweeper: unpaid orders past `payment_expires_at` become cancelled with payment
 * `expired` and their stock returns. Several processes may sweep at once (`skip locked`).
 * Returns how many orders it expired.
 */
export async function expireOverduePayments(
  db: Db,
  now = new Date(),
  batchSize = 100,
): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.payment_status, "unpaid"), lt(orders.payment_expires_at, now)))
      .orderBy(asc(orders.payment_expires_at))
      .limit(batchSize)
      .for("update", { skipLocked: true });
    await returnReservedStock(tx, due);
    for (const order of due) await markCancelled(tx, order, "expired");
    return due.length;
  });
}
