import { type StaffMember, type StaffRole, shopPasswordActor } from "@mcf/contracts/staff";
import { and, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { staffAccounts, staffSessions } from "../../db/schema/staff.ts";
import { hashToken, liveSession, newToken } from "../partners/partners.service.ts";

/** The back office's session cookie; sent only to /api/admin, never readable by scripts. */
export const staffCookieName = "mcf_staff_session";
export const staffCookiePath = "/api/admin";

/** Who made an admin request, and how the request proved it. */
export interface StaffIdentity extends StaffMember {
  /** `header`: the admin-password header (scripts); `cookie`: a browser session. */
  via: "header" | "cookie";
  /** What the audit log records as the author of this request's changes. */
  actor: string;
}

/** The owner signed in with the shop password (ADMIN_PASSWORD) in a browser. */
export const shopOwner: StaffMember = { id: null, name: "Owner", email: null, role: "owner" };
/** The audit log's name for whoever holds the shop password (screens show "Shop password"). */
export const shopOwnerActor = shopPasswordActor;

/**
 * Opens a session for an account (or for the shop-password owner when `staffId` is null) and
 * returns its token: the only copy goes to the browser's cookie, the database keeps a hash.
 */
export async function openStaffSession(
  db: DbOrTx,
  staffId: string | null,
  lifetimeMs: number,
): Promise<string> {
  const token = newToken();
  await db.insert(staffSessions).values({
    staff_id: staffId,
    token_hash: hashToken(token),
    expires_at: new Date(Date.now() + lifetimeMs),
  });
  return token;
}

/**
 * The staff member of a live session (not expired, not revoked, account not disabled), or null.
 * The role is read from the account on every request, so a change applies at once.
 */
export async function findStaffBySessionToken(
  db: DbOrTx,
  token: string,
): Promise<StaffIdentity | null> {
  const [row] = await db
    .select({ session: staffSessions, account: staffAccounts })
    .from(staffSessions)
    .leftJoin(staffAccounts, eq(staffSessions.staff_id, staffAccounts.id))
    .where(liveSession(staffSessions, token))
    .limit(1);
  if (!row) return null;
  if (row.session.staff_id === null) return { ...shopOwner, via: "cookie", actor: shopOwnerActor };
  const account = row.account;
  if (!account || account.disabled_at) return null;
  return {
    id: account.id,
    name: account.name,
    email: account.email,
    role: account.role as StaffRole,
    via: "cookie",
    actor: account.email,
  };
}

/** Ends one session (an unknown or already ended token is ignored). */
export async function revokeStaffSession(db: DbOrTx, token: string): Promise<void> {
  await db
    .update(staffSessions)
    .set({ revoked_at: new Date() })
    .where(and(eq(staffSessions.token_hash, hashToken(token)), isNull(staffSessions.revoked_at)));
}

/**
 * Ends every live session of an account, or of the shop-password owner when `staffId` is null
 * ("sign out everywhere", a disabled account, a password reset).
 */
export async function revokeAllStaffSessions(db: DbOrTx, staffId: string | null): Promise<void> {
  await db
    .update(staffSessions)
    .set({ revoked_at: new Date() })
    .where(
      and(
        staffId === null ? isNull(staffSessions.staff_id) : eq(staffSessions.staff_id, staffId),
        isNull(staffSessions.revoked_at),
      ),
    );
}
