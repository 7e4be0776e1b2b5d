import type { AuditEntry, auditEntityTypes } from "@mcf/contracts/admin";
import { and, desc, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { auditLog } from "../../db/schema/index.ts";

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

/** Newest first, optionally for one entity. */
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
  return rows.map((row) => ({ ...row, created_at: row.created_at.toISOString() }));
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
