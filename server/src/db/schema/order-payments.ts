import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import { orders } from "./orders.ts";

/** What a row of an order's payments ledger records: money taken, or money given back. */
export const paymentKinds = ["charge", "refund"] as const;
export type PaymentKind = (typeof paymentKinds)[number];

/**
 * An order's payments ledger: one row per charge or refund, in integer cents, with the payment
 * provider's id of it. What the customer paid, what went back and what is still owed all come
 * from these rows. The same provider id is recorded once per order and kind, so a replayed
 * webhook or a retried refund never writes a second row.
 */
export const orderPayments = pgTable(
  "order_payments",
  {
    id: serial("id").primaryKey(),
    order_id: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: paymentKinds }).notNull(),
    amount_cents: integer("amount_cents").notNull(),
    /** The provider that moved the money ("test" or "stripe"). */
    provider: text("provider").notNull(),
    /** The provider's id: the payment session of a charge, the refund's id of a refund. */
    provider_id: text("provider_id").notNull(),
    /** The staff member who gave a refund (null for a customer's payment). */
    staff: text("staff"),
    /** Why a refund was given ("Order cancelled", "Return 12: ..."). */
    reason: text("reason"),
    created_at: timestamp("created_at", { withTimezone: true, mode: "date" })
      .notNull()
      .defaultNow(),
  },
  (t) => [
    unique("order_payments_once").on(t.order_id, t.kind, t.provider_id),
    check("order_payments_kind_check", sql`${t.kind} in ('charge', 'refund')`),
    check("order_payments_amount_positive", sql`${t.amount_cents} > 0`),
  ],
);

export type OrderPaymentRow = typeof orderPayments.$inferSelect;

/**
 * Who may give money back: one row per staff role, with the most one refund may be (null: no
 * limit). A role without a row may not refund.
 */
export const refundPermissions = pgTable(
  "refund_permissions",
  {
    role: text("role").primaryKey(),
    may_refund: boolean("may_refund").notNull(),
    max_refund_cents: integer("max_refund_cents"),
    updated_by: text("updated_by"),
    updated_at: timestamp("updated_at", { withTimezone: true, mode: "date" })
      .notNull()
      .defaultNow(),
  },
  (t) => [
    check(
      "refund_permissions_limit_positive",
      sql`${t.max_refund_cents} IS NULL OR ${t.max_refund_cents} > 0`,
    ),
  ],
);

export type RefundPermissionRow = typeof refundPermissions.$inferSelect;
