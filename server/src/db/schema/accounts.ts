import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { products } from "./catalog.ts";
import { linkTokenColumns, sessionTokenColumns, timestamps } from "./columns.ts";

/**
 * A shopper's account: made the first time a sign-in link sent to the email is used, so every
 * account's email is verified. Separate from partner (ACE) accounts: one person may hold both.
 */
export const shopperAccounts = pgTable(
  "shopper_accounts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Stored lowercase. */
    email: text("email").notNull(),
    /** Optional: an argon2id hash once the shopper chose a password. */
    password_hash: text("password_hash"),
    email_verified_at: timestamp("email_verified_at", {
      withTimezone: true,
      mode: "date",
    }).notNull(),
    marketing_emails: boolean("marketing_emails").notNull().default(false),
    review_requests: boolean("review_requests").notNull().default(true),
    last_sign_in_at: timestamp("last_sign_in_at", { withTimezone: true, mode: "date" }),
    ...timestamps,
  },
  (t) => [uniqueIndex("shopper_accounts_email_unique").on(sql`lower(${t.email})`)],
);

/** One emailed sign-in link: kept only as a hash, single use, short-lived. */
export const shopperSignInLinks = pgTable(
  "shopper_sign_in_links",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    ...linkTokenColumns(),
    return_to: text("return_to"),
  },
  (t) => [index("shopper_sign_in_links_email_idx").on(sql`lower(${t.email})`, t.created_at)],
);

/**
 * One emailed link that changes an account's email to `new_email` when the signed-in shopper
 * uses it: kept only as a hash, single use, short-lived, counted per account for the hourly limit.
 */
export const shopperEmailChangeLinks = pgTable(
  "shopper_email_change_links",
  {
    id: serial("id").primaryKey(),
    account_id: uuid("account_id")
      .notNull()
      .references(() => shopperAccounts.id, { onDelete: "cascade" }),
    /** Stored lowercase. */
    new_email: text("new_email").notNull(),
    ...linkTokenColumns(),
  },
  (t) => [index("shopper_email_change_links_account_idx").on(t.account_id, t.created_at)],
);

export const shopperSessions = pgTable(
  "shopper_sessions",
  {
    id: serial("id").primaryKey(),
    account_id: uuid("account_id")
      .notNull()
      .references(() => shopperAccounts.id, { onDelete: "cascade" }),
    ...sessionTokenColumns(),
  },
  (t) => [index("shopper_sessions_account_idx").on(t.account_id)],
);

export const shopperAddresses = pgTable(
  "shopper_addresses",
  {
    id: serial("id").primaryKey(),
    account_id: uuid("account_id")
      .notNull()
      .references(() => shopperAccounts.id, { onDelete: "cascade" }),
    label: text("label"),
    full_name: text("full_name").notNull(),
    street: text("street").notNull(),
    city: text("city").notNull(),
    state: text("state").notNull(),
    zip_code: text("zip_code").notNull(),
    country: text("country").notNull().default("US"),
    phone: text("phone"),
    is_default: boolean("is_default").notNull().default(false),
    ...timestamps,
  },
  (t) => [index("shopper_addresses_account_idx").on(t.account_id)],
);

/** A named flooring project (a house, a remodel) holding its rooms. */
export const shopperProjects = pgTable(
  "shopper_projects",
  {
    id: serial("id").primaryKey(),
    account_id: uuid("account_id")
      .notNull()
      .references(() => shopperAccounts.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    ...timestamps,
  },
  (t) => [index("shopper_projects_account_idx").on(t.account_id)],
);

/** A room of a project: its measured area and waste factor, and the floor chosen for it. */
export const shopperProjectRooms = pgTable(
  "shopper_project_rooms",
  {
    id: serial("id").primaryKey(),
    project_id: integer("project_id")
      .notNull()
      .references(() => shopperProjects.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
    name: text("name").notNull(),
    area_sqft: numeric("area_sqft", { precision: 10, scale: 2 }).notNull(),
    waste_percent: integer("waste_percent").notNull(),
    product_id: integer("product_id").references(() => products.id, { onDelete: "set null" }),
    notes: text("notes"),
    created_at: timestamp("created_at", { withTimezone: true, mode: "date" })
      .notNull()
      .defaultNow(),
  },
  (t) => [
    index("shopper_project_rooms_project_idx").on(t.project_id),
    check("shopper_project_rooms_area_positive", sql`${t.area_sqft} > 0`),
    check(
      "shopper_project_rooms_waste_range",
      sql`${t.waste_percent} >= 0 AND ${t.waste_percent} <= 50`,
    ),
  ],
);

/** A floor a shopper saved (the heart on product pages and cards). */
export const shopperSavedProducts = pgTable(
  "shopper_saved_products",
  {
    account_id: uuid("account_id")
      .notNull()
      .references(() => shopperAccounts.id, { onDelete: "cascade" }),
    product_id: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    created_at: timestamp("created_at", { withTimezone: true, mode: "date" })
      .notNull()
      .defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.account_id, t.product_id] })],
);
