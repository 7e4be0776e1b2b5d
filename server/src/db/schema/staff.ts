import { staffRoles } from "@mcf/contracts/staff";
import { sql } from "drizzle-orm";
import {
  check,
  index,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { linkTokenColumns, sessionTokenColumns, timestamps } from "./columns.ts";

const at = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** Named back-office accounts; the owner's shop password (ADMIN_PASSWORD) has no row. */
export const staffAccounts = pgTable(
  "staff_accounts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    name: text("name").notNull(),
    /** owner | staff | catalogue */
    role: text("role").notNull(),
    password_hash: text("password_hash").notNull(),
    /** Set when the owner turns the account off; it then cannot sign in. */
    disabled_at: at("disabled_at"),
    last_sign_in_at: at("last_sign_in_at"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("staff_accounts_email_unique").on(sql`lower(${t.email})`),
    check(
      "staff_accounts_role_check",
      sql`${t.role} in (${sql.raw(staffRoles.map((role) => `'${role}'`).join(", "))})`,
    ),
  ],
);

/**
 * Browser sessions of the back office, stored as token hashes. `staff_id` is null for the owner
 * signed in with the shop password.
 */
export const staffSessions = pgTable(
  "staff_sessions",
  {
    id: serial("id").primaryKey(),
    staff_id: uuid("staff_id").references(() => staffAccounts.id, { onDelete: "cascade" }),
    ...sessionTokenColumns(),
  },
  (t) => [index("staff_sessions_staff_idx").on(t.staff_id)],
);

/** Single-use password reset links, stored as token hashes. */
export const staffPasswordResets = pgTable(
  "staff_password_resets",
  {
    id: serial("id").primaryKey(),
    staff_id: uuid("staff_id")
      .notNull()
      .references(() => staffAccounts.id, { onDelete: "cascade" }),
    ...linkTokenColumns(),
  },
  (t) => [index("staff_password_resets_staff_idx").on(t.staff_id)],
);
