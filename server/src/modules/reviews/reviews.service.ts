// The reviews module's public entry: other modules and the routes import only this file. It owns
// `product_reviews`, `product_questions`, `product_answers` and `review_requests`; a product's
// rating numbers are kept on the product through the catalogue's `setProductRating`.

export {
  listQuestionsForModeration,
  listReviewsForModeration,
  moderateAnswer,
  moderateQuestion,
  moderateReview,
} from "./moderation.ts";
export { answerAsBuyer, askQuestion, listAnsweredQuestions } from "./questions.ts";
export { listApprovedReviews } from "./review-lists.ts";
export {
  queueDueReviewRequests,
  readReviewLink,
  sendReviewRequestsNow,
} from "./review-requests.ts";
export { submitReview } from "./review-submissions.ts";
