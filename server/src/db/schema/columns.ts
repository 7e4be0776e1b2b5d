import { numeric, timestamp } from "drizzle-orm/pg-core";

/** Dollars with cents, as the spec's prices. Read as strings by both drivers. */
export const moneyColumn = (name: string) => numeric(name, { precision: 10, scale: 2 });

export const timestamps = {
  created_at: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  updated_at: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
};
