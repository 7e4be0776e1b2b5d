import type { DbOrTx } from "../../db/client.ts";
import type { OrderRow } from "../../db/schema/orders.ts";
import { writeAudit } from "../audit/audit.service.ts";
import { nextStatus, type OrderEvent, transitionOf } from "./order-status.ts";
import { returnHeldStock, shipOrderStock, takeStockAgain } from "./order-stock.ts";
import { updateOrder } from "./orders.repository.ts";

/**
 * Moves locked orders by `event` and their boxes by the event's stock effect, each at most once
 * (the order's stock status says what it holds): a cancel releases what they hold; shipping takes
 * the boxes off on hand; leaving cancelled takes them again or is refused (409). Writes the
 * event's audit entry, naming `actor` (the staff events are the audited ones).
 */
export async function applyEvent(
  tx: DbOrTx,
  lockedOrders: OrderRow[],
  event: OrderEvent,
  options: { changes?: (order: OrderRow) => Partial<OrderRow>; actor?: string } = {},
): Promise<void> {
  const { changes = (): Partial<OrderRow> => ({}), actor } = options;
  const rule = transitionOf(event);
  const moving = lockedOrders.map((order) => ({ order, to: nextStatus(event, order.status) }));
  const returned =
    rule.stock === "return"
      ? await returnHeldStock(
          tx,
          moving.filter(({ order, to }) => to !== order.status).map(({ order }) => order),
          actor ?? null,
        )
      : new Set<string>();
  for (const { order, to } of moving) {
    const stockStatus =
      rule.stock === "ship"
        ? await shipOrderStock(tx, order, actor ?? null)
        : rule.stock === "take"
          ? await takeStockAgain(tx, order, actor ?? null)
          : returned.has(order.id)
            ? "released"
            : order.stock_status;
    const extra = changes(order);
    const shippedAt = rule.stampsShippedAt
      ? (extra.shipped_at ?? order.shipped_at ?? new Date())
      : extra.shipped_at;
    const row = await updateOrder(tx, order.id, {
      ...extra,
      status: to,
      ...(shippedAt === undefined ? {} : { shipped_at: shippedAt }),
      ...(stockStatus === order.stock_status ? {} : { stock_status: stockStatus }),
      // The day it arrived starts the sample follow-up's wait; the first arrival counts.
      ...(to === "delivered" && !order.delivered_at ? { delivered_at: new Date() } : {}),
    });
    if (rule.audit) {
      if (!actor) throw new Error(`the audited order event ${event} needs an actor`);
      await auditChange(tx, rule.audit, order, row, actor, returned.has(order.id));
    }
  }
}

/** The fields of an order its audit entries record, before and after a change. */
const auditView = (row: OrderRow) => ({
  status: row.status,
  stock_status: row.stock_status,
  shipping_carrier: row.shipping_carrier,
  tracking_number: row.tracking_number,
  shipped_at: row.shipped_at?.toISOString() ?? null,
  shipping_notes: row.shipping_notes,
  delivery_appointment_date: row.delivery_appointment_date,
  delivery_appointment_window: row.delivery_appointment_window,
});

/** Records a staff change of an order in the audit log (inside the change's transaction). */
export async function auditChange(
  tx: DbOrTx,
  action: string,
  before: OrderRow,
  after: OrderRow,
  actor: string,
  stockReturned = false,
): Promise<void> {
  await writeAudit(tx, {
    actor,
    action,
    entityType: "order",
    entityId: before.id,
    before: auditView(before),
    after: {
      ...auditView(after),
      ...(stockReturned ? { stock_returned: true } : {}),
      ...(after.picked_up_at
        ? { picked_up_at: after.picked_up_at.toISOString(), picked_up_by: after.picked_up_by }
        : {}),
    },
  });
}
