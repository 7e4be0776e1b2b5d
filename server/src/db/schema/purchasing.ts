import { purchaseOrderStatuses } from "@mcf/contracts/purchasing-options";
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text } from "drizzle-orm/pg-core";
import { products } from "./catalog.ts";
import { timestamps } from "./columns.ts";

/** Purchase orders to suppliers (migration 0025). `expected_date` is YYYY-MM-DD, store time. */
export const purchaseOrders = pgTable(
  "purchase_orders",
  {
    id: serial("id").primaryKey(),
    vendor: text("vendor").notNull(),
    expected_date: text("expected_date"),
    status: text("status", { enum: purchaseOrderStatuses }).notNull().default("open"),
    notes: text("notes"),
    /** The staff member who created it. */
    created_by: text("created_by").notNull(),
    ...timestamps,
  },
  (t) => [
    check(
      "purchase_orders_status_check",
      sql`${t.status} in (${sql.raw(purchaseOrderStatuses.map((s) => `'${s}'`).join(", "))})`,
    ),
    index("purchase_orders_status_idx").on(t.status, t.id),
  ],
);

/**
 * A purchase order's lines: boxes received never pass boxes ordered. The product's name is kept,
 * so the line stays readable after the product is deleted (its link becomes empty).
 */
export const purchaseOrderLines = pgTable(
  "purchase_order_lines",
  {
    id: serial("id").primaryKey(),
    purchase_order_id: integer("purchase_order_id")
      .notNull()
      .references(() => purchaseOrders.id, { onDelete: "cascade" }),
    product_id: integer("product_id").references(() => products.id, { onDelete: "set null" }),
    product_name: text("product_name").notNull(),
    boxes_ordered: integer("boxes_ordered").notNull(),
    boxes_received: integer("boxes_received").notNull().default(0),
    cost_per_box_cents: integer("cost_per_box_cents").notNull(),
  },
  (t) => [
    check("purchase_order_lines_boxes_ordered_positive", sql`${t.boxes_ordered} > 0`),
    check(
      "purchase_order_lines_received_within_ordered",
      sql`${t.boxes_received} >= 0 AND ${t.boxes_received} <= ${t.boxes_ordered}`,
    ),
    check("purchase_order_lines_cost_not_negative", sql`${t.cost_per_box_cents} >= 0`),
    index("purchase_order_lines_order_idx").on(t.purchase_order_id, t.id),
    index("purchase_order_lines_product_idx").on(t.product_id),
  ],
);

export type PurchaseOrderRow = typeof purchaseOrders.$inferSelect;
export type PurchaseOrderLineRow = typeof purchaseOrderLines.$inferSelect;
