import type { leadStatusValues } from "@mcf/contracts/admin";
import type { contactMethods, inquiryFlooringTypes } from "@mcf/contracts/leads";
import { index, integer, jsonb, pgTable, serial, text } from "drizzle-orm/pg-core";
import { timestamps } from "./columns.ts";

type LeadStatus = (typeof leadStatusValues)[number];

export const projectInquiries = pgTable(
  "project_inquiries",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    address: text("address").notNull(),
    property_type: text("property_type").notNull(),
    location_type: text("location_type"),
    acting_as: text("acting_as").notNull(),
    flooring_type: jsonb("flooring_type")
      .$type<Array<(typeof inquiryFlooringTypes)[number]>>()
      .notNull()
      .default([]),
    square_footage: integer("square_footage"),
    rooms: text("rooms"),
    timeline: text("timeline").notNull(),
    additional_notes: text("additional_notes"),
    status: text("status").$type<LeadStatus>().notNull().default("new"),
    staff_note: text("staff_note"),
    ...timestamps,
  },
  (t) => [index("project_inquiries_created_idx").on(t.created_at)],
);

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    message: text("message").notNull(),
    preferred_contact_method: text("preferred_contact_method")
      .$type<(typeof contactMethods)[number]>()
      .notNull()
      .default("email"),
    best_time_to_contact: text("best_time_to_contact"),
    status: text("status").$type<LeadStatus>().notNull().default("new"),
    staff_note: text("staff_note"),
    ...timestamps,
  },
  (t) => [index("contact_messages_created_idx").on(t.created_at)],
);
