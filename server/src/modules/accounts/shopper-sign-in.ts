import type { EmailPreferences, ShopperAccount } from "@mcf/contracts/accounts";
import {
  invalidSignInLinkMessage,
  shopperInvalidCredentialsMessage,
  shopperSessionDays,
  shopperSignInRequiredMessage,
  signInLinkLifetimeMinutes,
  signInLinksPerEmailPerHour,
} from "@mcf/contracts/accounts-options";
import { commonPasswordMessage } from "@mcf/contracts/partners-options";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db, DbOrTx } from "../../db/client.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { sameEmail } from "../../db/same-email.ts";
import { shopperAccounts, shopperSessions, shopperSignInLinks } from "../../db/schema/accounts.ts";
import { badRequest, invalid, unauthorized } from "../../errors.ts";
import { enqueueMail } from "../../mail/outbox.ts";
import { renderEmail } from "../../mail/templates.ts";
import {
  burnPasswordCheck,
  hashPassword,
  hashToken,
  isCommonPassword,
  liveSession,
  newToken,
  usableLink,
  verifyPassword,
} from "../partners/partners.service.ts";

export type ShopperAccountRow = typeof shopperAccounts.$inferSelect;

export const shopperSessionLifetimeMs = shopperSessionDays * 24 * 60 * 60 * 1000;
const signInLinkLifetimeMs = signInLinkLifetimeMinutes * 60 * 1000;
const signInMailKind = "shopper-sign-in-link";

export function toShopperAccount(row: ShopperAccountRow): ShopperAccount {
  return {
    id: row.id,
    email: row.email,
    has_password: row.password_hash !== null,
    email_preferences: {
      marketing_emails: row.marketing_emails,
      review_requests: row.review_requests,
    },
    created_at: row.created_at.toISOString(),
  };
}

async function findAccountByEmail(db: DbOrTx, email: string): Promise<ShopperAccountRow | null> {
  const [row] = await db
    .select()
    .from(shopperAccounts)
    .where(sameEmail(shopperAccounts.email, email))
    .limit(1);
  return row ?? null;
}

/**
 * Emails a single-use sign-in link to any address, an account or not yet: the link signs in, or
 * makes the account when it is first used. At most a few links per address an hour; more are
 * dropped silently. The caller answers the same to every request whatever happens here.
 */
export async function requestSignInLink(
  db: Db,
  email: string,
  options: { publicUrl: string; returnTo?: string | null; log?: FastifyBaseLogger },
): Promise<void> {
  const address = email.trim().toLowerCase();
  const known = await findAccountByEmail(db, address);
  const token = newToken();
  const link = `${options.publicUrl}/account/sign-in?token=${encodeURIComponent(token)}`;
  const content = renderEmail({
    subject: known ? "Your sign-in link" : "Finish creating your account",
    heading: known ? "Sign in to your account" : "Create your account",
    paragraphs: [
      known
        ? "Use the button below to sign in to your Magic City Floors account."
        : "Use the button below to create your Magic City Floors account. Orders you placed with this email will be there.",
      `The link works once and expires in ${signInLinkLifetimeMinutes} minutes.`,
    ],
    action: { label: known ? "Sign in" : "Create my account", url: link },
    footnotes: [
      `Or paste this link into your browser: ${link}`,
      "If you did not ask for this, you can ignore this email: nothing changes.",
    ],
  });
  await db.transaction(async (tx) => {
    // One address's requests take turns, so the hourly count holds when several come at once.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`shopper-sign-in:${address}`}))`);
    const since = new Date(Date.now() - 60 * 60 * 1000);
    const [recent] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(shopperSignInLinks)
      .where(
        and(sameEmail(shopperSignInLinks.email, address), gt(shopperSignInLinks.created_at, since)),
      );
    if (Number(recent?.count ?? 0) >= signInLinksPerEmailPerHour) {
      options.log?.info("shopper sign-in link not sent: hourly limit of the address reached");
      return;
    }
    await tx.insert(shopperSignInLinks).values({
      email: address,
      token_hash: hashToken(token),
      return_to: options.returnTo ?? null,
      expires_at: new Date(Date.now() + signInLinkLifetimeMs),
    });
    await enqueueMail(tx, { kind: signInMailKind, to: address, ...content });
  });
}

async function openSession(db: DbOrTx, accountId: string): Promise<string> {
  const token = newToken();
  await db.insert(shopperSessions).values({
    account_id: accountId,
    token_hash: hashToken(token),
    expires_at: new Date(Date.now() + shopperSessionLifetimeMs),
  });
  return token;
}

export interface ShopperSignedIn {
  account: ShopperAccount;
  token: string;
}

/**
 * Uses a sign-in link: consumed atomically (a second use, an expired or unknown link answers
 * 400), the account of its email made on first use (so the email is verified), a session opened.
 */
