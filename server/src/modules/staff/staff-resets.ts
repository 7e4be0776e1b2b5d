import { invalidResetTokenMessage } from "@mcf/contracts/partners-options";
import { and, eq, isNull } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.ts";
import { staffAccounts, staffPasswordResets } from "../../db/schema/staff.ts";
import { badRequest } from "../../errors.ts";
import { countRecentMail, enqueueMail } from "../../mail/outbox.ts";
import { renderEmail } from "../../mail/templates.ts";
import {
  hashPassword,
  hashToken,
  newToken,
  resetTokenLifetimeMs,
  usableLink,
} from "../partners/partners.service.ts";
import { assertAcceptableStaffPassword, findStaffAccountByEmail } from "./staff-accounts.ts";
import { revokeAllStaffSessions } from "./staff-sessions.ts";

/** At most this many reset emails to one address per hour; more requests are answered alike. */
const resetMailsPerHour = 3;
const resetMailKind = "staff-password-reset";

/**
 * Emails a single-use reset link valid for an hour when an active account has this email (and
 * has not had too many links this hour). Answers nothing either way: the caller replies the
 * same to everyone, so the form never tells who works here.
 */
export async function requestStaffPasswordReset(
  db: Db,
  email: string,
  options: { publicUrl: string; log?: FastifyBaseLogger },
): Promise<void> {
  const account = await findStaffAccountByEmail(db, email);
  if (!account || account.disabled_at) return;
  const since = new Date(Date.now() - 60 * 60 * 1000);
  if ((await countRecentMail(db, account.email, resetMailKind, since)) >= resetMailsPerHour) return;
  const token = newToken();
  const link = `${options.publicUrl}/admin/reset-password?token=${encodeURIComponent(token)}`;
  const content = renderEmail({
    subject: "Reset your back-office password",
    heading: "Reset your password",
    paragraphs: [
      `Hello ${account.name},`,
      "We received a request to reset the password of your Magic City Floors back-office account. Use the button below to choose a new password. The link works once and expires in 1 hour.",
    ],
    action: { label: "Choose a new password", url: link },
    footnotes: [
      `Or paste this link into your browser: ${link}`,
      "If you did not ask for this, you can ignore this email: your password stays the same.",
    ],
  });
  await db.transaction(async (tx) => {
    await tx.insert(staffPasswordResets).values({
      staff_id: account.id,
      token_hash: hashToken(token),
      expires_at: new Date(Date.now() + resetTokenLifetimeMs),
    });
    await enqueueMail(tx, { kind: resetMailKind, to: account.email, ...content });
  });
  options.log?.info({ staffId: account.id }, "staff password reset requested");
}

/**
 * Sets a new password from a reset token: the token is consumed atomically (a second use, an
 * expired or an unknown token answers 400), the account's other links die and every session of
 * the account ends. A disabled account's link is refused like an unknown one.
 */
export async function resetStaffPassword(
  db: Db,
  token: string,
  newPassword: string,
): Promise<void> {
  assertAcceptableStaffPassword(newPassword);
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    const now = new Date();
    const [consumed] = await tx
      .update(staffPasswordResets)
      .set({ used_at: now })
      .where(usableLink(staffPasswordResets, token, now))
      .returning({ staff_id: staffPasswordResets.staff_id });
    if (!consumed) throw badRequest(invalidResetTokenMessage);
    await tx
      .update(staffPasswordResets)
      .set({ used_at: now })
      .where(
        and(
          eq(staffPasswordResets.staff_id, consumed.staff_id),
          isNull(staffPasswordResets.used_at),
        ),
      );
    const [updated] = await tx
      .update(staffAccounts)
      .set({ password_hash: passwordHash, updated_at: now })
      .where(and(eq(staffAccounts.id, consumed.staff_id), isNull(staffAccounts.disabled_at)))
      .returning({ id: staffAccounts.id });
    if (!updated) throw badRequest(invalidResetTokenMessage);
    await revokeAllStaffSessions(tx, consumed.staff_id);
  });
}
