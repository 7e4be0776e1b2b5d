import { createHash } from "node:crypto";
import type { PaymentRequest } from "@mcf/contracts/orders";
import { and, eq, lt } from "drizzle-orm";
import type { Db, DbOrTx, Tx } from "../../db/client.ts";
import { type PaymentIdempotencyKeyRow, paymentIdempotencyKeys } from "../../db/schema/payments.ts";
import { AppError, invalid } from "../../errors.ts";
import type { PartnerUserRow } from "../partners/partners.service.ts";
import { type CreatedPaymentSession, paymentExpiresAt } from "./payment-provider.ts";

/** One key of one sender: who may repeat it, and the request it stands for. */
export interface IdempotencyClaim {
  scope: string;
  key: string;
  requestHash: string;
}

/**
 * The claim of an `Idempotency-Key`. Keys are scoped to their sender (a signed-in partner's
 * account, else the customer's email), so one shopper's key never answers another's checkout;
 * the hash covers the whole request, so a key reused for a different cart is refused.
 */
export function idempotencyClaim(
  key: string,
  request: PaymentRequest,
  partner: PartnerUserRow | null,
): IdempotencyClaim {
  const scope = partner ? `partner:${partner.id}` : `email:${request.customer_email}`;
  const requestHash = createHash("sha256")
    .update(JSON.stringify({ request, partner: partner?.id ?? null }))
    .digest("base64url");
  return { scope, key, requestHash };
}

const keyOf = (claim: IdempotencyClaim) =>
  and(eq(paymentIdempotencyKeys.scope, claim.scope), eq(paymentIdempotencyKeys.key, claim.key));

/**
 * Inside the checkout's transaction, before anything else is locked: claims the key, or returns
 * the row of whoever claimed it first. A concurrent first claim makes this wait on the key until
 * that transaction ends (PostgreSQL's unique index), so two requests with one key never both
 * reserve stock. A claim whose time is up is dropped first, so its key starts afresh.
 */
export async function claimIdempotencyKey(
  tx: Tx,
  claim: IdempotencyClaim,
  now = new Date(),
): Promise<PaymentIdempotencyKeyRow | null> {
  const insert = () =>
    tx
      .insert(paymentIdempotencyKeys)
      .values({
        scope: claim.scope,
        key: claim.key,
        request_hash: claim.requestHash,
        // Kept while the session it answers with may still be open (Stripe's closes a minute later).
        expires_at: paymentExpiresAt(now, 1),
      })
      .onConflictDoNothing()
      .returning({ key: paymentIdempotencyKeys.key });
  // A new key (nearly every checkout) is one statement; only a key already there is looked at.
  if ((await insert()).length > 0) return null;
  const dropped = await tx
    .delete(paymentIdempotencyKeys)
    .where(and(keyOf(claim), lt(paymentIdempotencyKeys.expires_at, now)))
    .returning({ key: paymentIdempotencyKeys.key });
  if (dropped.length > 0 && (await insert()).length > 0) return null;
  const [existing] = await tx.select().from(paymentIdempotencyKeys).where(keyOf(claim));
  return existing ?? null;
}

/** Whether a key was claimed already (a repeat), so its answer may not depend on stock now. */
export async function keyWasClaimed(db: DbOrTx, claim: IdempotencyClaim): Promise<boolean> {
  const rows = await db
    .select({ key: paymentIdempotencyKeys.key })
    .from(paymentIdempotencyKeys)
    .where(keyOf(claim));
  return rows.length > 0;
}

/** Files the order a claimed key created (same transaction as the order). */
export async function recordKeyOrder(tx: Tx, claim: IdempotencyClaim, orderId: string) {
  await tx.update(paymentIdempotencyKeys).set({ order_id: orderId }).where(keyOf(claim));
}

/** Files the session a repeat of the key answers with; the key lasts as long as the session. */
export async function recordKeySession(
  db: Db,
  claim: IdempotencyClaim,
  session: CreatedPaymentSession,
) {
  await db
    .update(paymentIdempotencyKeys)
    .set({ session_id: session.id, session_url: session.url, expires_at: session.expiresAt })
    .where(keyOf(claim));
}

/** Forgets a key whose payment could not start, so a retry with it tries again. */
export async function forgetIdempotencyKey(db: DbOrTx, claim: IdempotencyClaim) {
  await db.delete(paymentIdempotencyKeys).where(keyOf(claim));
}

/** Drops keys whose sessions have closed (the payment-expiry sweep calls it). */
export async function deleteExpiredIdempotencyKeys(db: Db, now = new Date()): Promise<number> {
  const deleted = await db
    .delete(paymentIdempotencyKeys)
    .where(lt(paymentIdempotencyKeys.expires_at, now))
    .returning({ key: paymentIdempotencyKeys.key });
  return deleted.length;
}

const stillStarting =
  "This payment is still starting. Please wait a moment; you will be taken to the payment page.";

/**
 * The answer to a repeated key: the session the first request opened. When that request is
 * still opening it (the provider's call is running), waits for it a little, up to `waitMs`.
 * Throws 422 when the key was used for a different checkout, 409 when it is still starting.
 */
export async function sessionOfRepeatedKey(
  db: Db,
  claim: IdempotencyClaim,
  first: PaymentIdempotencyKeyRow,
  waitMs = 10_000,
): Promise<{ id: string; url: string }> {
  if (first.request_hash !== claim.requestHash)
    throw invalid(
      "This Idempotency-Key was already used for a different checkout. Please try again.",
    );
  let row: PaymentIdempotencyKeyRow | undefined = first;
  const deadline = Date.now() + waitMs;
  while (row && !(row.session_id && row.session_url) && Date.now() < deadline) {
    // The first request holds no lock while the payment provider answers: look again shortly.
    await new Promise((resolve) => setTimeout(resolve, 100));
    [row] = await db.select().from(paymentIdempotencyKeys).where(keyOf(claim));
  }
  if (row?.session_id && row.session_url) return { id: row.session_id, url: row.session_url };
  if (!row)
    throw new AppError(
      "unavailable",
      "We could not start the payment right now. Nothing was charged; please try again in a moment.",
    );
  throw new AppError("conflict", stillStarting);
}
