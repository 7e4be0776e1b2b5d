import { randomBytes } from "node:crypto";
import type {
  PartnerStatus,
  PartnerUser,
  partnerAccountUpdateSchema,
  partnerRegistrationSchema,
} from "@mcf/contracts/partners";
import {
  commonPasswordMessage,
  duplicatePartnerEmailMessage,
  invalidCredentialsMessage,
  invalidResetTokenMessage,
  partnerDisabledMessage,
} from "@mcf/contracts/partners-options";
import { and, eq, isNull } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { z } from "zod";
import type { Db, DbOrTx } from "../../db/client.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { acePasswordResets, aceSessions, aceUsers } from "../../db/schema/partners.ts";
import { badRequest, conflict, forbidden, invalid, unauthorized } from "../../errors.ts";
import { countRecentMail, enqueueMail } from "../../mail/outbox.ts";
import { renderEmail } from "../../mail/templates.ts";
import {
  findPartnerBySessionToken,
  hashToken,
  type PartnerUserRow,
  usableLink,
} from "./partner-session.ts";
import {
  burnPasswordCheck,
  hashPassword,
  isCommonPassword,
  verifyPassword,
} from "./password-policy.ts";

// The partners module's public entry: other modules (cart, payments) price a request for the
// partner who sent it through these.
// The store's one home of password and token rules (argon2id, the common-password list, random
// tokens kept only as hashes): the back office's staff accounts follow the same rules.
export {
  approvedPartnerFromRequest,
  hashToken,
  liveSession,
  type PartnerUserRow,
  usableLink,
} from "./partner-session.ts";
export {
  burnPasswordCheck,
  hashPassword,
  isCommonPassword,
  verifyPassword,
} from "./password-policy.ts";

import { sameEmail } from "../../db/same-email.ts";

export const sessionLifetimeMs = 7 * 24 * 60 * 60 * 1000;
export const resetTokenLifetimeMs = 60 * 60 * 1000;
/** At most this many reset emails to one address per hour; more requests are answered alike. */
const resetMailsPerHour = 3;

type Registration = z.output<typeof partnerRegistrationSchema>;

/** 256 random bits, URL-safe: the only copy leaves in the response; the database keeps a hash. */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

export function toPartnerUser(row: PartnerUserRow): PartnerUser {
  return {
    id: row.id,
    email: row.email,
    company: row.company,
    company_address: row.company_address,
    contact_name: row.contact_name,
    phone: row.phone,
    shipping_address: row.shipping_address ?? null,
    status: row.status as PartnerStatus,
    created_at: row.created_at.toISOString(),
  };
}

function assertAcceptablePassword(password: string): void {
  if (isCommonPassword(password)) throw invalid(commonPasswordMessage);
}

async function createSession(db: DbOrTx, userId: string): Promise<string> {
  const token = newToken();
  await db.insert(aceSessions).values({
    user_id: userId,
    token_hash: hashToken(token),
    expires_at: new Date(Date.now() + sessionLifetimeMs),
  });
  return token;
}

async function findUserByEmail(db: DbOrTx, email: string): Promise<PartnerUserRow | null> {
  const [row] = await db.select().from(aceUsers).where(sameEmail(aceUsers.email, email)).limit(1);
  return row ?? null;
}

export interface SignedIn {
  user: PartnerUser;
  token: string;
}

/**
 * Creates an account and signs it in. Approved at once under ACE_APPROVAL=auto, else pending.
 * Throws 409 for a taken email (any case), 422 for a common password.
 */
export async function registerPartner(
  db: Db,
  input: Registration,
  approval: "manual" | "auto",
): Promise<SignedIn> {
  assertAcceptablePassword(input.password);
  if (await findUserByEmail(db, input.email)) throw conflict(duplicatePartnerEmailMessage);
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(aceUsers)
        .values({
          email: input.email,
          password_hash: passwordHash,
          company: input.company,
          company_address: input.company_address,
          contact_name: input.contact_name,
          phone: input.phone,
          status: approval === "auto" ? "approved" : "pending",
          last_login_at: new Date(),
        })
        .returning();
      if (!row) throw new Error("partner insert returned nothing");
      const token = await createSession(tx, row.id);
      return { user: toPartnerUser(row), token };
    });
  } catch (error) {
    // Two registrations racing for one email: the unique index decides.
    if (isUniqueViolation(error)) throw conflict(duplicatePartnerEmailMessage);
    throw error;
  }
}

/**
 * Checks the credentials and opens a session. Every wrong email or password answers the same
 * 401 after the same amount of hashing work; a disabled account (right password) answers 403.
 */
