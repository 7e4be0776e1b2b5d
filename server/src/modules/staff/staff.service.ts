import {
  invalidShopPasswordMessage,
  invalidStaffSignInMessage,
  type StaffMember,
  type StaffRole,
} from "@mcf/contracts/staff";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { staffAccounts } from "../../db/schema/staff.ts";
import { unauthorized } from "../../errors.ts";
import { burnPasswordCheck, verifyPassword } from "../partners/partners.service.ts";
import { findStaffAccountByEmail } from "./staff-accounts.ts";
import { openStaffSession, shopOwner } from "./staff-sessions.ts";

export { roleMayOpen } from "@mcf/contracts/staff";
// The staff module's public entry: the admin check (plugins/admin-auth.ts) finds the signed-in
// staff member of a request through these; the routes file serves the rest.
export {
  createStaffAccount,
  listStaffAccounts,
  updateStaffAccount,
} from "./staff-accounts.ts";
export {
  countSignInFailure,
  lockoutWindowMs,
  type SignInFailures,
  secondsLockedOut,
} from "./staff-lockout.ts";
export { requestStaffPasswordReset, resetStaffPassword } from "./staff-resets.ts";
export {
  findStaffBySessionToken,
  revokeAllStaffSessions,
  revokeStaffSession,
  type StaffIdentity,
  shopOwnerActor,
  staffCookieName,
  staffCookiePath,
} from "./staff-sessions.ts";

export interface StaffSignIn {
  member: StaffMember;
  token: string;
}

/**
 * Checks a sign-in and opens a session. Without an email the password must be the shop password
 * (`shopPasswordMatches`), and the session is the owner's. With one, it must be the account's
 * password: a wrong or unknown email, a wrong password and a disabled account all answer the
 * same 401 after the same hashing work, so the form never tells who works here.
 */
export async function signInStaff(
  db: Db,
  input: { email: string | null; password: string },
  options: { shopPasswordMatches: (password: string) => boolean; sessionLifetimeMs: number },
): Promise<StaffSignIn> {
  if (input.email === null) {
    if (!options.shopPasswordMatches(input.password))
      throw unauthorized(invalidShopPasswordMessage);
    const token = await openStaffSession(db, null, options.sessionLifetimeMs);
    return { member: shopOwner, token };
  }
  const account = await findStaffAccountByEmail(db, input.email);
  if (!account) {
    await burnPasswordCheck(input.password);
    throw unauthorized(invalidStaffSignInMessage);
  }
  if (!(await verifyPassword(account.password_hash, input.password)) || account.disabled_at) {
    throw unauthorized(invalidStaffSignInMessage);
  }
  const token = await openStaffSession(db, account.id, options.sessionLifetimeMs);
  await db
    .update(staffAccounts)
    .set({ last_sign_in_at: new Date() })
    .where(eq(staffAccounts.id, account.id));
  return {
    member: {
      id: account.id,
      name: account.name,
      email: account.email,
      role: account.role as StaffRole,
    },
    token,
  };
}
