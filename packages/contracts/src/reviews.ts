import "./zod-without-eval.ts";
import { z } from "zod";
import { rowIdParam } from "./ids.ts";
import { productImageSchema } from "./product-images.ts";
import {
  maxRating,
  minRating,
  moderationFlags,
  moderationStatuses,
  reviewFloorUses,
  reviewRooms,
  reviewSortOptions,
  reviewsPerPage,
} from "./reviews-options.ts";

/** Reviews (or questions) one network may send per hour. */
export const reviewsPerHour = 5;
export const questionsPerHour = 10;

const blankToUndefined = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;

/** Plain text only: anything that looks like an HTML tag is refused, so no markup is ever kept. */
const plainText = (label: string, min: number, max: number) =>
  z
    .string({ message: `Please write ${label.toLowerCase()}` })
    .trim()
    .min(min, `${label} must be at least ${min} characters`)
    .max(max, `${label} is too long (${max.toLocaleString("en-US")} characters at most)`)
    .refine((text) => !/<\s*\/?\s*[a-z!][^>]*>/i.test(text), {
      message: `${label} must be plain text: please remove the HTML tags`,
    });

const personName = z
  .string({ message: "Please enter your name" })
  .trim()
  .min(1, "Please enter your name")
  .max(80, "Your name is too long (80 characters at most)")
  .refine((text) => !/[<>]/.test(text), { message: "Your name may not contain < or >" });

const email = z
  .string({ message: "Please enter your email" })
  .trim()
  .toLowerCase()
  .max(254, "That email address is too long")
  .pipe(z.email("Please enter a valid email address"));

/** The text fields of a review (multipart form fields beside the photos). */
export const reviewFieldsSchema = z.object({
  rating: z.coerce
    .number({ message: `Please choose a rating from ${minRating} to ${maxRating} stars` })
    .int(`Please choose a rating from ${minRating} to ${maxRating} stars`)
    .min(minRating, `Please choose a rating from ${minRating} to ${maxRating} stars`)
    .max(maxRating, `Please choose a rating from ${minRating} to ${maxRating} stars`),
  title: plainText("The title", 2, 120),
  body: plainText("Your review", 10, 5000),
  name: personName,
  email,
  room: z.preprocess(
    blankToUndefined,
    z.enum(reviewRooms, { message: "Please choose the room from the list" }).optional(),
  ),
  floor_use: z.preprocess(
    blankToUndefined,
    z.enum(reviewFloorUses, { message: "Please choose the floor's use from the list" }).optional(),
  ),
  /** The signed link of a review request email: marks the review a verified purchase. */
  token: z.preprocess(blankToUndefined, z.string().max(200).optional()),
});
export type ReviewFields = z.infer<typeof reviewFieldsSchema>;

export const reviewReceivedSchema = z.object({
  review_id: z.number().int(),
  verified_buyer: z.boolean(),
  message: z.string(),
});
export const reviewReceivedMessage =
  "Thank you for your review! It will appear on the product page once our team has read it.";

export const productReviewParamsSchema = z.object({ id: rowIdParam() });

export const reviewListQuerySchema = z.object({
  sort: z.preprocess(blankToUndefined, z.enum(reviewSortOptions).default("newest")),
  page: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(10_000).default(1)),
  per_page: z.preprocess(
    blankToUndefined,
    z.coerce.number().int().min(1).max(50).default(reviewsPerPage),
  ),
});
export type ReviewListQuery = z.infer<typeof reviewListQuerySchema>;

/** A staff reply shown under a review or as a question's answer. */
const publicReplySchema = z.object({ text: z.string(), created_at: z.string() });

/** An approved review as every shopper sees it: the reviewer's first name and initial only. */
export const publicReviewSchema = z.object({
  id: z.number().int(),
  rating: z.number().int(),
  title: z.string(),
  body: z.string(),
  reviewer: z.string(),
  verified_buyer: z.boolean(),
  room: z.string().nullable(),
  floor_use: z.string().nullable(),
  photos: z.array(productImageSchema),
  reply: publicReplySchema.nullable(),
  created_at: z.string(),
});
export type PublicReview = z.infer<typeof publicReviewSchema>;

export const reviewListResponseSchema = z.object({
  reviews: z.array(publicReviewSchema),
  /** Approved reviews of the product (all pages; with_photos: those with photos). */
  total: z.number().int(),
  rating_average: z.number().nullable(),
  rating_count: z.number().int(),
  /** How many approved reviews gave each number of stars: index 0 is 1 star. */
  rating_histogram: z.array(z.number().int()).length(maxRating),
});
export type ReviewListResponse = z.infer<typeof reviewListResponseSchema>;

/** What the review form shows when opened from a review request email's link. */
export const reviewLinkSchema = z.object({
  product_id: z.number().int(),
  product_name: z.string(),
  name: z.string(),
  email: z.string(),
});
export type ReviewLink = z.infer<typeof reviewLinkSchema>;
export const reviewLinkParamsSchema = z.object({ token: z.string().min(1).max(200) });

