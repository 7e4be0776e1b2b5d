import type { QuestionListResponse, ReviewListResponse } from "@mcf/contracts/reviews";
import { maxRating } from "@mcf/contracts/reviews-options";

/** An empty first page, for a product whose reviews could not be read (the page stands without). */
export const noReviews: ReviewListResponse = {
  reviews: [],
  total: 0,
  rating_average: null,
  rating_count: 0,
  rating_histogram: Array.from({ length: maxRating }, () => 0),
};

export const noQuestions: QuestionListResponse = { questions: [], buyers_may_answer: false };
