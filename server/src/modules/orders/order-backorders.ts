import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { type OrderRow, orderItemLots, orderItems, orders } from "../../db/schema/orders.ts";
import { enqueueMail } from "../../mail/outbox.ts";
import { storeIdentity } from "../../mail/store-identity.ts";
import { renderEmail } from "../../mail/templates.ts";
import { allocateArrived, findLot, takeFromLot } from "../stock/stock.service.ts";
import { trackingPageUrl } from "./order-views.ts";

/**
 * Backorders: boxes of a line an open purchase order will bring (`order_items.backordered_boxes`).
 * The order does not hold them in stock; while it holds its other boxes (its stock status is
 * reserved or committed) it has a claim on the purchase orders' boxes, which a receipt turns into
 * boxes allocated to it, oldest order first, exactly once (the waiting orders' rows are locked
 * before their lines are read).
 */

/** Orders that hold stock, so their backordered boxes are a claim still waiting. */
const waiting = sql`${orders.stock_status} in ('reserved', 'committed')`;

/** The backordered boxes orders still wait for, per product (the boxes already promised). */
export async function backorderedBoxesByProduct(
  db: DbOrTx,
  productIds: number[],
): Promise<Map<number, number>> {
  const promised = new Map<number, number>();
  if (productIds.length === 0) return promised;
  const rows = await db
    .select({
      productId: orderItems.product_id,
      boxes: sql<number>`sum(${orderItems.backordered_boxes})::integer`.mapWith(Number),
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.order_id))
    .where(
      and(inArray(orderItems.product_id, productIds), gt(orderItems.backordered_boxes, 0), waiting),
    )
    .groupBy(orderItems.product_id);
  for (const row of rows) if (row.productId !== null) promised.set(row.productId, row.boxes);
  return promised;
}

/**
 * Locks, in id order, the orders waiting for backordered boxes of these products: a receipt
 * takes them before any product row (the lock order of every stock change: orders, then
 * products), so two receipts allocate one after the other and never the same box twice.
 */
export async function lockWaitingBackorders(tx: DbOrTx, productIds: number[]): Promise<void> {
  if (productIds.length === 0) return;
  const ids = await tx
    .selectDistinct({ id: orderItems.order_id })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.order_id))
    .where(
      and(inArray(orderItems.product_id, productIds), gt(orderItems.backordered_boxes, 0), waiting),
    );
  if (ids.length === 0) return;
  await tx
    .select({ id: orders.id })
    .from(orders)
    .where(
      inArray(
        orders.id,
        ids.map((row) => row.id),
      ),
    )
    .orderBy(asc(orders.id))
    .for("update");
}

/** Boxes of one delivery from a supplier, for one product, in one dye lot (or none). */
export interface ArrivedBoxes {
  productId: number;
  boxes: number;
  lotId: number | null;
}

/** One line's boxes allocated on receipt. */
interface Allocation {
  order: OrderRow;
  productName: string;
  boxes: number;
  stillBackordered: number;
}

/**
 * Allocates arrived boxes to the lines waiting for them, oldest order first (then line id), in
 * the receipt's transaction (the caller locked the waiting orders first, then received the boxes):
 * each line's backordered boxes go down, the boxes move from available to what the order holds
 * (allocated when paid, else reserved) with a ledger row naming the order and the dye lot, and the
 * lot's boxes go to the line. Then each order's customer is emailed once per receipt. Returns the
 * boxes allocated, per order id.
 */
