import { commonPasswordMessage } from "@mcf/contracts/partners-options";
import {
  duplicateStaffEmailMessage,
  type StaffAccount,
  type StaffRole,
  type staffAccountCreateSchema,
  type staffAccountUpdateSchema,
} from "@mcf/contracts/staff";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db, DbOrTx } from "../../db/client.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { sameEmail } from "../../db/same-email.ts";
import { staffAccounts } from "../../db/schema/staff.ts";
import { conflict, invalid, notFound } from "../../errors.ts";
import { writeAudit } from "../audit/audit.service.ts";
import { hashPassword, isCommonPassword } from "../partners/partners.service.ts";
import { revokeAllStaffSessions } from "./staff-sessions.ts";

export type StaffAccountRow = typeof staffAccounts.$inferSelect;

export function toStaffAccount(row: StaffAccountRow): StaffAccount {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role as StaffRole,
    active: row.disabled_at === null,
    last_sign_in_at: row.last_sign_in_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
  };
}

/** The audit log's view of an account (never its password hash). */
const auditView = (row: StaffAccountRow) => ({
  name: row.name,
  email: row.email,
  role: row.role,
  active: row.disabled_at === null,
});

/** A new password must not be on the bundled list of common passwords (422). */
export function assertAcceptableStaffPassword(password: string): void {
  if (isCommonPassword(password)) throw invalid(commonPasswordMessage);
}

export async function findStaffAccountByEmail(
  db: DbOrTx,
  email: string,
): Promise<StaffAccountRow | null> {
  const [row] = await db
    .select()
    .from(staffAccounts)
    .where(sameEmail(staffAccounts.email, email))
    .limit(1);
  return row ?? null;
}

/** Every account, owners first, then by name. */
export async function listStaffAccounts(db: DbOrTx): Promise<StaffAccount[]> {
  const rows = await db
    .select()
    .from(staffAccounts)
    .orderBy(
      sql`case ${staffAccounts.role} when 'owner' then 0 when 'staff' then 1 else 2 end`,
      asc(staffAccounts.name),
    );
  return rows.map(toStaffAccount);
}

/**
 * Creates an account with the first password the owner chose (audit-logged). Throws 409 for an
 * email already in use (any case), 422 for a common password.
 */
export async function createStaffAccount(
  db: Db,
  input: z.output<typeof staffAccountCreateSchema>,
  actor: string,
): Promise<StaffAccount> {
  assertAcceptableStaffPassword(input.password);
  if (await findStaffAccountByEmail(db, input.email)) throw conflict(duplicateStaffEmailMessage);
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(staffAccounts)
        .values({
          name: input.name,
          email: input.email,
          role: input.role,
          password_hash: passwordHash,
        })
        .returning();
      if (!row) throw new Error("staff insert returned nothing");
      await writeAudit(tx, {
        actor,
        action: "staff.create",
        entityType: "staff",
        entityId: row.id,
        after: auditView(row),
      });
      return toStaffAccount(row);
    });
  } catch (error) {
    // Two owners creating one email at once: the unique index decides.
    if (isUniqueViolation(error)) throw conflict(duplicateStaffEmailMessage);
    throw error;
  }
}

/**
 * Refuses (409) to take the owner role from, or turn off, the last active owner account: the
 * Staff tab and the audit log would be left to the shop password alone. The active owners' rows
 * are locked first, so two owners demoting each other at once cannot both succeed.
 */
async function keepAnOwner(
  tx: DbOrTx,
  id: string,
  update: z.output<typeof staffAccountUpdateSchema>,
): Promise<void> {
  const lowers = (update.role !== undefined && update.role !== "owner") || update.active === false;
  if (!lowers) return;
  const owners = await tx
    .select({ id: staffAccounts.id, name: staffAccounts.name })
    .from(staffAccounts)
    .where(and(eq(staffAccounts.role, "owner"), isNull(staffAccounts.disabled_at)))
    .orderBy(asc(staffAccounts.id))
    .for("update");
  const target = owners.find((owner) => owner.id === id);
  if (target && owners.length === 1) {
    throw conflict(
      `${target.name} is the last owner: make another account an owner before changing this one.`,
    );
  }
}

/**
 * Renames, changes the role of, or turns an account off or on (audit-logged). Turning it off
 * ends its sessions at once. Throws 404 for an unknown account, 409 for the last owner's role.
 */
export async function updateStaffAccount(
  db: Db,
  id: string,
  update: z.output<typeof staffAccountUpdateSchema>,
  actor: string,
): Promise<StaffAccount> {
  return db.transaction(async (tx) => {
    await keepAnOwner(tx, id, update);
    const [before] = await tx
      .select()
      .from(staffAccounts)
      .where(eq(staffAccounts.id, id))
      .for("update");
    if (!before) throw notFound("Unknown staff account");
    const disabledAt =
      update.active === undefined
        ? before.disabled_at
        : update.active
          ? null
          : (before.disabled_at ?? new Date());
    const [after] = await tx
      .update(staffAccounts)
      .set({
        name: update.name ?? before.name,
        role: update.role ?? before.role,
        disabled_at: disabledAt,
        updated_at: new Date(),
      })
      .where(eq(staffAccounts.id, id))
      .returning();
    if (!after) throw notFound("Unknown staff account");
    if (after.disabled_at) await revokeAllStaffSessions(tx, id);
    await writeAudit(tx, {
      actor,
      action: "staff.update",
      entityType: "staff",
      entityId: id,
      before: auditView(before),
      after: auditView(after),
    });
    return toStaffAccount(after);
  });
}
