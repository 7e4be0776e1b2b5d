import type { ProductImage } from "@mcf/contracts/product-images";
import type { ReviewFields } from "@mcf/contracts/reviews";
import { maxReviewPhotos } from "@mcf/contracts/reviews-options";
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { productReviews, reviewRequests } from "../../db/schema/reviews.ts";
import { conflict, invalid } from "../../errors.ts";
import type { UploadedFile } from "../../uploads/multipart-form.ts";
import {
  getProductRow,
  makeImageCopies,
  type ProductImageLimits,
  type ProductImageStore,
} from "../catalog/catalog.service.ts";
import { emailBoughtProduct } from "../orders/orders.service.ts";
import { moderationFlagsOf } from "./moderation-flags.ts";
import { openReviewRequest, reviewLinkRefused, reviewLinkUsed } from "./review-links.ts";

/** Review photos are shown in a list and a gallery: no copy wider than 1280 px is needed. */
const reviewPhotoWidths = [320, 640, 960, 1280] as const;

export interface ReviewPhotoOptions {
  store: ProductImageStore;
  limits: ProductImageLimits;
}

/**
 * Checks and resizes every photo before anything is kept (size, the type read from the bytes,
 * pixel count: one refused photo refuses the review with a 422 naming it), then keeps the copies
 * in the product photo store.
 */
async function keepReviewPhotos(
  files: UploadedFile[],
  options: ReviewPhotoOptions,
): Promise<ProductImage[]> {
  if (files.length > maxReviewPhotos)
    throw invalid(`Please add at most ${maxReviewPhotos} photos to one review.`);
  // One at a time: resizing is CPU work, and the shop's other requests share the machine.
  const made: Awaited<ReturnType<typeof makeImageCopies>>[] = [];
  for (const file of files)
    made.push(await makeImageCopies(file, options.limits, reviewPhotoWidths));
  for (const { files: copies } of made)
    for (const copy of copies) await options.store.put(copy.name, copy.bytes);
  return made.map(({ image }) => image);
}

/**
 * Records a shopper's review, waiting for moderation (nothing shows before staff approve it).
 * It is a verified purchase when its signed request link was used (the link is then spent), or
 * when the email bought the product. Texts with possible profanity or a link are flagged for the
 * moderator. Throws 404 for an unknown product, 422 for a bad photo, 403 for a forged link,
 * 409 for a link already used. Returns the review's id and whether it is verified.
 */
export async function submitReview(
  db: Db,
  productId: number,
  fields: ReviewFields,
  photos: UploadedFile[],
  options: ReviewPhotoOptions,
): Promise<{ id: number; verified: boolean }> {
  await getProductRow(db, productId);
  const request = fields.token ? await openReviewRequest(db, fields.token) : null;
  if (request && request.product_id !== productId) throw invalid(reviewLinkRefused);
  const verified = request !== null || (await emailBoughtProduct(db, fields.email, productId));
  const images = await keepReviewPhotos(photos, options);
  return db.transaction(async (tx) => {
    if (request) {
      const spent = await tx
        .update(reviewRequests)
        .set({ used_at: new Date() })
        .where(
          and(
            eq(reviewRequests.order_item_id, request.order_item_id),
            isNull(reviewRequests.used_at),
          ),
        )
        .returning({ id: reviewRequests.order_item_id });
      if (spent.length === 0) throw conflict(reviewLinkUsed);
    }
    const [review] = await tx
      .insert(productReviews)
      .values({
        product_id: productId,
        rating: fields.rating,
        title: fields.title,
        body: fields.body,
        author_name: fields.name,
        author_email: fields.email,
        room: fields.room ?? null,
        floor_use: fields.floor_use ?? null,
        photos: images,
        verified_buyer: verified,
        order_item_id: request?.order_item_id ?? null,
        flags: moderationFlagsOf(fields.title, fields.body, fields.name),
      })
      .returning({ id: productReviews.id });
    if (!review) throw new Error("review insert returned no row");
    return { id: review.id, verified };
  });
}
