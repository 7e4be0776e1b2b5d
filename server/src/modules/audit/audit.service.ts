import type { AuditEntry, auditEntityTypes } from "@mcf/contracts/admin";
import { and, desc, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import {
  aceUsers,
  auditLog,
  contactMessages,
  coupons,
  orders,
  products,
  projectInquiries,
} from "../../db/schema/index.ts";

export type AuditEntityType = (typeof auditEntityTypes)[number];

/** There is one admin password and no usernames, so every back-office change is by "admin". */
export const adminActor = "admin";

/**
 * Records one change (call it inside the transaction that makes the change, so both or neither
 * are written). `before`/`after` are the changed record's values as JSON.
 */
export async function writeAudit(
  db: DbOrTx,
  entry: {
    action: string;
    entityType: AuditEntityType;
    entityId: string | number;
    before?: unknown;
    after?: unknown;
  },
): Promise<void> {
  await db.insert(auditLog).values({
    actor: adminActor,
    action: entry.action,
    entity_type: entry.entityType,
    entity_id: String(entry.entityId),
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What staff call each record of a page of entries (product name, order number, coupon code,
 * partner company, lead name), one query per kind; a deleted record has no label.
 */
async function entityLabels(
  db: DbOrTx,
  rows: Array<{ entity_type: string; entity_id: string }>,
): Promise<Map<string, string>> {
  const ids = (type: string, valid: (id: string) => boolean) => [
    ...new Set(
      rows.filter((r) => r.entity_type === type && valid(r.entity_id)).map((r) => r.entity_id),
    ),
  ];
  const serial = (id: string) => /^\d{1,9}$/.test(id);
  const uuid = (id: string) => uuidPattern.test(id);
  const numbers = (type: string) => ids(type, serial).map(Number);
  const labels = new Map<string, string>();
  const put = (type: string, list: Array<{ id: string | number; label: string }>) => {
    for (const row of list) labels.set(`${type}:${row.id}`, row.label);
  };
  const productIds = numbers("product");
  if (productIds.length)
    put(
      "product",
      await db
        .select({ id: products.id, label: products.name })
        .from(products)
        .where(inArray(products.id, productIds)),
    );
  const couponIds = numbers("coupon");
  if (couponIds.length)
    put(
      "coupon",
      await db
        .select({ id: coupons.id, label: coupons.code })
        .from(coupons)
        .where(inArray(coupons.id, couponIds)),
    );
  const inquiryIds = numbers("inquiry");
  if (inquiryIds.length)
    put(
      "inquiry",
      await db
        .select({ id: projectInquiries.id, label: projectInquiries.name })
        .from(projectInquiries)
        .where(inArray(projectInquiries.id, inquiryIds)),
    );
  const messageIds = numbers("contact_message");
  if (messageIds.length)
    put(
      "contact_message",
      await db
        .select({ id: contactMessages.id, label: contactMessages.name })
        .from(contactMessages)
        .where(inArray(contactMessages.id, messageIds)),
    );
  const orderIds = ids("order", uuid);
  if (orderIds.length)
    put(
      "order",
      await db
        .select({ id: orders.id, label: orders.friendly_order_id })
        .from(orders)
        .where(inArray(orders.id, orderIds)),
    );
  const partnerIds = ids("partner", uuid);
  if (partnerIds.length)
    put(
      "partner",
      await db
        .select({ id: aceUsers.id, label: aceUsers.company })
        .from(aceUsers)
        .where(inArray(aceUsers.id, partnerIds)),
    );
  return labels;
}

/** Newest first, optionally for one entity, each entry with the name staff know its record by. */
export async function listAudit(
  db: DbOrTx,
  query: { entity_type?: string; entity_id?: string; limit: number; offset: number },
): Promise<AuditEntry[]> {
  const conditions = [];
  if (query.entity_type) conditions.push(eq(auditLog.entity_type, query.entity_type));
  if (query.entity_id) conditions.push(eq(auditLog.entity_id, query.entity_id));
  const rows = await db
    .select()
    .from(auditLog)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(auditLog.created_at), desc(auditLog.id))
    .limit(query.limit)
    .offset(query.offset);
  const labels = await entityLabels(db, rows);
  return rows.map((row) => ({
    ...row,
    entity_label: labels.get(`${row.entity_type}:${row.entity_id}`) ?? null,
    created_at: row.created_at.toISOString(),
  }));
}

/** The fields whose values differ between two snapshots, for a compact before/after. */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const key of Object.keys(after)) {
    if (key === "updated_at") continue;
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      b[key] = before[key];
      a[key] = after[key];
    }
  }
  return { before: b, after: a };
}
