import { integer, numeric, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Money: a whole number of cents, named `*_cents` so nobody mistakes the unit. The API answers in
 * dollars; the conversion happens once, at its edge (`@mcf/contracts/money`).
 */
export const centsColumn = (name: `${string}_cents`) => integer(name);

/** A measure with two decimals (square feet, pounds): not money. Read as strings by both drivers. */
export const decimalColumn = (name: string) => numeric(name, { precision: 10, scale: 2 });

export const timestamps = {
  created_at: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  updated_at: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
};

const at = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/**
 * A signed-in browser's session (shopper, staff, partner): the token is stored only as its
 * SHA-256 hash; it ends when it expires or is revoked (sign-out, password change).
 */
export const sessionTokenColumns = () => ({
  token_hash: text("token_hash").notNull().unique(),
  expires_at: at("expires_at").notNull(),
  revoked_at: at("revoked_at"),
  created_at: at("created_at").notNull().defaultNow(),
});

/** An emailed link's token (sign-in, password reset): stored as its hash, single use, expiring. */
export const linkTokenColumns = () => ({
  token_hash: text("token_hash").notNull().unique(),
  expires_at: at("expires_at").notNull(),
  used_at: at("used_at"),
  created_at: at("created_at").notNull().defaultNow(),
});