/* Questions and answers. */

export const questionFieldsSchema = z.object({
  name: personName,
  email,
  question: plainText("Your question", 10, 1000),
});
export type QuestionFields = z.infer<typeof questionFieldsSchema>;

export const answerFieldsSchema = z.object({
  name: personName,
  email,
  answer: plainText("Your answer", 2, 2000),
});
export type AnswerFields = z.infer<typeof answerFieldsSchema>;

export const questionParamsSchema = z.object({ id: rowIdParam(), questionId: rowIdParam() });

export const questionReceivedSchema = z.object({ id: z.number().int(), message: z.string() });
export const questionReceivedMessage =
  "Thank you! Your question will appear here once our team has answered it.";
export const answerReceivedMessage =
  "Thank you! Your answer will appear here once our team has read it.";

export const publicAnswerSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  /** "staff": the store answered; "buyer": a verified buyer of the floor. */
  author_kind: z.enum(["staff", "buyer"]),
  author: z.string(),
  created_at: z.string(),
});
export const publicQuestionSchema = z.object({
  id: z.number().int(),
  question: z.string(),
  asker: z.string(),
  created_at: z.string(),
  answers: z.array(publicAnswerSchema),
});
export type PublicQuestion = z.infer<typeof publicQuestionSchema>;
export const questionListResponseSchema = z.object({
  questions: z.array(publicQuestionSchema),
  /** Whether verified buyers may answer (the owner's setting). */
  buyers_may_answer: z.boolean(),
});
export type QuestionListResponse = z.infer<typeof questionListResponseSchema>;

/* The back office's moderation queue. */

export const moderationQuerySchema = z.object({
  status: z.preprocess(blankToUndefined, z.enum(moderationStatuses).default("pending")),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});
export type ModerationQuery = z.infer<typeof moderationQuerySchema>;

const moderationFields = {
  status: z.enum(moderationStatuses),
  flags: z.array(z.enum(moderationFlags)),
  rejection_reason: z.string().nullable(),
  moderated_by: z.string().nullable(),
  moderated_at: z.string().nullable(),
};

export const adminReviewSchema = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  product_name: z.string(),
  rating: z.number().int(),
  title: z.string(),
  body: z.string(),
  author_name: z.string(),
  author_email: z.string(),
  verified_buyer: z.boolean(),
  room: z.string().nullable(),
  floor_use: z.string().nullable(),
  photos: z.array(productImageSchema),
  reply: z.string().nullable(),
  created_at: z.string(),
  ...moderationFields,
});
export type AdminReview = z.infer<typeof adminReviewSchema>;
export const adminReviewListSchema = z.object({ reviews: z.array(adminReviewSchema) });

export const adminAnswerSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  author_kind: z.enum(["staff", "buyer"]),
  author_name: z.string(),
  author_email: z.string().nullable(),
  created_at: z.string(),
  ...moderationFields,
});
export type AdminAnswer = z.infer<typeof adminAnswerSchema>;
export const adminQuestionSchema = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  product_name: z.string(),
  question: z.string(),
  asker_name: z.string(),
  asker_email: z.string(),
  answers: z.array(adminAnswerSchema),
  created_at: z.string(),
  ...moderationFields,
});
export type AdminQuestion = z.infer<typeof adminQuestionSchema>;
export const adminQuestionListSchema = z.object({ questions: z.array(adminQuestionSchema) });

const reason = z
  .string()
  .trim()
  .min(3, "Please give the reason (at least 3 characters)")
  .max(500, "The reason is too long (500 characters at most)");
const staffText = (label: string) =>
  z
    .string()
    .trim()
    .min(2, `${label} must be at least 2 characters`)
    .max(2000, `${label} is too long (2,000 characters at most)`);

/** Staff decide on a review: approve, reject with a reason, or reply publicly (or clear the reply). */
export const reviewModerationSchema = z.discriminatedUnion("action", [
  z.object({ action: z.literal("approve") }),
  z.object({ action: z.literal("reject"), reason }),
  z.object({ action: z.literal("reply"), reply: z.string().trim().max(2000) }),
]);
export type ReviewModeration = z.infer<typeof reviewModerationSchema>;

/** Staff decide on a question: answer it (which approves it), approve, or reject with a reason. */
export const questionModerationSchema = z.discriminatedUnion("action", [
  z.object({ action: z.literal("answer"), answer: staffText("The answer") }),
  z.object({ action: z.literal("approve") }),
  z.object({ action: z.literal("reject"), reason }),
]);
export type QuestionModeration = z.infer<typeof questionModerationSchema>;

/** Staff decide on a buyer's answer. */
export const answerModerationSchema = z.discriminatedUnion("action", [
  z.object({ action: z.literal("approve") }),
  z.object({ action: z.literal("reject"), reason }),
]);
export type AnswerModeration = z.infer<typeof answerModerationSchema>;
