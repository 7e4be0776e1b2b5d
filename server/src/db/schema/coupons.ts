import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { centsColumn, timestamps } from "./columns.ts";

export const coupons = pgTable(
  "coupons",
  {
    id: serial("id").primaryKey(),
    /** Stored upper-case; codes are case-insensitive. */
    code: text("code").notNull(),
    description: text("description"),
    kind: text("kind", { enum: ["percent", "fixed"] }).notNull(),
    /** A percent coupon's percent off (0-100, two decimals): a rate, not money. Null for fixed. */
    percent_off: numeric("percent_off", { precision: 5, scale: 2 }),
    /** A fixed coupon's amount off, in cents. Null for percent. */
    amount_off_cents: centsColumn("amount_off_cents"),
    /** The subtotal (before delivery and tax) the cart must reach, in cents. */
    min_subtotal_cents: centsColumn("min_subtotal_cents").notNull().default(0),
    expires_at: text("expires_at"),
    usage_limit: integer("usage_limit"),
    /** One use per customer email (a first-order welcome code). */
    once_per_customer: boolean("once_per_customer").notNull().default(false),
    times_used: integer("times_used").notNull().default(0),
    active: boolean("active").notNull().default(true),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("coupons_code_unique").on(t.code),
    // A coupon holds the amount of its own kind, and only that one.
    check(
      "coupons_amount_of_its_kind",
      sql`(${t.kind} = 'percent' and ${t.percent_off} is not null and ${t.amount_off_cents} is null) or (${t.kind} = 'fixed' and ${t.amount_off_cents} is not null and ${t.percent_off} is null)`,
    ),
  ],
);
