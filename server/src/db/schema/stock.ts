import { stockReasons } from "@mcf/contracts/stock-options";
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { productLots, products } from "./catalog.ts";
import { orders } from "./orders.ts";

/**
 * The stock ledger (migration 0022): one row per change of a product's boxes. `boxes` is the
 * change of on hand, so a product's on hand is the sum of its rows; allocating and reserving move
 * no box in or out (0 boxes) and record how the held boxes changed.
 */
export const stockLedger = pgTable(
  "stock_ledger",
  {
    id: serial("id").primaryKey(),
    product_id: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    lot_id: integer("lot_id").references(() => productLots.id, { onDelete: "set null" }),
    boxes: integer("boxes").notNull(),
    allocated_change: integer("allocated_change").notNull().default(0),
    reserved_change: integer("reserved_change").notNull().default(0),
    on_hand_after: integer("on_hand_after").notNull(),
    available_after: integer("available_after").notNull(),
    reason: text("reason", { enum: stockReasons }).notNull(),
    order_id: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    return_id: integer("return_id"),
    reference: text("reference"),
    staff: text("staff"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      "stock_ledger_reason_check",
      sql`${t.reason} in (${sql.raw(stockReasons.map((reason) => `'${reason}'`).join(", "))})`,
    ),
    index("stock_ledger_product_idx").on(t.product_id, t.id),
  ],
);

export type StockLedgerEntry = typeof stockLedger.$inferSelect;
