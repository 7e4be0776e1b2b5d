import { numericIdParamsSchema, orderIdParamsSchema } from "@mcf/contracts/admin";
import {
  adminQuestionListSchema,
  adminQuestionSchema,
  adminReviewListSchema,
  adminReviewSchema,
  answerModerationSchema,
  moderationQuerySchema,
  questionModerationSchema,
  reviewModerationSchema,
} from "@mcf/contracts/reviews";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { staffActor } from "../../plugins/admin-auth.ts";
import { createProductImageStore } from "../catalog/catalog.service.ts";
import {
  listQuestionsForModeration,
  listReviewsForModeration,
  moderateAnswer,
  moderateQuestion,
  moderateReview,
  sendReviewRequestsNow,
} from "../reviews/reviews.service.ts";
import { adminErrorResponses } from "./admin-error-responses.ts";

/** The Reviews tab: moderate reviews, questions and buyers' answers (approve, reject, reply). */
export const adminReviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const mail = { publicUrl: app.config.publicUrl };
  const photoStore = createProductImageStore(app.config);
  /** Awaits a step that may queue mail, then delivers it now (staff are watching the screen). */
  const thenDeliverMail = async <T>(step: Promise<T>): Promise<T> => {
    const result = await step;
    void app.jobs.mail?.runOnce();
    return result;
  };
  app.get(
    "/api/admin/reviews",
    {
      schema: {
        tags: ["admin"],
        summary: "Reviews in one moderation state (pending by default), newest first",
        querystring: moderationQuerySchema,
        response: { 200: adminReviewListSchema, ...adminErrorResponses },
      },
    },
    async (request) => ({ reviews: await listReviewsForModeration(db, request.query) }),
  );
  app.post(
    "/api/admin/reviews/:id/moderation",
    {
      schema: {
        tags: ["admin"],
        summary: "Approve a review, reject it with a reason, or reply publicly",
        params: numericIdParamsSchema,
        body: reviewModerationSchema,
        response: { 200: adminReviewSchema, ...adminErrorResponses },
      },
    },
    async (request) =>
      moderateReview(db, request.params.id, request.body, staffActor(request), photoStore),
  );
  app.get(
    "/api/admin/questions",
    {
      schema: {
        tags: ["admin"],
        summary:
          "Questions in one moderation state (pending by default, with questions whose buyer answers wait), newest first",
        querystring: moderationQuerySchema,
        response: { 200: adminQuestionListSchema, ...adminErrorResponses },
      },
    },
    async (request) => ({ questions: await listQuestionsForModeration(db, request.query) }),
  );
  app.post(
    "/api/admin/questions/:id/moderation",
    {
      schema: {
        tags: ["admin"],
        summary: "Answer a question (approving it), approve it, or reject it with a reason",
        params: numericIdParamsSchema,
        body: questionModerationSchema,
        response: { 200: adminQuestionSchema, ...adminErrorResponses },
      },
    },
    async (request) =>
      thenDeliverMail(
        moderateQuestion(db, request.params.id, request.body, staffActor(request), mail),
      ),
  );
  app.post(
    "/api/admin/answers/:id/moderation",
    {
      schema: {
        tags: ["admin"],
        summary: "Approve or reject a verified buyer's answer",
        params: numericIdParamsSchema,
        body: answerModerationSchema,
        response: { 200: adminQuestionSchema, ...adminErrorResponses },
      },
    },
    async (request) =>
      thenDeliverMail(
        moderateAnswer(db, request.params.id, request.body, staffActor(request), mail),
      ),
  );
  app.post(
    "/api/admin/orders/:id/review-requests",
    {
      schema: {
        tags: ["admin"],
        summary: "Send a delivered order's review request emails now (once per line)",
        params: orderIdParamsSchema,
        response: { 200: z.object({ queued: z.number().int() }), ...adminErrorResponses },
      },
    },
    async (request) => ({
      queued: await thenDeliverMail(sendReviewRequestsNow(db, request.params.id, mail)),
    }),
  );
};