export async function allocateArrivedBackorders(
  tx: DbOrTx,
  arrived: ArrivedBoxes[],
  options: {
    staff: string | null;
    publicUrl: string;
    /** What staff read: "Purchase order PO-12". */
    receipt: string;
    /** Names this receipt alone (its emails are queued once). */
    receiptKey: string;
  },
): Promise<Map<string, number>> {
  const allocations: Allocation[] = [];
  const productIds = [...new Set(arrived.map((part) => part.productId))].sort((a, b) => a - b);
  for (const productId of productIds) {
    // Read after the order locks: a line another receipt allocated shows its boxes gone.
    const lines = await tx
      .select({ item: orderItems, order: orders })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.order_id))
      .where(
        and(eq(orderItems.product_id, productId), gt(orderItems.backordered_boxes, 0), waiting),
      )
      .orderBy(asc(orders.created_at), asc(orderItems.id));
    const parts = arrived.filter((part) => part.productId === productId);
    for (const { item, order } of lines) {
      let want = item.backordered_boxes;
      for (const part of parts) {
        const boxes = Math.min(want, part.boxes);
        if (boxes <= 0) continue;
        const lot = part.lotId === null ? null : await findLot(tx, part.lotId);
        const short = await allocateArrived(
          tx,
          { productId, quantity: boxes, lots: lot ? [{ lotId: lot.id, boxes }] : [] },
          order.stock_status === "committed" ? "allocated" : "reserved",
          {
            orderId: order.id,
            reference: `Order ${order.friendly_order_id}: backordered boxes arrived (${options.receipt})`,
            staff: options.staff,
          },
        );
        // The boxes just arrived under this transaction's product lock: they are available.
        if (short) throw new Error(`arrived boxes of product ${productId} were not available`);
        if (lot && (await takeFromLot(tx, lot.id, boxes)))
          await tx
            .insert(orderItemLots)
            .values({ order_item_id: item.id, lot_id: lot.id, lot_code: lot.lot_code, boxes });
        await tx
          .update(orderItems)
          .set({ backordered_boxes: sql`${orderItems.backordered_boxes} - ${boxes}` })
          .where(eq(orderItems.id, item.id));
        part.boxes -= boxes;
        want -= boxes;
        allocations.push({
          order,
          productName: item.product_name,
          boxes,
          stillBackordered: want,
        });
      }
      if (parts.every((part) => part.boxes === 0)) break;
    }
  }
  const byOrder = new Map<string, Allocation[]>();
  for (const allocation of allocations)
    byOrder.set(allocation.order.id, [...(byOrder.get(allocation.order.id) ?? []), allocation]);
  for (const [, ofOrder] of byOrder) await queueBackorderArrived(tx, ofOrder, options);
  return new Map(
    [...byOrder].map(([id, ofOrder]) => [id, ofOrder.reduce((sum, a) => sum + a.boxes, 0)]),
  );
}

const boxesWord = (n: number) => `${n} ${n === 1 ? "box" : "boxes"}`;

/** "Your backordered boxes arrived": what arrived per line, and what is still to come. */
async function queueBackorderArrived(
  tx: DbOrTx,
  allocations: Allocation[],
  options: { publicUrl: string; receiptKey: string },
): Promise<void> {
  const order = allocations[0]?.order;
  if (!order) return;
  const stillToCome = allocations.filter((a) => a.stillBackordered > 0);
  const first = order.customer_name.split(/\s+/)[0] ?? order.customer_name;
  const content = renderEmail({
    subject: `Your backordered boxes arrived: order ${order.friendly_order_id}`,
    heading: `Good news, ${first}: your backordered boxes arrived`,
    paragraphs: [
      `The boxes of order ${order.friendly_order_id} we were waiting for arrived at our warehouse and are set aside for you.`,
      stillToCome.length > 0
        ? "Some boxes are still on their way to us; we will write again when they arrive."
        : "Your order is complete now: we will let you know when it ships or is ready to pick up.",
    ],
    table: allocations.map((a) => [
      a.productName,
      a.stillBackordered > 0
        ? `${boxesWord(a.boxes)} arrived, ${a.stillBackordered} still to come`
        : `${boxesWord(a.boxes)} arrived`,
    ]),
    action: {
      label: "Track your order",
      url: trackingPageUrl(options.publicUrl, order.tracking_token),
    },
    footnotes: [`Questions about your order? Call us at ${storeIdentity().phone}.`],
  });
  await enqueueMail(tx, {
    kind: "backorder-arrived",
    to: order.customer_email,
    // One per order and receipt: a receipt allocates once, and so emails once.
    dedupeKey: `backorder-arrived:${order.id}:${options.receiptKey}`,
    ...content,
  });
}
