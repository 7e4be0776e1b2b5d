import { formatUsd, toCents, toDollars } from "@mcf/contracts/money";
import {
  type RefundAllowance,
  type RefundPermission,
  refundRefusalMessage,
} from "@mcf/contracts/order-money";
import { type StaffRole, staffRoles } from "@mcf/contracts/staff";
import { eq } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client.ts";
import { refundPermissions } from "../../db/schema/order-payments.ts";
import { forbidden } from "../../errors.ts";
import { writeAudit } from "../audit/audit.service.ts";

/** Each role's right to refund; a role without a stored row may not refund. */
export async function listRefundPermissions(db: DbOrTx): Promise<RefundPermission[]> {
  const rows = await db.select().from(refundPermissions);
  return staffRoles.map((role) => {
    const row = rows.find((stored) => stored.role === role);
    return {
      role,
      may_refund: row?.may_refund ?? false,
      max_refund: row?.max_refund_cents == null ? null : toDollars(row.max_refund_cents),
    };
  });
}

/** The owner saves who may refund (audited as settings.refunds with the rows before and after). */
export async function saveRefundPermissions(
  db: Db,
  roles: RefundPermission[],
  actor: string,
): Promise<RefundPermission[]> {
  return db.transaction(async (tx) => {
    const before = await listRefundPermissions(tx);
    for (const permission of roles) {
      const values = {
        may_refund: permission.may_refund,
        max_refund_cents: permission.max_refund === null ? null : toCents(permission.max_refund),
        updated_by: actor,
        updated_at: new Date(),
      };
      await tx
        .insert(refundPermissions)
        .values({ role: permission.role, ...values })
        .onConflictDoUpdate({ target: refundPermissions.role, set: values });
    }
    const after = await listRefundPermissions(tx);
    await writeAudit(tx, {
      actor,
      action: "settings.refunds",
      entityType: "settings",
      entityId: "refunds",
      before,
      after,
    });
    return after;
  });
}

/** What a role may refund, for the order panel. */
export async function refundAllowanceOf(db: DbOrTx, role: StaffRole): Promise<RefundAllowance> {
  const [row] = await db.select().from(refundPermissions).where(eq(refundPermissions.role, role));
  const mayRefund = row?.may_refund ?? false;
  return {
    may_refund: mayRefund,
    max_refund: mayRefund && row?.max_refund_cents != null ? toDollars(row.max_refund_cents) : null,
    refusal: mayRefund ? null : refundRefusalMessage(role, "", null),
  };
}

/**
 * Throws 403 with what to do instead when `role` may not give a refund of `amountCents`: its role
 * may not refund at all, or not that much at once. Call it before the provider is asked.
 */
export async function assertMayRefund(
  db: DbOrTx,
  role: StaffRole,
  amountCents: number,
): Promise<void> {
  const allowance = await refundAllowanceOf(db, role);
  if (allowance.refusal) throw forbidden(allowance.refusal);
  if (allowance.max_refund !== null && amountCents > toCents(allowance.max_refund))
    throw forbidden(
      refundRefusalMessage(
        role,
        formatUsd(toDollars(amountCents)),
        formatUsd(allowance.max_refund),
      ),
    );
}
