import { storeTimeZone } from "@mcf/contracts/business";
import type { FulfillmentLabel, OrderPickup, OrderShipment } from "@mcf/contracts/shipments";
import type { DbOrTx } from "../../db/client.ts";
import type { OrderRow } from "../../db/schema/orders.ts";
import { conflict } from "../../errors.ts";
import { writeAudit } from "../audit/audit.service.ts";
import { queueReadyForPickupEmail } from "./fulfillment-emails.ts";
import { applyEvent } from "./order-transitions.ts";
import { updateOrder } from "./orders.repository.ts";

const notPickup =
  "This order is delivered to the customer, not picked up: record its shipment instead.";

/** When and by whom, in the words staff and the customer read: "December 1, 2026". */
function longDay(date: Date): string {
  return date.toLocaleDateString("en-US", {
    timeZone: storeTimeZone,
    year: "numeric",
    month: "long",
    day: "numeric",
  });
}

/**
 * Staff mark a locked pickup order ready at the showroom: the time is kept (the first one) and
 * the "ready for pickup" email is queued (again, when staff click again). The status does not
 * change: a ready order shows as processing. 409 for an order that is shipped, cancelled or
 * already picked up. Returns whether the email was queued.
 */
export async function markReadyForPickup(
  tx: DbOrTx,
  order: OrderRow,
  options: { actor: string; publicUrl: string },
): Promise<boolean> {
  if (order.delivery_method !== "pickup") throw conflict(notPickup);
  if (order.status === "cancelled")
    throw conflict(
      "A cancelled order cannot be ready for pickup. Set it back to processing first.",
    );
  if (order.picked_up_at)
    throw conflict(`This order was already picked up on ${longDay(order.picked_up_at)}.`);
  const ready = await updateOrder(tx, order.id, {
    ready_for_pickup_at: order.ready_for_pickup_at ?? new Date(),
  });
  await writeAudit(tx, {
    actor: options.actor,
    action: "order.ready_for_pickup",
    entityType: "order",
    entityId: order.id,
    after: { ready_for_pickup_at: ready.ready_for_pickup_at?.toISOString() ?? null },
  });
  return queueReadyForPickupEmail(tx, ready, options);
}

/**
 * Staff record that a locked pickup order was collected: by whom, when (now unless given), and
 * the staff member. Its boxes leave on hand through the same stock effect as shipping, exactly
 * once, and the order becomes delivered. 409 when it was already picked up, is cancelled or is
 * not a pickup order; nothing changes then.
 */
export async function markPickedUp(
  tx: DbOrTx,
  order: OrderRow,
  input: { picked_up_by: string; picked_up_at: string | null },
  actor: string,
): Promise<void> {
  if (order.delivery_method !== "pickup") throw conflict(notPickup);
  if (order.picked_up_at)
    throw conflict(
      `This order was already picked up on ${longDay(order.picked_up_at)} by ${order.picked_up_by ?? "the customer"}.`,
    );
  const at = input.picked_up_at ? new Date(input.picked_up_at) : new Date();
  await applyEvent(tx, [order], "pickUp", {
    changes: () => ({
      picked_up_at: at,
      picked_up_by: input.picked_up_by,
      pickup_staff: actor,
      ready_for_pickup_at: order.ready_for_pickup_at ?? at,
    }),
    actor,
  });
}

/** A pickup order's ready and picked-up facts; null for an order that ships. */
export function pickupOf(order: OrderRow): OrderPickup | null {
  if (order.delivery_method !== "pickup") return null;
  return {
    ready_at: order.ready_for_pickup_at?.toISOString() ?? null,
    picked_up_at: order.picked_up_at?.toISOString() ?? null,
    picked_up_by: order.picked_up_by,
    staff: order.pickup_staff,
  };
}

/**
 * The finer state beside the five statuses: a pickup order ready at the showroom (still
 * processing) or picked up (delivered); an order with some of its lines shipped (processing).
 */
export function fulfillmentLabel(
  order: OrderRow,
  shipments: OrderShipment[],
): FulfillmentLabel | null {
  if (order.status === "cancelled") return null;
  if (order.delivery_method === "pickup") {
    if (order.picked_up_at) return "Picked up";
    return order.ready_for_pickup_at ? "Ready for pickup" : null;
  }
  return shipments.length > 0 && order.stock_status !== "shipped" ? "Partly shipped" : null;
}
