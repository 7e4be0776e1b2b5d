import { sql } from "drizzle-orm";
import {
  index,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { linkTokenColumns, sessionTokenColumns, timestamps } from "./columns.ts";

export interface PartnerShippingAddress {
  address: string;
  city: string;
  state: string;
  zip: string;
  country: string;
}

export const aceUsers = pgTable(
  "ace_users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    password_hash: text("password_hash").notNull(),
    company: text("company").notNull(),
    company_address: text("company_address"),
    contact_name: text("contact_name").notNull(),
    phone: text("phone"),
    shipping_address: jsonb("shipping_address").$type<PartnerShippingAddress | null>(),
    /** pending | approved | disabled */
    status: text("status").notNull().default("pending"),
    last_login_at: timestamp("last_login_at", { withTimezone: true, mode: "date" }),
    ...timestamps,
  },
  (t) => [uniqueIndex("ace_users_email_unique").on(sql`lower(${t.email})`)],
);

export const aceSessions = pgTable(
  "ace_sessions",
  {
    id: serial("id").primaryKey(),
    user_id: uuid("user_id")
      .notNull()
      .references(() => aceUsers.id, { onDelete: "cascade" }),
    ...sessionTokenColumns(),
  },
  (t) => [index("ace_sessions_user_idx").on(t.user_id)],
);

export const acePasswordResets = pgTable("ace_password_resets", {
  id: serial("id").primaryKey(),
  user_id: uuid("user_id")
    .notNull()
    .references(() => aceUsers.id, { onDelete: "cascade" }),
  ...linkTokenColumns(),
});
