import { appointmentKinds } from "@mcf/contracts/installs";
import { jobFlooringTypes, jobStages } from "@mcf/contracts/installs-options";
import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import { timestamps } from "./columns.ts";
import { projectInquiries } from "./leads.ts";
import { orders } from "./orders.ts";

const oneOf = (column: unknown, values: readonly string[]) =>
  sql`${column} in (${sql.raw(values.map((value) => `'${value}'`).join(", "))})`;

const at = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** The people who measure and install; a crew is booked for one visit at a time. */
export const installCrews = pgTable(
  "install_crews",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull().unique(),
    /** Working hours in the store's time zone, as minutes after midnight (8:00 to 17:00). */
    work_start_minute: integer("work_start_minute").notNull().default(480),
    work_end_minute: integer("work_end_minute").notNull().default(1020),
    /** Weekdays the crew works, 0 = Sunday ... 6 = Saturday. */
    work_days: integer("work_days").array().notNull().default(sql`'{1,2,3,4,5}'`),
    ...timestamps,
  },
  (t) => [
    check(
      "install_crews_work_hours_check",
      sql`${t.work_start_minute} >= 0 AND ${t.work_end_minute} <= 1440 AND ${t.work_end_minute} > ${t.work_start_minute}`,
    ),
  ],
);

/** A crew's days off and blocked times: no visit is offered or booked inside one. */
export const installCrewTimeOff = pgTable(
  "install_crew_time_off",
  {
    id: serial("id").primaryKey(),
    crew_id: integer("crew_id")
      .notNull()
      .references(() => installCrews.id, { onDelete: "cascade" }),
    starts_at: at("starts_at").notNull(),
    ends_at: at("ends_at").notNull(),
    reason: text("reason"),
    created_at: at("created_at").notNull().defaultNow(),
  },
  (t) => [
    check("install_crew_time_off_order_check", sql`${t.ends_at} > ${t.starts_at}`),
    index("install_crew_time_off_crew_idx").on(t.crew_id, t.starts_at),
  ],
);

/** One installation, from the inquiry to the installed floor. */
export const installJobs = pgTable(
  "install_jobs",
  {
    id: serial("id").primaryKey(),
    /** The secret in the customer's page address. */
    token: text("token").notNull().unique(),
    stage: text("stage").$type<(typeof jobStages)[number]>().notNull().default("new"),
    /** At most one job per inquiry. */
    inquiry_id: integer("inquiry_id")
      .unique()
      .references(() => projectInquiries.id),
    customer_name: text("customer_name").notNull(),
    customer_email: text("customer_email").notNull(),
    customer_phone: text("customer_phone").notNull(),
    address: text("address").notNull(),
    flooring_type: text("flooring_type").$type<(typeof jobFlooringTypes)[number]>().notNull(),
    notes: text("notes"),
    /** The order that holds the materials and carries the deposit payment. */
    deposit_order_id: uuid("deposit_order_id").references(() => orders.id),
    materials_received_at: at("materials_received_at"),
    accepted_version: integer("accepted_version"),
    accepted_name: text("accepted_name"),
    accepted_at: at("accepted_at"),
    accepted_ip: text("accepted_ip"),
    /** The order that carries the balance (estimate total less deposit), due once completed. */
    balance_order_id: uuid("balance_order_id").references(() => orders.id),
    balance_paid_at: at("balance_paid_at"),
    cancelled_at: at("cancelled_at"),
    /** What a cancellation after the deposit gave back and kept, by the policy of that day. */
    cancel_refund_cents: integer("cancel_refund_cents"),
    cancel_kept_cents: integer("cancel_kept_cents"),
    ...timestamps,
  },
  (t) => [
    check("install_jobs_stage_check", oneOf(t.stage, jobStages)),
    check("install_jobs_flooring_type_check", oneOf(t.flooring_type, jobFlooringTypes)),
    index("install_jobs_stage_idx").on(t.stage),
  ],
);

/** A stored estimate line: amounts in cents. */
export interface StoredEstimateLine {
  kind: "labour" | "removal" | "subfloor" | "stairs" | "material";
  description: string;
  product_id: number | null;
  quantity: number;
  unit_price_cents: number;
  total_cents: number;
}

/** Every version of a job's estimate; the newest is the one the customer sees. */
export const installEstimates = pgTable(
  "install_estimates",
  {
    id: serial("id").primaryKey(),
    job_id: integer("job_id")
      .notNull()
      .references(() => installJobs.id),
    version: integer("version").notNull(),
    lines: jsonb("lines").$type<StoredEstimateLine[]>().notNull(),
    labour_subtotal_cents: integer("labour_subtotal_cents").notNull(),
    materials_subtotal_cents: integer("materials_subtotal_cents").notNull(),
    tax_cents: integer("tax_cents").notNull(),
    total_cents: integer("total_cents").notNull(),
    deposit_cents: integer("deposit_cents").notNull(),
    deposit_percent: integer("deposit_percent").notNull(),
    created_at: at("created_at").notNull().defaultNow(),
  },
  (t) => [unique("install_estimates_job_version_unique").on(t.job_id, t.version)],
);

/** A crew's visit to a job: the measure or the install. */
export const installAppointments = pgTable(
  "install_appointments",
  {
    id: serial("id").primaryKey(),
    job_id: integer("job_id")
      .notNull()
      .references(() => installJobs.id),
    crew_id: integer("crew_id")
      .notNull()
      .references(() => installCrews.id),
    kind: text("kind").$type<(typeof appointmentKinds)[number]>().notNull(),
    /** Who booked the visit: staff in the back office, or the customer online. */
    booked_by: text("booked_by").$type<"staff" | "customer">().notNull().default("staff"),
    starts_at: at("starts_at").notNull(),
    ends_at: at("ends_at").notNull(),
    /** Set when the visit is moved or the job cancelled; it no longer holds the crew. */
    cancelled_at: at("cancelled_at"),
    created_at: at("created_at").notNull().defaultNow(),
  },
  (t) => [
    check("install_appointments_kind_check", oneOf(t.kind, appointmentKinds)),
    check("install_appointments_booked_by_check", sql`${t.booked_by} in ('staff', 'customer')`),
    check("install_appointments_order_check", sql`${t.ends_at} > ${t.starts_at}`),
    index("install_appointments_crew_idx").on(t.crew_id, t.starts_at),
    index("install_appointments_job_idx").on(t.job_id),
  ],
);
