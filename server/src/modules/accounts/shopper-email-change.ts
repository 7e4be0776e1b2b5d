import type { ShopperAccount } from "@mcf/contracts/accounts";
import {
  emailChangeLimitMessage,
  emailChangeOrdersNotice,
  emailChangesPerAccountPerHour,
  emailTakenMessage,
  invalidEmailChangeLinkMessage,
  sameEmailMessage,
  signInLinkLifetimeMinutes,
} from "@mcf/contracts/accounts-options";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { sameEmail } from "../../db/same-email.ts";
import { shopperAccounts, shopperEmailChangeLinks } from "../../db/schema/accounts.ts";
import { AppError, badRequest, conflict, invalid } from "../../errors.ts";
import { enqueueMail } from "../../mail/outbox.ts";
import { renderEmail } from "../../mail/templates.ts";
import { hashToken, newToken, usableLink } from "../partners/partners.service.ts";
import { type ShopperAccountRow, toShopperAccount } from "./shopper-sign-in.ts";

const linkLifetimeMs = signInLinkLifetimeMinutes * 60 * 1000;
export const emailChangeMailKind = "shopper-email-change-link";
export const emailChangeNoticeMailKind = "shopper-email-change-notice";

/**
 * Emails a single-use link to `newEmail` that changes the account's email when the signed-in
 * shopper uses it, and a notice to the current address; nothing else changes. Whether another
 * account holds the new address is not looked at here (the answer must not tell): using the link
 * refuses it. Throws 422 when the address is already the account's, 429 past the hourly limit.
 */
export async function requestEmailChange(
  db: Db,
  account: ShopperAccountRow,
  newEmail: string,
  options: { publicUrl: string },
): Promise<void> {
  const address = newEmail.trim().toLowerCase();
  if (address === account.email.toLowerCase()) throw invalid(sameEmailMessage);
  const token = newToken();
  const link = `${options.publicUrl}/account/confirm-email?token=${encodeURIComponent(token)}`;
  const confirmation = renderEmail({
    subject: "Confirm your new email",
    heading: "Confirm your new email",
    paragraphs: [
      "Someone signed in to a Magic City Floors account asked to make this address its email. Confirm only if that was you.",
      `The link works once, expires in ${signInLinkLifetimeMinutes} minutes, and asks you to be signed in to the account.`,
      emailChangeOrdersNotice,
    ],
    action: { label: "Confirm my new email", url: link },
    footnotes: [
      `Or paste this link into your browser: ${link}`,
      "If you did not ask for this, you can ignore this email: nothing changes.",
    ],
  });
  const notice = renderEmail({
    subject: "Someone asked to change your account email",
    heading: "Someone asked to change your email",
    paragraphs: [
      `Someone signed in to your Magic City Floors account asked to change its email to ${address}. A confirmation link went to that address; your email stays ${account.email} until it is used.`,
      "If this was not you, sign in to your account, set a new password and call us: nobody can use the link without being signed in to your account.",
    ],
    action: { label: "Open my account", url: `${options.publicUrl}/account` },
  });
  await db.transaction(async (tx) => {
    // One account's requests take turns, so the hourly count holds when several come at once.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`shopper-email:${account.id}`}))`);
    const since = new Date(Date.now() - 60 * 60 * 1000);
    const [recent] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(shopperEmailChangeLinks)
      .where(
        and(
          eq(shopperEmailChangeLinks.account_id, account.id),
          gt(shopperEmailChangeLinks.created_at, since),
        ),
      );
    if (Number(recent?.count ?? 0) >= emailChangesPerAccountPerHour)
      throw new AppError("rate_limited", emailChangeLimitMessage);
    await tx.insert(shopperEmailChangeLinks).values({
      account_id: account.id,
      new_email: address,
      token_hash: hashToken(token),
      expires_at: new Date(Date.now() + linkLifetimeMs),
    });
    await enqueueMail(tx, { kind: emailChangeMailKind, to: address, ...confirmation });
    await enqueueMail(tx, { kind: emailChangeNoticeMailKind, to: account.email, ...notice });
  });
}

/**
 * Uses an email change link for the signed-in account: consumed at once (single use, not expired,
 * asked by this account, else 400), then the email changes. An address that became the account's
 * already (422) or belongs to another account (409) is refused and the link stays unused, so
 * nothing changed. Other pending change links of the account end with the change.
 */
export async function confirmEmailChange(
  db: Db,
  accountId: string,
  token: string,
): Promise<ShopperAccount> {
  try {
    return await db.transaction(async (tx) => {
      const now = new Date();
      const [link] = await tx
        .update(shopperEmailChangeLinks)
        .set({ used_at: now })
        .where(
          and(
            usableLink(shopperEmailChangeLinks, token, now),
            eq(shopperEmailChangeLinks.account_id, accountId),
          ),
        )
        .returning({ new_email: shopperEmailChangeLinks.new_email });
      if (!link) throw badRequest(invalidEmailChangeLinkMessage);
      const [holder] = await tx
        .select({ id: shopperAccounts.id })
        .from(shopperAccounts)
        .where(sameEmail(shopperAccounts.email, link.new_email))
        .limit(1);
      if (holder?.id === accountId) throw invalid(sameEmailMessage);
      if (holder) throw conflict(emailTakenMessage);
      const [row] = await tx
        .update(shopperAccounts)
        .set({ email: link.new_email, email_verified_at: now, updated_at: now })
        .where(eq(shopperAccounts.id, accountId))
        .returning();
      if (!row) throw badRequest(invalidEmailChangeLinkMessage);
      await tx
        .update(shopperEmailChangeLinks)
        .set({ used_at: now })
        .where(
          and(
            eq(shopperEmailChangeLinks.account_id, accountId),
            isNull(shopperEmailChangeLinks.used_at),
          ),
        );
      return toShopperAccount(row);
    });
  } catch (error) {
    // Another account took the address between the look-up and the update: the unique email decides.
    if (isUniqueViolation(error)) throw conflict(emailTakenMessage);
    throw error;
  }
}