export async function loginPartner(db: Db, email: string, password: string): Promise<SignedIn> {
  const user = await findUserByEmail(db, email);
  if (!user) {
    await burnPasswordCheck(password);
    throw unauthorized(invalidCredentialsMessage);
  }
  if (!(await verifyPassword(user.password_hash, password))) {
    throw unauthorized(invalidCredentialsMessage);
  }
  if (user.status === "disabled") throw forbidden(partnerDisabledMessage);
  const token = await createSession(db, user.id);
  const [updated] = await db
    .update(aceUsers)
    .set({ last_login_at: new Date() })
    .where(eq(aceUsers.id, user.id))
    .returning();
  return { user: toPartnerUser(updated ?? user), token };
}

/** Revokes one session token (unknown or already revoked tokens are ignored). */
export async function revokeSessionToken(db: Db, token: string): Promise<void> {
  await db
    .update(aceSessions)
    .set({ revoked_at: new Date() })
    .where(and(eq(aceSessions.token_hash, hashToken(token)), isNull(aceSessions.revoked_at)));
}

/** Ends every live session of a user (disable, password reset). */
export async function revokeAllSessions(db: DbOrTx, userId: string): Promise<void> {
  await db
    .update(aceSessions)
    .set({ revoked_at: new Date() })
    .where(and(eq(aceSessions.user_id, userId), isNull(aceSessions.revoked_at)));
}

/** The signed-in (not disabled) partner of a token; throws 401 when there is none. */
export async function requireSignedInPartner(
  db: DbOrTx,
  token: string | null,
): Promise<PartnerUserRow> {
  const user = token ? await findPartnerBySessionToken(db, token) : null;
  if (!user || user.status === "disabled") {
    throw unauthorized("Your session has ended. Please sign in again.");
  }
  return user;
}

/**
 * Emails a single-use reset link valid for an hour when the account exists (and has not had
 * too many links this hour). Answers nothing either way: the caller replies the same to all.
 */
export async function requestPasswordReset(
  db: Db,
  email: string,
  options: { publicUrl: string; log?: FastifyBaseLogger },
): Promise<void> {
  const user = await findUserByEmail(db, email);
  if (!user || user.status === "disabled") return;
  const since = new Date(Date.now() - 60 * 60 * 1000);
  if ((await countRecentMail(db, user.email, "partner-password-reset", since)) >= resetMailsPerHour)
    return;
  const token = newToken();
  const link = `${options.publicUrl}/ace/reset-password?token=${encodeURIComponent(token)}`;
  const content = renderEmail({
    subject: "Reset your ACE partner password",
    heading: "Reset your password",
    paragraphs: [
      `Hello ${user.contact_name},`,
      "We received a request to reset the password of your ACE partner account. Use the button below to choose a new password. The link works once and expires in 1 hour.",
    ],
    action: { label: "Choose a new password", url: link },
    footnotes: [
      `Or paste this link into your browser: ${link}`,
      "If you did not ask for this, you can ignore this email: your password stays the same.",
    ],
  });
  await db.transaction(async (tx) => {
    await tx.insert(acePasswordResets).values({
      user_id: user.id,
      token_hash: hashToken(token),
      expires_at: new Date(Date.now() + resetTokenLifetimeMs),
    });
    await enqueueMail(tx, { kind: "partner-password-reset", to: user.email, ...content });
  });
  options.log?.info({ partnerId: user.id }, "partner password reset requested");
}

/**
 * Sets a new password from a reset token: the token is consumed atomically (a second use, an
 * expired or an unknown token answers 400), other reset links die, every session ends.
 */
export async function resetPartnerPassword(
  db: Db,
  token: string,
  newPassword: string,
): Promise<void> {
  assertAcceptablePassword(newPassword);
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    const now = new Date();
    const [consumed] = await tx
      .update(acePasswordResets)
      .set({ used_at: now })
      .where(usableLink(acePasswordResets, token, now))
      .returning({ user_id: acePasswordResets.user_id });
    if (!consumed) throw badRequest(invalidResetTokenMessage);
    await tx
      .update(acePasswordResets)
      .set({ used_at: now })
      .where(
        and(eq(acePasswordResets.user_id, consumed.user_id), isNull(acePasswordResets.used_at)),
      );
    await tx
      .update(aceUsers)
      .set({ password_hash: passwordHash, updated_at: now })
      .where(eq(aceUsers.id, consumed.user_id));
    await revokeAllSessions(tx, consumed.user_id);
  });
}

/** Saves the editable profile fields (email stays as it is). */
export async function updatePartnerAccount(
  db: Db,
  userId: string,
  update: z.output<typeof partnerAccountUpdateSchema>,
): Promise<PartnerUser> {
  const [row] = await db
    .update(aceUsers)
    .set({
      company: update.company,
      contact_name: update.contact_name,
      phone: update.phone,
      company_address: update.company_address,
      shipping_address: update.shipping_address,
      updated_at: new Date(),
    })
    .where(eq(aceUsers.id, userId))
    .returning();
  if (!row) throw unauthorized("Your session has ended. Please sign in again.");
  return toPartnerUser(row);
}
