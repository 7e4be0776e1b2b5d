import { index, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { orders } from "./orders.ts";

/**
 * `Idempotency-Key`s of payment starts: a repeat of a key (a retry after a lost answer or a busy
 * server) returns the payment session the first request opened, instead of a second order and a
 * second reservation. Keys are scoped to who sent them (a partner account, else the customer's
 * email) and kept while the session they answer with is open.
 */
export const paymentIdempotencyKeys = pgTable(
  "payment_idempotency_keys",
  {
    scope: text("scope").notNull(),
    key: text("key").notNull(),
    /** SHA-256 of the request: the same key with a different checkout is refused. */
    request_hash: text("request_hash").notNull(),
    order_id: uuid("order_id").references(() => orders.id, { onDelete: "cascade" }),
    session_id: text("session_id"),
    session_url: text("session_url"),
    created_at: timestamp("created_at", { withTimezone: true, mode: "date" })
      .notNull()
      .defaultNow(),
    expires_at: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.scope, table.key] }),
    index("payment_idempotency_keys_expires_at_idx").on(table.expires_at),
  ],
);

export type PaymentIdempotencyKeyRow = typeof paymentIdempotencyKeys.$inferSelect;

/** Payment provider events already handled, so a replayed webhook does nothing twice. */
export const paymentEvents = pgTable("payment_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  received_at: timestamp("received_at", { withTimezone: true, mode: "date" })
    .notNull()
    .defaultNow(),
});
