import type { ReviewLink } from "@mcf/contracts/reviews";
import type { Db } from "../../db/client.ts";
import { reviewRequests } from "../../db/schema/reviews.ts";
import { invalid, notFound } from "../../errors.ts";
import { enqueueMail } from "../../mail/outbox.ts";
import { storeIdentity } from "../../mail/store-identity.ts";
import { renderEmail } from "../../mail/templates.ts";
import { getProductRow } from "../catalog/catalog.service.ts";
import { type DeliveredLine, listDeliveredLines } from "../orders/orders.service.ts";
import {
  hashReviewToken,
  newReviewToken,
  openReviewRequest,
  reviewLinkUrl,
} from "./review-links.ts";

const dayMs = 86_400_000;
const uuidShape = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/**
 * Lines delivered longer ago than this past their due day get no request: the first pass after
 * the feature arrives does not mail every customer the store ever had.
 */
const lateWindowDays = 30;

function reviewRequestEmail(line: DeliveredLine, url: string) {
  const firstName = line.customerName.trim().split(/\s+/)[0] ?? line.customerName;
  return renderEmail({
    subject: `How is your new ${line.productName} floor?`,
    heading: `${firstName}, how is your new floor?`,
    paragraphs: [
      `Your ${line.productName} from order ${line.friendlyOrderId} arrived a little while ago. A few words and a photo of the finished room help the next shopper choose with confidence.`,
      "The button below opens the review form with your purchase already verified: no account or password needed.",
    ],
    action: { label: "Review my floor", url },
    footnotes: [
      `This link is yours alone and works once. Questions about your floor? Call us at ${storeIdentity().phone}.`,
    ],
  });
}

/**
 * The review request job: every delivered line of boxes whose delivery is at least `days` old
 * (and not more than 30 days older than that) gets one email through the outbox, with a signed
 * link to its review form. Once per order line, whatever runs it or how often: the request row's
 * primary key (the line) and the outbox dedupe key refuse a second. Returns how many it queued.
 */
export async function queueDueReviewRequests(
  db: Db,
  options: { publicUrl: string; days: number; now?: Date },
): Promise<number> {
  const now = options.now ?? new Date();
  const deliveredBy = new Date(now.getTime() - options.days * dayMs);
  const deliveredAfter = new Date(deliveredBy.getTime() - lateWindowDays * dayMs);
  const lines = await listDeliveredLines(db, { deliveredAfter, deliveredBy });
  return queueRequests(db, lines, options.publicUrl, now);
}

/**
 * Staff send a delivered order's review requests now instead of waiting for the pass (the
 * customer picked the floor up, or asked). Once per line, as the pass: lines already asked are
 * skipped. Returns how many it queued; 422 when the order is not delivered, 404 for an id of no order.
 */
export async function sendReviewRequestsNow(
  db: Db,
  orderId: string,
  options: { publicUrl: string; now?: Date },
): Promise<number> {
  if (!uuidShape.test(orderId)) throw notFound("Order not found");
  const lines = await listDeliveredLines(db, { orderId });
  if (lines.length === 0)
    throw invalid(
      "Review requests go to delivered orders with boxes: mark the order delivered first.",
    );
  return queueRequests(db, lines, options.publicUrl, options.now ?? new Date());
}

async function queueRequests(
  db: Db,
  lines: DeliveredLine[],
  publicUrl: string,
  now: Date,
): Promise<number> {
  let queued = 0;
  for (const line of lines) {
    const token = newReviewToken();
    const sent = await db.transaction(async (tx) => {
      const claimed = await tx
        .insert(reviewRequests)
        .values({
          order_item_id: line.orderItemId,
          product_id: line.productId,
          email: line.customerEmail.trim().toLowerCase(),
          customer_name: line.customerName,
          token_hash: hashReviewToken(token),
          queued_at: now,
        })
        .onConflictDoNothing()
        .returning({ id: reviewRequests.order_item_id });
      if (claimed.length === 0) return false;
      return enqueueMail(tx, {
        kind: "review-request",
        to: line.customerEmail,
        dedupeKey: `review-request:${line.orderItemId}`,
        ...reviewRequestEmail(line, reviewLinkUrl(publicUrl, token)),
      });
    });
    if (sent) queued += 1;
  }
  return queued;
}

/**
 * What the review form shows for a request link: the product and the customer's name and email.
 * 403 for a forged link, 409 for a link already used.
 */
export async function readReviewLink(db: Db, token: string): Promise<ReviewLink> {
  const request = await openReviewRequest(db, token);
  const product = await getProductRow(db, request.product_id);
  return {
    product_id: product.id,
    product_name: product.name,
    name: request.customer_name,
    email: request.email,
  };
}
