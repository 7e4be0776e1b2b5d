import type { PublicReview, ReviewListQuery, ReviewListResponse } from "@mcf/contracts/reviews";
import { maxRating, shownReviewerName } from "@mcf/contracts/reviews-options";
import { and, asc, desc, eq, type SQL, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client.ts";
import { type ProductReviewRow, productReviews } from "../../db/schema/reviews.ts";
import { getProductRow, productRating, setProductRating } from "../catalog/catalog.service.ts";

const approvedOf = (productId: number) =>
  and(eq(productReviews.product_id, productId), eq(productReviews.status, "approved"));

const withPhotos = sql`jsonb_array_length(${productReviews.photos}) > 0`;

function reviewOrder(sort: ReviewListQuery["sort"]): SQL[] {
  const newest = [desc(productReviews.created_at), desc(productReviews.id)];
  if (sort === "highest") return [desc(productReviews.rating), ...newest];
  if (sort === "lowest") return [asc(productReviews.rating), ...newest];
  return newest;
}

/** An approved review as shoppers see it: first name and initial, never the email. */
export function toPublicReview(row: ProductReviewRow): PublicReview {
  return {
    id: row.id,
    rating: row.rating,
    title: row.title,
    body: row.body,
    reviewer: shownReviewerName(row.author_name),
    verified_buyer: row.verified_buyer,
    room: row.room,
    floor_use: row.floor_use,
    photos: row.photos,
    reply:
      row.reply && row.replied_at
        ? { text: row.reply, created_at: row.replied_at.toISOString() }
        : null,
    created_at: row.created_at.toISOString(),
  };
}

/**
 * One page of a product's approved reviews (never pending or rejected ones) in the order asked,
 * with the product's rating, its count and how many reviews gave each number of stars. 404 for
 * an unknown product.
 */
export async function listApprovedReviews(
  db: Db,
  productId: number,
  query: ReviewListQuery,
): Promise<ReviewListResponse> {
  const product = await getProductRow(db, productId);
  const where =
    query.sort === "with_photos" ? and(approvedOf(productId), withPhotos) : approvedOf(productId);
  const [rows, counted, histogram] = await Promise.all([
    db
      .select()
      .from(productReviews)
      .where(where)
      .orderBy(...reviewOrder(query.sort))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db.select({ total: sql<number>`count(*)::int` }).from(productReviews).where(where),
    db
      .select({ rating: productReviews.rating, count: sql<number>`count(*)::int` })
      .from(productReviews)
      .where(approvedOf(productId))
      .groupBy(productReviews.rating),
  ]);
  const stars = Array.from({ length: maxRating }, () => 0);
  for (const row of histogram) stars[row.rating - 1] = Number(row.count);
  return {
    reviews: rows.map(toPublicReview),
    total: Number(counted[0]?.total ?? 0),
    ...productRating(product),
    rating_histogram: stars,
  };
}

/**
 * Counts a product's approved reviews again and keeps the count and the sum of their stars on
 * the product (which also refreshes every cached page and list showing it). Call in the
 * transaction that approved or withdrew a review.
 */
export async function recountProductRating(tx: DbOrTx, productId: number): Promise<void> {
  const [row] = await tx
    .select({
      count: sql<number>`count(*)::int`,
      total: sql<number>`coalesce(sum(${productReviews.rating}), 0)::int`,
    })
    .from(productReviews)
    .where(approvedOf(productId));
  await setProductRating(tx, productId, {
    count: Number(row?.count ?? 0),
    total: Number(row?.total ?? 0),
  });
}
