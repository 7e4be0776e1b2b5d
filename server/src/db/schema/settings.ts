import { sql } from "drizzle-orm";
import { check, jsonb, pgTable, smallint, text, timestamp } from "drizzle-orm/pg-core";

/** One row: the owner's saved store settings (migration 0017; the settings module owns it). */
export const storeSettings = pgTable(
  "store_settings",
  {
    id: smallint("id").primaryKey().default(1),
    settings: jsonb("settings").notNull(),
    updated_by: text("updated_by").notNull(),
    updated_at: timestamp("updated_at", { withTimezone: true, mode: "date" })
      .notNull()
      .defaultNow(),
  },
  () => [check("store_settings_id_check", sql`"id" = 1`)],
);
