import type {
  AdminAnswer,
  AdminQuestion,
  AdminReview,
  AnswerModeration,
  ModerationQuery,
  QuestionModeration,
  ReviewModeration,
} from "@mcf/contracts/reviews";
import { desc, eq, inArray, or } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import {
  type ProductAnswerRow,
  type ProductQuestionRow,
  type ProductReviewRow,
  productAnswers,
  productQuestions,
  productReviews,
} from "../../db/schema/reviews.ts";
import { invalid, notFound } from "../../errors.ts";
import { storeIdentity } from "../../mail/store-identity.ts";
import { writeAudit } from "../audit/audit.service.ts";
import { findProductRows } from "../catalog/catalog.service.ts";
import { recountProductRating } from "./review-lists.ts";

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function moderationOf(row: ProductReviewRow | ProductQuestionRow | ProductAnswerRow) {
  return {
    status: row.status,
    flags: row.flags,
    rejection_reason: row.rejection_reason,
    moderated_by: row.moderated_by,
    moderated_at: iso(row.moderated_at),
  };
}

async function productNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  const rows = ids.length === 0 ? [] : await findProductRows(db, [...new Set(ids)]);
  return new Map(rows.map((row) => [row.id, row.name]));
}

function toAdminReview(row: ProductReviewRow, names: Map<number, string>): AdminReview {
  return {
    id: row.id,
    product_id: row.product_id,
    product_name: names.get(row.product_id) ?? `Product ${row.product_id}`,
    rating: row.rating,
    title: row.title,
    body: row.body,
    author_name: row.author_name,
    author_email: row.author_email,
    verified_buyer: row.verified_buyer,
    room: row.room,
    floor_use: row.floor_use,
    photos: row.photos,
    reply: row.reply,
    created_at: row.created_at.toISOString(),
    ...moderationOf(row),
  };
}

/** Reviews in one moderation state, newest first, for the back office's Reviews tab. */
export async function listReviewsForModeration(
  db: Db,
  query: ModerationQuery,
): Promise<AdminReview[]> {
  const rows = await db
    .select()
    .from(productReviews)
    .where(eq(productReviews.status, query.status))
    .orderBy(desc(productReviews.created_at), desc(productReviews.id))
    .limit(query.limit)
    .offset(query.offset);
  const names = await productNames(
    db,
    rows.map((row) => row.product_id),
  );
  return rows.map((row) => toAdminReview(row, names));
}

/**
 * Staff approve a review (it shows, and the product's rating counts it), reject it with a reason
 * (it stops showing and counting) or reply publicly under it (an empty reply removes the reply).
 * Audited. 404 for an unknown review.
 */
export async function moderateReview(
  db: Db,
  id: number,
  decision: ReviewModeration,
  actor: string,
): Promise<AdminReview> {
  const row = await db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(productReviews)
      .where(eq(productReviews.id, id))
      .for("update");
    if (!before) throw notFound("Review not found");
    const now = new Date();
    const change =
      decision.action === "reply"
        ? { reply: decision.reply || null, replied_at: decision.reply ? now : null }
        : {
            status: decision.action === "approve" ? ("approved" as const) : ("rejected" as const),
            rejection_reason: decision.action === "reject" ? decision.reason : null,
            moderated_by: actor,
            moderated_at: now,
          };
    const [after] = await tx
      .update(productReviews)
      .set({ ...change, updated_at: now })
      .where(eq(productReviews.id, id))
      .returning();
    if (!after) throw notFound("Review not found");
    // The rating counts approved reviews; a reply changes the page too: both refresh the product.
    await recountProductRating(tx, after.product_id);
    await writeAudit(tx, {
      actor,
      action: `review.${decision.action}`,
      entityType: "review",
      entityId: id,
      before: { status: before.status, reply: before.reply },
      after: { status: after.status, reply: after.reply, reason: after.rejection_reason },
    });
    return after;
  });
  return toAdminReview(row, await productNames(db, [row.product_id]));
}

function toAdminAnswer(row: ProductAnswerRow): AdminAnswer {
  return {
    id: row.id,
    text: row.text,
    author_kind: row.author_kind,
    author_name: row.author_name,
    author_email: row.author_email,
    created_at: row.created_at.toISOString(),
    ...moderationOf(row),
  };
}

