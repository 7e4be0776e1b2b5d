import { integer, numeric, timestamp } from "drizzle-orm/pg-core";

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
