import type { AuditEntry, auditEntityTypes } from "@mcf/contracts/admin";
import { and, desc, eq, inArray } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../../db/client.ts";
import { auditLog } from "../../db/schema/audit.ts";
import { products } from "../../db/schema/catalog.ts";
import { coupons } from "../../db/schema/coupons.ts";
import { installCrews, installJobs } from "../../db/schema/installs.ts";
import { contactMessages, projectInquiries } from "../../db/schema/leads.ts";
import { orders } from "../../db/schema/orders.ts";
import { aceUsers } from "../../db/schema/partners.ts";
import { staffAccounts } from "../../db/schema/staff.ts";

export type AuditEntityType = (typeof auditEntityTypes)[number];

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
    /**
     * Who made the change: the staff member signed in on the request (`staffActor` in
     * plugins/admin-auth.ts), or who else did (a customer asking for another date).
     */
    actor: string;
  },
): Promise<void> {
  await db.insert(auditLog).values({
    actor: entry.actor,
    action: entry.action,
    entity_type: entry.entityType,
    entity_id: String(entry.entityId),
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const keyShapes = {
  serial: (id: string) => /^\d{1,9}$/.test(id),
  uuid: (id: string) => uuidPattern.test(id),
};

/** What staff call each kind of record, and the shape of its key (entries keep the key as text). */
const labelSources: Partial<
  Record<AuditEntityType, { id: PgColumn; label: PgColumn; key: keyof typeof keyShapes }>
> = {
  product: { id: products.id, label: products.name, key: "serial" },
  coupon: { id: coupons.id, label: coupons.code, key: "serial" },
  inquiry: { id: projectInquiries.id, label: projectInquiries.name, key: "serial" },
  contact_message: { id: contactMessages.id, label: contactMessages.name, key: "serial" },
  order: { id: orders.id, label: orders.friendly_order_id, key: "uuid" },
  partner: { id: aceUsers.id, label: aceUsers.company, key: "uuid" },
  job: { id: installJobs.id, label: installJobs.customer_name, key: "serial" },
  crew: { id: installCrews.id, label: installCrews.name, key: "serial" },
  staff: { id: staffAccounts.id, label: staffAccounts.name, key: "uuid" },
};

/**
 * What staff call each record of a page of entries (product name, order number, coupon code,
 * partner company, lead name), one query per kind; a deleted record has no label.
 */
async function entityLabels(
  db: DbOrTx,
  rows: Array<{ entity_type: string; entity_id: string }>,
): Promise<Map<string, string>> {
  const labels = new Map<string, string>();
  for (const [type, source] of Object.entries(labelSources)) {
    const valid = keyShapes[source.key];
    const keys = new Set(
      rows.filter((r) => r.entity_type === type && valid(r.entity_id)).map((r) => r.entity_id),
    );
    if (keys.size === 0) continue;
    const ids = [...keys].map((id) => (source.key === "serial" ? Number(id) : id));
    const found = await db
      .select({ id: source.id, label: source.label })
      .from(source.id.table)
      .where(inArray(source.id, ids));
    for (const row of found) labels.set(`${type}:${row.id}`, String(row.label));
  }
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

/**
 * Records an edit as the fields it changed (`changedFields`), inside the edit's transaction; an
 * edit that changed nothing leaves no entry.
 */
export async function auditChanges(
  db: DbOrTx,
  entry: {
    action: string;
    entityType: AuditEntityType;
    entityId: string | number;
    before: Record<string, unknown>;
    after: Record<string, unknown>;
    actor: string;
  },
): Promise<void> {
  const diff = changedFields(entry.before, entry.after);
  if (Object.keys(diff.after).length === 0) return;
  await writeAudit(db, { ...entry, ...diff });
}
