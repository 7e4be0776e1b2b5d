import { storeTimeZone } from "@mcf/contracts/business";
import type { PublicReview, ReviewListResponse } from "@mcf/contracts/reviews";
import {
  type ReviewSort,
  reviewSortLabels,
  reviewSortOptions,
  reviewsPerPage,
} from "@mcf/contracts/reviews-options";
import { useState } from "react";
import { FloorImage } from "../../components/floor-image.tsx";
import { RatingSummary, StarRating } from "../../components/star-rating.tsx";
import { api, isAbortError } from "../../lib/api.ts";
import { ReviewForm } from "./review-form.tsx";

const dateFormat = new Intl.DateTimeFormat("en-US", {
  month: "long",
  day: "numeric",
  year: "numeric",
  timeZone: storeTimeZone,
});

function ReviewItem({ review }: { review: PublicReview }) {
  const about = [review.room, review.floor_use].filter(Boolean).join(" · ");
  return (
    <li className="border-t border-stone-200 py-5">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <StarRating value={review.rating} />
        <h3 className="font-sans text-base font-semibold">{review.title}</h3>
      </div>
      <p className="mt-1 text-sm text-stone-600">
        <span className="font-semibold text-stone-800">{review.reviewer}</span>
        {review.verified_buyer ? (
          <span className="ml-2 rounded bg-green-50 px-1.5 py-0.5 text-xs font-semibold text-green-900">
            Verified buyer
          </span>
        ) : null}
        <span className="ml-2">{dateFormat.format(new Date(review.created_at))}</span>
      </p>
      {about ? <p className="mt-1 text-sm text-stone-600">{about}</p> : null}
      <p className="mt-2 whitespace-pre-line text-stone-800">{review.body}</p>
      {review.photos.length > 0 ? (
        <ul className="mt-3 flex flex-wrap gap-2" aria-label={`Photos from ${review.reviewer}`}>
          {review.photos.map((photo, index) => (
            <li key={photo.id}>
              <FloorImage
                src={null}
                photo={photo}
                sizes="6rem"
                alt={`Photo ${index + 1} from ${review.reviewer}`}
                width={96}
                height={96}
                className="h-24 w-24 rounded-md object-cover"
              />
            </li>
          ))}
        </ul>
      ) : null}
      {review.reply ? (
        <div className="mt-3 rounded-md bg-cream p-3 text-sm">
          <p className="font-semibold">Reply from our team</p>
          <p className="mt-1 whitespace-pre-line text-stone-800">{review.reply.text}</p>
        </div>
      ) : null}
    </li>
  );
}

function Histogram({ counts, total }: { counts: number[]; total: number }) {
  return (
    <ul className="space-y-1 text-sm" aria-label="Reviews by stars">
      {counts
        .map((count, index) => ({ stars: index + 1, count }))
        .reverse()
        .map(({ stars, count }) => (
          <li key={stars} className="flex items-center gap-2">
            <span className="w-12 shrink-0">{stars} star</span>
            <span className="h-2 w-32 overflow-hidden rounded bg-stone-200" aria-hidden="true">
              <span
                className="block h-full bg-amber-500"
                style={{ width: `${total > 0 ? (count / total) * 100 : 0}%` }}
              />
            </span>
            <span className="text-stone-700">{count}</span>
          </li>
        ))}
    </ul>
  );
}

export interface ProductReviewsProps {
  productId: number;
  productName: string;
  /** The first page, newest first, as the server rendered it. */
  initial: ReviewListResponse;
}

/**
 * A product page's reviews: the rating and how many gave each number of stars, the approved
 * reviews paged and sortable (newest, highest, lowest, with photos), and the form to write one.
 */
export function ProductReviews({ productId, productName, initial }: ProductReviewsProps) {
  const [sort, setSort] = useState<ReviewSort>("newest");
  const [page, setPage] = useState(1);
  const [list, setList] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [writing, setWriting] = useState(false);
  const show = async (nextSort: ReviewSort, nextPage: number) => {
    setSort(nextSort);
    setPage(nextPage);
    try {
      setList(
        await api<ReviewListResponse>(
          `/api/products/${productId}/reviews?sort=${nextSort}&page=${nextPage}&per_page=${reviewsPerPage}`,
        ),
      );
      setError(null);
    } catch (caught) {
      if (!isAbortError(caught)) setError("The reviews could not be loaded. Please try again.");
    }
  };
  const pages = Math.max(1, Math.ceil(list.total / reviewsPerPage));
  const hasReviews = initial.rating_count > 0;
  return (
    <section id="reviews" aria-labelledby="reviews-heading" className="mt-12">
      <h2 id="reviews-heading" className="mb-4 text-2xl font-bold">
        Customer Reviews
      </h2>
      <div className="grid gap-6 md:grid-cols-[16rem_1fr]">
        <div className="space-y-3">
          {hasReviews ? (
            <>
              <RatingSummary average={initial.rating_average} count={initial.rating_count} />
              <Histogram counts={initial.rating_histogram} total={initial.rating_count} />
            </>
          ) : (
            <p className="text-stone-700">No reviews yet. Be the first to review this floor.</p>
          )}
          <button
            type="button"
            className="btn-outline"
            aria-expanded={writing}
            onClick={() => setWriting((open) => !open)}
          >
            Write a Review
          </button>
        </div>
        <div>
          {writing ? (
            <div className="mb-6 rounded-lg border border-stone-200 bg-white p-4 sm:p-6">
              <ReviewForm productId={productId} productName={productName} />
            </div>
          ) : null}
          {hasReviews ? (
            <>
              <div className="mb-2 flex flex-wrap items-center gap-2">
                <label htmlFor="review-sort" className="text-sm font-semibold">
                  Sort reviews
                </label>
                <select
                  id="review-sort"
                  className="field-input w-auto"
                  value={sort}
                  onChange={(event) => void show(event.target.value as ReviewSort, 1)}
                >
                  {reviewSortOptions.map((option) => (
                    <option key={option} value={option}>
                      {reviewSortLabels[option]}
                    </option>
                  ))}
                </select>
              </div>
              {error ? (
                <p role="alert" className="text-sm font-semibold text-red-800">
                  {error}
                </p>
              ) : null}
              {list.reviews.length === 0 ? (
                <p className="py-4 text-stone-700">No reviews with photos yet.</p>
              ) : (
                <ul aria-label="Reviews">
                  {list.reviews.map((review) => (
                    <ReviewItem key={review.id} review={review} />
                  ))}
                </ul>
              )}
              {pages > 1 ? (
                <nav aria-label="Review pages" className="flex items-center gap-3 pt-2">
                  <button
                    type="button"
                    className="btn-outline"
                    disabled={page <= 1}
                    onClick={() => void show(sort, page - 1)}
                  >
                    Previous
                  </button>
                  <span className="text-sm">
                    Page {page} of {pages}
                  </span>
                  <button
                    type="button"
                    className="btn-outline"
                    disabled={page >= pages}
                    onClick={() => void show(sort, page + 1)}
                  >
                    Next
                  </button>
                </nav>
              ) : null}
            </>
          ) : null}
        </div>
      </div>
    </section>
  );
}
