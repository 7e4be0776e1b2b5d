import { leadStatusValues } from "@mcf/contracts/admin";
import { type ClaimKind, claimKinds } from "@mcf/contracts/claims-options";
import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, serial, text, uuid } from "drizzle-orm/pg-core";
import { timestamps } from "./columns.ts";
import { orders } from "./orders.ts";

type LeadStatus = (typeof leadStatusValues)[number];

/** One stored claim photo: its file under DATA_DIR/claims/{folder}/ and what its bytes are. */
export interface StoredClaimPhoto {
  file: string;
  content_type: string;
  bytes: number;
}

const oneOf = (column: unknown, values: readonly string[]) =>
  sql`${column} in (${sql.raw(values.map((value) => `'${value}'`).join(", "))})`;

/** Damage or shortage claims sent from an order's tracking page; staff follow them up in the inbox. */
export const deliveryClaims = pgTable(
  "delivery_claims",
  {
    id: serial("id").primaryKey(),
    order_id: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    kind: text("kind").$type<ClaimKind>().notNull(),
    description: text("description").notNull(),
    boxes_affected: integer("boxes_affected").notNull(),
    /** The folder under DATA_DIR/claims holding this claim's photos. */
    photo_folder: text("photo_folder").notNull(),
    photos: jsonb("photos").$type<StoredClaimPhoto[]>().notNull().default([]),
    status: text("status").$type<LeadStatus>().notNull().default("new"),
    staff_note: text("staff_note"),
    ...timestamps,
  },
  (t) => [
    index("delivery_claims_created_idx").on(t.created_at),
    index("delivery_claims_order_idx").on(t.order_id),
    check("delivery_claims_kind_check", oneOf(t.kind, claimKinds)),
    check("delivery_claims_status_check", oneOf(t.status, leadStatusValues)),
    check("delivery_claims_boxes_check", sql`${t.boxes_affected} >= 1`),
  ],
);

export type DeliveryClaimRow = typeof deliveryClaims.$inferSelect;