export async function signInWithLink(db: Db, token: string): Promise<ShopperSignedIn> {
  try {
    return await db.transaction(async (tx) => {
      const now = new Date();
      const [link] = await tx
        .update(shopperSignInLinks)
        .set({ used_at: now })
        .where(usableLink(shopperSignInLinks, token, now))
        .returning({ email: shopperSignInLinks.email, return_to: shopperSignInLinks.return_to });
      if (!link) throw badRequest(invalidSignInLinkMessage);
      let account = await findAccountByEmail(tx, link.email);
      if (account) {
        const [updated] = await tx
          .update(shopperAccounts)
          .set({ last_sign_in_at: now })
          .where(eq(shopperAccounts.id, account.id))
          .returning();
        account = updated ?? account;
      } else {
        const [created] = await tx
          .insert(shopperAccounts)
          .values({ email: link.email, email_verified_at: now, last_sign_in_at: now })
          .returning();
        if (!created) throw new Error("shopper account insert returned nothing");
        account = created;
      }
      const session = await openSession(tx, account.id);
      return {
        account: { ...toShopperAccount(account), return_to: link.return_to },
        token: session,
      };
    });
  } catch (error) {
    // Two links of one new address used at once: the unique email decides; the loser retries.
    if (isUniqueViolation(error)) throw badRequest(invalidSignInLinkMessage);
    throw error;
  }
}

/**
 * Signs in with the optional password. Every wrong email or password, and an account without a
 * password, answers the same 401 after the same hashing work.
 */
export async function signInWithPassword(
  db: Db,
  email: string,
  password: string,
): Promise<ShopperSignedIn> {
  const account = await findAccountByEmail(db, email);
  if (!account?.password_hash) {
    await burnPasswordCheck(password);
    throw unauthorized(shopperInvalidCredentialsMessage);
  }
  if (!(await verifyPassword(account.password_hash, password)))
    throw unauthorized(shopperInvalidCredentialsMessage);
  const token = await openSession(db, account.id);
  await db
    .update(shopperAccounts)
    .set({ last_sign_in_at: new Date() })
    .where(eq(shopperAccounts.id, account.id));
  return { account: toShopperAccount(account), token };
}

/** The account of a live session token (not expired, not revoked), or null. */
export async function findShopperBySessionToken(
  db: DbOrTx,
  token: string,
): Promise<ShopperAccountRow | null> {
  const [row] = await db
    .select({ account: shopperAccounts })
    .from(shopperSessions)
    .innerJoin(shopperAccounts, eq(shopperSessions.account_id, shopperAccounts.id))
    .where(liveSession(shopperSessions, token))
    .limit(1);
  return row?.account ?? null;
}

/** The signed-in shopper of a session token; 401 when there is none. */
export async function requireShopper(
  db: DbOrTx,
  token: string | undefined,
): Promise<ShopperAccountRow> {
  const account = token ? await findShopperBySessionToken(db, token) : null;
  if (!account) throw unauthorized(shopperSignInRequiredMessage);
  return account;
}

/** Ends one session (an unknown or already ended token is ignored). */
export async function revokeShopperSession(db: DbOrTx, token: string): Promise<void> {
  await db
    .update(shopperSessions)
    .set({ revoked_at: new Date() })
    .where(
      and(eq(shopperSessions.token_hash, hashToken(token)), isNull(shopperSessions.revoked_at)),
    );
}

/**
 * Sets (or changes) the optional password; every other session of the account ends, this one
 * stays. A common password is refused.
 */
export async function setShopperPassword(
  db: Db,
  accountId: string,
  currentToken: string,
  password: string,
): Promise<ShopperAccount> {
  if (isCommonPassword(password)) throw invalid(commonPasswordMessage);
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const now = new Date();
    const [row] = await tx
      .update(shopperAccounts)
      .set({ password_hash: passwordHash, updated_at: now })
      .where(eq(shopperAccounts.id, accountId))
      .returning();
    if (!row) throw unauthorized(shopperSignInRequiredMessage);
    await tx
      .update(shopperSessions)
      .set({ revoked_at: now })
      .where(
        and(
          eq(shopperSessions.account_id, accountId),
          isNull(shopperSessions.revoked_at),
          sql`${shopperSessions.token_hash} <> ${hashToken(currentToken)}`,
        ),
      );
    return toShopperAccount(row);
  });
}

export async function saveEmailPreferences(
  db: Db,
  accountId: string,
  preferences: EmailPreferences,
): Promise<ShopperAccount> {
  const [row] = await db
    .update(shopperAccounts)
    .set({ ...preferences, updated_at: new Date() })
    .where(eq(shopperAccounts.id, accountId))
    .returning();
  if (!row) throw unauthorized(shopperSignInRequiredMessage);
  return toShopperAccount(row);
}
