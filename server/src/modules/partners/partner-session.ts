import { createHash } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { FastifyRequest } from "fastify";
import type { DbOrTx } from "../../db/client.ts";
import { aceSessions, aceUsers } from "../../db/schema/partners.ts";

export type PartnerUserRow = typeof aceUsers.$inferSelect;

/** Session and reset tokens are stored only as SHA-256 hashes. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** A session (shopper, staff, partner) by its token while it lives: not revoked, not expired. */
export function liveSession(
  sessions: { token_hash: AnyPgColumn; revoked_at: AnyPgColumn; expires_at: AnyPgColumn },
  token: string,
) {
  const { token_hash, revoked_at, expires_at } = sessions;
  return and(eq(token_hash, hashToken(token)), isNull(revoked_at), gt(expires_at, new Date()));
}

/**
 * An emailed link (sign-in, password reset, email change) by its token while it can be used: not
 * used yet, not expired at `now`. Setting `used_at` under this condition uses it exactly once.
 */
export function usableLink(
  links: { token_hash: AnyPgColumn; used_at: AnyPgColumn; expires_at: AnyPgColumn },
  token: string,
  now: Date,
) {
  const { token_hash, used_at, expires_at } = links;
  return and(eq(token_hash, hashToken(token)), isNull(used_at), gt(expires_at, now));
}

/** The token of an `Authorization: Bearer <token>` header, or null. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+([A-Za-z0-9._~+/=-]{16,200})$/i.exec(header.trim());
  return match?.[1] ?? null;
}

/** The partner a live session token belongs to (not expired, not revoked), or null. */
export async function findPartnerBySessionToken(
  db: DbOrTx,
  token: string,
): Promise<PartnerUserRow | null> {
  const [row] = await db
    .select({ user: aceUsers })
    .from(aceSessions)
    .innerJoin(aceUsers, eq(aceSessions.user_id, aceUsers.id))
    .where(liveSession(aceSessions, token))
    .limit(1);
  return row?.user ?? null;
}

/**
 * The approved partner signed in on this request, or null (anonymous, unknown token, pending or
 * disabled account). Pricing code uses this: a partner price never goes to anyone else.
 */
export async function approvedPartnerFromRequest(
  db: DbOrTx,
  request: FastifyRequest,
): Promise<PartnerUserRow | null> {
  const token = bearerToken(request);
  if (!token) return null;
  const user = await findPartnerBySessionToken(db, token);
  return user?.status === "approved" ? user : null;
}