async function withAnswers(db: Db, rows: ProductQuestionRow[]): Promise<AdminQuestion[]> {
  const ids = rows.map((row) => row.id);
  const answers =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(productAnswers)
          .where(inArray(productAnswers.question_id, ids))
          .orderBy(productAnswers.created_at);
  const names = await productNames(
    db,
    rows.map((row) => row.product_id),
  );
  return rows.map((row) => ({
    id: row.id,
    product_id: row.product_id,
    product_name: names.get(row.product_id) ?? `Product ${row.product_id}`,
    question: row.question,
    asker_name: row.asker_name,
    asker_email: row.asker_email,
    answers: answers.filter((answer) => answer.question_id === row.id).map(toAdminAnswer),
    created_at: row.created_at.toISOString(),
    ...moderationOf(row),
  }));
}

/**
 * Questions for the Reviews tab, newest first: those in the state asked, and (for "pending")
 * also approved questions with a buyer's answer waiting.
 */
export async function listQuestionsForModeration(
  db: Db,
  query: ModerationQuery,
): Promise<AdminQuestion[]> {
  const waitingAnswers =
    query.status === "pending"
      ? await db
          .select({ question_id: productAnswers.question_id })
          .from(productAnswers)
          .where(eq(productAnswers.status, "pending"))
      : [];
  const ids = [...new Set(waitingAnswers.map((row) => row.question_id))];
  const rows = await db
    .select()
    .from(productQuestions)
    .where(
      ids.length > 0
        ? or(inArray(productQuestions.id, ids), eq(productQuestions.status, query.status))
        : eq(productQuestions.status, query.status),
    )
    .orderBy(desc(productQuestions.created_at), desc(productQuestions.id))
    .limit(query.limit)
    .offset(query.offset);
  return withAnswers(db, rows);
}

/**
 * Staff answer a question (the answer is the store's, shown at once, and the question is
 * approved), approve it, or reject it with a reason. Audited. 404 for an unknown question.
 */
export async function moderateQuestion(
  db: Db,
  id: number,
  decision: QuestionModeration,
  actor: string,
): Promise<AdminQuestion> {
  const row = await db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(productQuestions)
      .where(eq(productQuestions.id, id))
      .for("update");
    if (!before) throw notFound("Question not found");
    const now = new Date();
    const approve = decision.action !== "reject";
    const [after] = await tx
      .update(productQuestions)
      .set({
        status: approve ? "approved" : "rejected",
        rejection_reason: decision.action === "reject" ? decision.reason : null,
        moderated_by: actor,
        moderated_at: now,
        updated_at: now,
      })
      .where(eq(productQuestions.id, id))
      .returning();
    if (!after) throw notFound("Question not found");
    if (decision.action === "answer")
      await tx.insert(productAnswers).values({
        question_id: id,
        text: decision.answer,
        author_kind: "staff",
        author_name: `${storeIdentity().name} team`,
        status: "approved",
        moderated_by: actor,
        moderated_at: now,
      });
    await recountProductRating(tx, after.product_id);
    await writeAudit(tx, {
      actor,
      action: `question.${decision.action}`,
      entityType: "question",
      entityId: id,
      before: { status: before.status },
      after: { status: after.status, reason: after.rejection_reason },
    });
    return after;
  });
  const [question] = await withAnswers(db, [row]);
  return question as AdminQuestion;
}

/** Staff approve or reject a verified buyer's answer. Audited. 404 for an unknown answer. */
export async function moderateAnswer(
  db: Db,
  id: number,
  decision: AnswerModeration,
  actor: string,
): Promise<AdminQuestion> {
  const questionRow = await db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(productAnswers)
      .where(eq(productAnswers.id, id))
      .for("update");
    if (!before) throw notFound("Answer not found");
    if (before.author_kind === "staff" && decision.action === "reject")
      throw invalid("The store's own answers are not moderated.");
    const now = new Date();
    await tx
      .update(productAnswers)
      .set({
        status: decision.action === "approve" ? "approved" : "rejected",
        rejection_reason: decision.action === "reject" ? decision.reason : null,
        moderated_by: actor,
        moderated_at: now,
        updated_at: now,
      })
      .where(eq(productAnswers.id, id));
    const [question] = await tx
      .select()
      .from(productQuestions)
      .where(eq(productQuestions.id, before.question_id));
    if (!question) throw notFound("Question not found");
    await recountProductRating(tx, question.product_id);
    await writeAudit(tx, {
      actor,
      action: `answer.${decision.action}`,
      entityType: "answer",
      entityId: id,
      before: { status: before.status },
      after: { status: decision.action === "approve" ? "approved" : "rejected" },
    });
    return question;
  });
  const [question] = await withAnswers(db, [questionRow]);
  return question as AdminQuestion;
}
