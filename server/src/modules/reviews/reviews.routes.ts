import fastifyMultipart from "@fastify/multipart";
import { errorResponseSchema } from "@mcf/contracts/errors";
import {
  answerFieldsSchema,
  answerReceivedMessage,
  productReviewParamsSchema,
  questionFieldsSchema,
  questionListResponseSchema,
  questionParamsSchema,
  questionReceivedMessage,
  questionReceivedSchema,
  questionsPerHour,
  reviewFieldsSchema,
  reviewLinkParamsSchema,
  reviewLinkSchema,
  reviewListQuerySchema,
  reviewListResponseSchema,
  reviewReceivedMessage,
  reviewReceivedSchema,
  reviewsPerHour,
} from "@mcf/contracts/reviews";
import { maxReviewPhotos } from "@mcf/contracts/reviews-options";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { assertSameOrigin } from "../../http/same-origin.ts";
import { validationErrorBody } from "../../http/validation-error.ts";
import { multipartRefusals, readMultipartForm } from "../../uploads/multipart-form.ts";
import { createProductImageStore } from "../catalog/catalog.service.ts";
import {
  answerAsBuyer,
  askQuestion,
  listAnsweredQuestions,
  listApprovedReviews,
  readReviewLink,
  submitReview,
} from "./reviews.service.ts";

const crossSite = "Reviews and questions can only be sent from the store's own pages.";

const reviewRefusals = {
  ...multipartRefusals(`Please add at most ${maxReviewPhotos} photos to one review.`),
  FST_INVALID_MULTIPART_CONTENT_TYPE: "Send the review as a form (multipart/form-data).",
};

const errors = {
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  422: errorResponseSchema,
  429: errorResponseSchema,
};

/**
 * Product reviews and questions: the public lists show approved entries only; shoppers write
 * reviews (with photos) and ask questions, which wait for staff.
 */
export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const maxPhotoBytes = app.config.claimPhotoMaxBytes;
  const store = createProductImageStore(app.config);
  await app.register(fastifyMultipart, {
    throwFileSizeLimit: false,
    limits: {
      // One byte over the limit is enough to know a photo is too large.
      fileSize: maxPhotoBytes + 1,
      files: maxReviewPhotos,
      fields: 12,
      fieldSize: 16 * 1024,
      parts: maxReviewPhotos + 12,
    },
  });
  app.addHook("onSend", async (_request, reply, payload) => {
    if (!reply.hasHeader("cache-control")) reply.header("cache-control", "no-cache");
    return payload;
  });
  const buyersMayAnswer = async () => (await app.settings.read()).reviews.buyers_may_answer;

  app.get(
    "/api/products/:id/reviews",
    {
      schema: {
        tags: ["reviews"],
        summary: "A product's approved reviews, paged and sorted, with its rating",
        params: productReviewParamsSchema,
        querystring: reviewListQuerySchema,
        response: { 200: reviewListResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => listApprovedReviews(db, request.params.id, request.query),
  );

  app.post(
    "/api/products/:id/reviews",
    {
      schema: {
        tags: ["reviews"],
        summary: "Write a review (multipart/form-data); it shows once staff approve it",
        description: `Fields: rating (1-5), title, body, name, email, room, floor_use, token (from a review request email); up to ${maxReviewPhotos} files named photos (JPEG, PNG, WebP or AVIF, read from their bytes).`,
        params: productReviewParamsSchema,
        response: { 201: reviewReceivedSchema, ...errors },
      },
      config: { rateLimit: { max: reviewsPerHour, timeWindow: "1 hour" } },
    },
    async (request, reply) => {
      assertSameOrigin(request, app.config.publicUrl, crossSite);
      const { fields, files } = await readMultipartForm(request, reviewRefusals);
      const parsed = reviewFieldsSchema.safeParse(fields);
      if (!parsed.success)
        return reply.status(422).send(validationErrorBody("body", parsed.error.issues));
      const review = await submitReview(db, request.params.id, parsed.data, files, {
        store,
        limits: { maxBytes: maxPhotoBytes, maxPixels: app.config.productImageMaxPixels },
      });
      request.log.info({ reviewId: review.id }, "review received");
      return reply.status(201).send({
        review_id: review.id,
        verified_buyer: review.verified,
        message: reviewReceivedMessage,
      });
    },
  );

  app.get(
    "/api/review-links/:token",
    {
      schema: {
        tags: ["reviews"],
        summary: "What a review request email's link opens: the product and the buyer",
        params: reviewLinkParamsSchema,
        response: { 200: reviewLinkSchema, 403: errorResponseSchema, 409: errorResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return readReviewLink(db, request.params.token);
    },
  );

  app.get(
    "/api/products/:id/questions",
    {
      schema: {
        tags: ["reviews"],
        summary: "A product's answered questions (approved questions and answers only)",
        params: productReviewParamsSchema,
        response: { 200: questionListResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => listAnsweredQuestions(db, request.params.id, await buyersMayAnswer()),
  );

  app.post(
    "/api/products/:id/questions",
    {
      schema: {
        tags: ["reviews"],
        summary: "Ask a question about a product; it shows once staff answer it",
        params: productReviewParamsSchema,
        body: questionFieldsSchema,
        response: { 201: questionReceivedSchema, ...errors },
      },
      config: { rateLimit: { max: questionsPerHour, timeWindow: "1 hour" } },
    },
    async (request, reply) => {
      assertSameOrigin(request, app.config.publicUrl, crossSite);
      const id = await askQuestion(db, request.params.id, request.body);
      return reply.status(201).send({ id, message: questionReceivedMessage });
    },
  );

  app.post(
    "/api/products/:id/questions/:questionId/answers",
    {
      schema: {
        tags: ["reviews"],
        summary: "A verified buyer answers a question (when the owner allows it)",
        params: questionParamsSchema,
        body: answerFieldsSchema,
        response: { 201: questionReceivedSchema, ...errors },
      },
      config: { rateLimit: { max: questionsPerHour, timeWindow: "1 hour" } },
    },
    async (request, reply) => {
      assertSameOrigin(request, app.config.publicUrl, crossSite);
      const id = await answerAsBuyer(
        db,
        request.params.id,
        request.params.questionId,
        request.body,
        await buyersMayAnswer(),
      );
      return reply.status(201).send({ id, message: answerReceivedMessage });
    },
  );
};
