import { carrierTrackingUrl, trackingNumberLabel } from "@mcf/contracts/carriers";
import type { OrderShipment } from "@mcf/contracts/shipments";
import { asc, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { type OrderItemRow, type OrderRow, orderItems } from "../../db/schema/orders.ts";
import { orderShipmentLines, orderShipments } from "../../db/schema/shipments.ts";
import { conflict, invalid } from "../../errors.ts";
import { writeAudit } from "../audit/audit.service.ts";
import { queueShipmentEmail } from "./fulfillment-emails.ts";
import { heldBoxes, orderedBoxes, shippedBoxesByItem } from "./order-line-boxes.ts";
import { holdsStock } from "./order-status.ts";
import { shipOrderLines } from "./order-stock.ts";
import { applyEvent } from "./order-transitions.ts";

/** Why a pickup order never gets a shipment, carrier or tracking number. */
export const pickupNotShipped =
  "This order is picked up at the showroom, so it is not shipped: mark it ready for pickup, then picked up.";

/** One shipment as staff ask for it: some boxes of some lines, with one carrier. */
export interface ShipmentInput {
  lines: Array<{ order_item_id: number; boxes: number }>;
  carrier: string | null;
  tracking_number: string | null;
  shipped_at: string | null;
  send_email: boolean;
  /** The order's shipments when staff looked: one recorded since refuses this one (409). */
  shipments_before?: number | undefined;
}

/**
 * Per box line (order_item_id → boxes): what has not left yet. Nothing is left once the order's
 * boxes left as a whole (set shipped or delivered before it had shipments).
 */
export function boxesLeftToShip(
  order: OrderRow,
  items: OrderItemRow[],
  shipped: Map<number, number>,
): Map<number, number> {
  const left = new Map<number, number>();
  if (order.stock_status === "shipped") return left;
  for (const item of items) {
    const boxes = item.kind === "box" ? orderedBoxes(item, shipped.get(item.id)) : 0;
    if (boxes > 0) left.set(item.id, boxes);
  }
  return left;
}

/**
 * Of the boxes left to ship (`boxesLeftToShip`), those a part shipment may take now, per box line:
 * the boxes the order holds (its backordered boxes wait for the purchase order).
 */
export function boxesReadyToShip(
  items: OrderItemRow[],
  left: Map<number, number>,
  shipped: Map<number, number>,
): Map<number, number> {
  const ready = new Map<number, number>();
  for (const item of items) {
    const boxes = heldBoxes(item, shipped.get(item.id));
    if (left.has(item.id) && boxes > 0) ready.set(item.id, boxes);
  }
  return ready;
}

async function itemsOf(tx: DbOrTx, orderId: string): Promise<OrderItemRow[]> {
  return tx
    .select()
    .from(orderItems)
    .where(eq(orderItems.order_id, orderId))
    .orderBy(asc(orderItems.id));
}

/** What is left to ship of a locked order, per line; for the order answer and the single form. */
export async function orderBoxesLeft(tx: DbOrTx, order: OrderRow): Promise<Map<number, number>> {
  return boxesLeftToShip(
    order,
    await itemsOf(tx, order.id),
    await shippedBoxesByItem(tx, [order.id]),
  );
}

/** The wanted boxes per line, lines listed twice added up; 422 for a line not of this order. */
function wantedBoxes(items: OrderItemRow[], input: ShipmentInput): Map<number, number> {
  const wanted = new Map<number, number>();
  for (const line of input.lines) {
    const item = items.find((row) => row.id === line.order_item_id);
    if (item?.kind !== "box")
      throw invalid(`Line ${line.order_item_id} is not a line of boxes on this order.`);
    wanted.set(item.id, (wanted.get(item.id) ?? 0) + line.boxes);
  }
  return wanted;
}

/**
 * Records one shipment of a locked order: its lines' boxes leave the building (stock service,
 * ledger rows naming the order), the shipment and its lines are stored, and its shipped email
 * (its lines and tracking) is queued when asked for. When nothing is left to ship, the order
 * becomes shipped (the markShipped event). 409 for a pickup or cancelled order, more boxes than
 * are left on a line, or more than the order holds of it now (its backordered boxes wait for the
 * purchase order); nothing changes then. Returns the shipment's id and whether mail was queued.
 */
export async function recordShipment(
  tx: DbOrTx,
  order: OrderRow,
  input: ShipmentInput,
  options: { actor: string; publicUrl: string },
): Promise<{ shipmentId: number; emailQueued: boolean }> {
  if (order.delivery_method === "pickup") throw conflict(pickupNotShipped);
  if (order.status === "cancelled")
    throw conflict(
      "A cancelled order cannot be shipped. Set it back to processing first, which takes its boxes again.",
    );
  if (input.shipments_before !== undefined) {
    const [made] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(orderShipments)
      .where(eq(orderShipments.order_id, order.id));
    if ((made?.count ?? 0) !== input.shipments_before)
      throw conflict(
        "A shipment of this order was recorded since you looked, so nothing was recorded. Look at the order again before shipping more.",
      );
  }
  const items = await itemsOf(tx, order.id);
  const shipped = await shippedBoxesByItem(tx, [order.id]);
  const left = boxesLeftToShip(order, items, shipped);
  if (left.size === 0) throw conflict("Every box of this order has already shipped.");
  if (!holdsStock(order))
    throw conflict(
      "This order holds no boxes (its stock went back to be sold): set it to processing first, which takes them again.",
    );
  const wanted = wantedBoxes(items, input);
  const ready = boxesReadyToShip(items, left, shipped);
  for (const [itemId, boxes] of wanted) {
    const remaining = left.get(itemId) ?? 0;
    // Only the boxes the order holds leave: its backordered boxes ship once a receipt brings them.
    const now = ready.get(itemId) ?? 0;
    if (boxes <= now) continue;
    const name = items.find((item) => item.id === itemId)?.product_name ?? `Line ${itemId}`;
    const waiting = remaining - now;
    if (waiting > 0)
      throw conflict(
        `Only ${now} ${now === 1 ? "box" : "boxes"} of "${name}" can ship now, not ${boxes}: ${waiting} ${waiting === 1 ? "waits" : "wait"} for the purchase order (receive it first, or cancel them).`,
      );
    throw conflict(
      `Only ${remaining} ${remaining === 1 ? "box" : "boxes"} of "${name}" ${remaining === 1 ? "is" : "are"} left to ship, not ${boxes}.`,
    );
  }
  await shipOrderLines(
    tx,
    order,
    [...wanted].flatMap(([itemId, quantity]) => {
      const productId = items.find((item) => item.id === itemId)?.product_id;
      return productId == null ? [] : [{ productId, quantity }];
    }),
    options.actor,
  );
  const shipment = await insertShipment(tx, order.id, wanted, input, options.actor);
  const everythingLeft = [...left].every(([itemId, boxes]) => wanted.get(itemId) === boxes);
  if (everythingLeft) await markShippedBy(tx, order, shipment, options.actor);
  await writeAudit(tx, {
    actor: options.actor,
    action: "order.shipment",
    entityType: "order",
    entityId: order.id,
    after: {
      shipment_id: shipment.id,
      carrier: shipment.carrier,
      tracking_number: shipment.tracking_number,
      lines: [...wanted].map(([order_item_id, boxes]) => ({ order_item_id, boxes })),
      order_shipped: everythingLeft,
    },
  });
  const shipments = await shipmentsOf(tx, order.id);
  const emailQueued = input.send_email
    ? await queueShipmentEmail(tx, order, shipments.at(-1), {
        publicUrl: options.publicUrl,
        part: everythingLeft ? (shipments.length === 1 ? "whole" : "last") : "part",
      })
    : false;
  return { shipmentId: shipment.id, emailQueued };
}

/**
 * A locked order whose last boxes left becomes shipped (the markShipped event), its own carrier,
 * tracking number and shipped time the last shipment's, so the spec's fields, the shipped email
 * and /track read as for an order that shipped whole.
 */
async function markShippedBy(
  tx: DbOrTx,
  order: OrderRow,
  last: { carrier: string | null; tracking_number: string | null; shipped_at: Date },
  actor: string,
): Promise<void> {
  await applyEvent(tx, [order], "markShipped", {
    changes: () => ({
      shipping_carrier: last.carrier,
      tracking_number: last.tracking_number,
      shipped_at: last.shipped_at,
    }),
    actor,
  });
}

/**
 * After a line cancel of a locked order that still has boxes: when every box it still has
 * already left in its shipments (the cancel took the rest, such as backordered boxes that never
 * came), the order is shipped, by its last shipment. Returns whether it became shipped.
 */
export async function markShippedWhenNothingLeft(
  tx: DbOrTx,
  order: OrderRow,
  actor: string,
): Promise<boolean> {
  const shipments = await shipmentsOf(tx, order.id);
  const last = shipments.at(-1);
  if (!last || (await orderBoxesLeft(tx, order)).size > 0) return false;
  await markShippedBy(
    tx,
    order,
    {
      carrier: last.carrier,
      tracking_number: last.tracking_number,
      shipped_at: new Date(last.shipped_at),
    },
    actor,
  );
  return true;
}

export type ShipmentFields = Pick<ShipmentInput, "carrier" | "tracking_number"> & {
  shipped_at: string | Date | null;
};

/**
 * Stores a shipment and its lines (boxes per order_item_id); the caller has taken the boxes off
 * on hand. The single shipping form's "mark shipped" stores every box still to ship this way.
 */
export async function insertShipment(
  tx: DbOrTx,
  orderId: string,
  boxesByItem: Map<number, number>,
  fields: ShipmentFields,
  actor: string,
) {
  const [shipment] = await tx
    .insert(orderShipments)
    .values({
      order_id: orderId,
      carrier: fields.carrier,
      tracking_number: fields.tracking_number,
      shipped_at: fields.shipped_at ? new Date(fields.shipped_at) : new Date(),
      staff: actor,
    })
    .returning();
  if (!shipment) throw new Error("the shipment was not stored");
  await tx.insert(orderShipmentLines).values(
    [...boxesByItem].map(([order_item_id, boxes]) => ({
      shipment_id: shipment.id,
      order_item_id,
      boxes,
    })),
  );
  return shipment;
}

/** An order's shipments, oldest first, with their lines, as staff and the customer see them. */
export async function shipmentsOf(db: DbOrTx, orderId: string): Promise<OrderShipment[]> {
  const rows = await db
    .select()
    .from(orderShipments)
    .where(eq(orderShipments.order_id, orderId))
    .orderBy(asc(orderShipments.id));
  if (rows.length === 0) return [];
  const lines = await db
    .select({
      shipmentId: orderShipmentLines.shipment_id,
      order_item_id: orderShipmentLines.order_item_id,
      boxes: orderShipmentLines.boxes,
      product_name: orderItems.product_name,
    })
    .from(orderShipmentLines)
    .innerJoin(orderItems, eq(orderItems.id, orderShipmentLines.order_item_id))
    .where(
      inArray(
        orderShipmentLines.shipment_id,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(orderShipmentLines.id));
  return rows.map((row) => ({
    id: row.id,
    lines: lines
      .filter((line) => line.shipmentId === row.id)
      .map(({ order_item_id, product_name, boxes }) => ({ order_item_id, product_name, boxes })),
    carrier: row.carrier,
    tracking_number: row.tracking_number,
    tracking_number_label: trackingNumberLabel(row.carrier),
    tracking_url: carrierTrackingUrl(row.carrier, row.tracking_number),
    shipped_at: row.shipped_at.toISOString(),
  }));
}
