import { createHash, randomBytes } from "node:crypto";
import { reviewLinkPath } from "@mcf/contracts/reviews-options";
import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { type ReviewRequestRow, reviewRequests } from "../../db/schema/reviews.ts";
import { conflict, forbidden } from "../../errors.ts";

/** Only the hash of a link's token is kept: a copy of the database opens no review form. */
export const hashReviewToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** A new link token: 256 random bits, so a link cannot be guessed or forged. */
export const newReviewToken = () => randomBytes(32).toString("base64url");

/** The review form a request email links to. */
export function reviewLinkUrl(publicUrl: string, token: string): string {
  return `${publicUrl}${reviewLinkPath}?token=${encodeURIComponent(token)}`;
}

export const reviewLinkRefused =
  "This review link is not valid. Please use the link in your email, or write your review from the product's page.";
export const reviewLinkUsed =
  "A review was already written with this link: thank you! Each floor you bought can be reviewed once per order.";

/**
 * The request a link's token names, unused. Throws 403 for a token no request was sent with (a
 * forged or mistyped link), 409 when its review was already written.
 */
export async function openReviewRequest(db: DbOrTx, token: string): Promise<ReviewRequestRow> {
  const [request] = await db
    .select()
    .from(reviewRequests)
    .where(eq(reviewRequests.token_hash, hashReviewToken(token)));
  if (!request) throw forbidden(reviewLinkRefused);
  if (request.used_at) throw conflict(reviewLinkUsed);
  return request;
}
