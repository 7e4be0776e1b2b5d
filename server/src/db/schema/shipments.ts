import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { orderItems, orders } from "./orders.ts";

/**
 * The parts an order ships in (migration 0028): each with its carrier, tracking number and the
 * time it left. Its lines say which boxes of which order line went with it.
 */
export const orderShipments = pgTable(
  "order_shipments",
  {
    id: serial("id").primaryKey(),
    order_id: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    carrier: text("carrier"),
    tracking_number: text("tracking_number"),
    shipped_at: timestamp("shipped_at", { withTimezone: true, mode: "date" }).notNull(),
    /** The staff member who recorded the shipment. */
    staff: text("staff").notNull(),
    created_at: timestamp("created_at", { withTimezone: true, mode: "date" })
      .notNull()
      .defaultNow(),
  },
  (t) => [index("order_shipments_order_idx").on(t.order_id, t.id)],
);

export const orderShipmentLines = pgTable(
  "order_shipment_lines",
  {
    id: serial("id").primaryKey(),
    shipment_id: integer("shipment_id")
      .notNull()
      .references(() => orderShipments.id, { onDelete: "cascade" }),
    order_item_id: integer("order_item_id")
      .notNull()
      .references(() => orderItems.id, { onDelete: "cascade" }),
    boxes: integer("boxes").notNull(),
  },
  (t) => [
    index("order_shipment_lines_item_idx").on(t.order_item_id),
    check("order_shipment_lines_boxes_positive", sql`${t.boxes} > 0`),
  ],
);

export type OrderShipmentRow = typeof orderShipments.$inferSelect;
export type OrderShipmentLineRow = typeof orderShipmentLines.$inferSelect;
