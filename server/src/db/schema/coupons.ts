import { boolean, integer, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { moneyColumn, timestamps } from "./columns.ts";

export const coupons = pgTable(
  "coupons",
  {
    id: serial("id").primaryKey(),
    /** Stored upper-case; codes are case-insensitive. */
    code: text("code").notNull(),
    description: text("description"),
    kind: text("kind", { enum: ["percent", "fixed"] }).notNull(),
    /** Percent (0-100) or dollars off. */
    value: moneyColumn("value").notNull(),
    min_subtotal: moneyColumn("min_subtotal").notNull().default("0"),
    expires_at: text("expires_at"),
    usage_limit: integer("usage_limit"),
    /** One use per customer email (a first-order welcome code). */
    once_per_customer: boolean("once_per_customer").notNull().default(false),
    times_used: integer("times_used").notNull().default(0),
    active: boolean("active").notNull().default(true),
    ...timestamps,
  },
  (t) => [uniqueIndex("coupons_code_unique").on(t.code)],
);
