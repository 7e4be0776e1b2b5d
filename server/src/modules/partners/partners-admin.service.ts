import type { AdminPartner, PartnerStatus } from "@mcf/contracts/partners";
import { desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { aceUsers } from "../../db/schema/partners.ts";
import { notFound } from "../../errors.ts";
import { writeAudit } from "../audit/audit.service.ts";
import { paidOrderCounts } from "../orders/orders.service.ts";
import { revokeAllSessions } from "./partners.service.ts";

/** Every partner account (or the one with `onlyId`), newest first, with its count of paid orders. */
export async function listPartnersForAdmin(db: Db, onlyId?: string): Promise<AdminPartner[]> {
  const users = await db
    .select()
    .from(aceUsers)
    .where(onlyId ? eq(aceUsers.id, onlyId) : undefined)
    .orderBy(desc(aceUsers.created_at));
  const counts = await paidOrderCounts(
    db,
    users.map((user) => user.id),
  );
  return users.map((user) => ({
    id: user.id,
    company: user.company,
    contact_name: user.contact_name,
    email: user.email,
    phone: user.phone,
    status: user.status as PartnerStatus,
    created_at: user.created_at.toISOString(),
    last_login_at: user.last_login_at?.toISOString() ?? null,
    order_count: counts.get(user.id) ?? 0,
  }));
}

async function setPartnerStatus(
  db: Db,
  id: string,
  status: PartnerStatus,
  actor: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ status: aceUsers.status })
      .from(aceUsers)
      .where(eq(aceUsers.id, id))
      .for("update");
    if (!before) throw notFound("Partner not found");
    await tx.update(aceUsers).set({ status, updated_at: new Date() }).where(eq(aceUsers.id, id));
    // Who let a partner see partner prices (or stopped it) is a question staff will ask.
    await writeAudit(tx, {
      actor,
      action: status === "approved" ? "partner.approve" : "partner.disable",
      entityType: "partner",
      entityId: id,
      before: { status: before.status },
      after: { status },
    });
    // A disabled partner is signed out everywhere at once.
    if (status === "disabled") await revokeAllSessions(tx, id);
  });
}

/** Approves a pending account, or re-enables a disabled one. Throws 404 for an unknown id. */
export async function approvePartner(db: Db, id: string, actor: string): Promise<AdminPartner> {
  await setPartnerStatus(db, id, "approved", actor);
  return findAdminPartner(db, id);
}

/** Disables an account and ends its sessions. Throws 404 for an unknown id. */
export async function disablePartner(db: Db, id: string, actor: string): Promise<AdminPartner> {
  await setPartnerStatus(db, id, "disabled", actor);
  return findAdminPartner(db, id);
}

async function findAdminPartner(db: Db, id: string): Promise<AdminPartner> {
  const [partner] = await listPartnersForAdmin(db, id);
  if (!partner) throw notFound("Partner not found");
  return partner;
}
