import type { ProductImage } from "@mcf/contracts/product-images";
import type {
  AdminAnswer,
  AdminQuestion,
  AdminReview,
  AnswerModeration,
  ModerationQuery,
  QuestionModeration,
  ReviewModeration,
} from "@mcf/contracts/reviews";
import { shownReviewerName } from "@mcf/contracts/reviews-options";
import { and, desc, eq, inArray, ne, or, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client.ts";
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
import {
  findProductRows,
  forgetProductImageFiles,
  type ProductImageStore,
} from "../catalog/catalog.service.ts";
import { queueQuestionAnsweredMail } from "./question-answered-mail.ts";
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

/** What moderation needs to write to shoppers: the store's public address for links. */
export interface ModerationMailOptions {
  publicUrl: string;
}

async function productNames(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
  const rows = ids.length === 0 ? [] : await findProductRows(db, [...new Set(ids)]);
  return new Map(rows.map((row) => [row.id, row.name]));
}

async function productNameOf(db: DbOrTx, id: number): Promise<string> {
  return (await productNames(db, [id])).get(id) ?? `Product ${id}`;
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
 * (it stops showing and counting, and its photos are removed: the review forgets them and their
 * files go from the photo store, unless a product or another review shows the same photo) or
 * reply publicly under it (an empty reply removes the reply). Audited. 404 for an unknown review.
 */
export async function moderateReview(
  db: Db,
  id: number,
  decision: ReviewModeration,
  actor: string,
  photoStore: ProductImageStore,
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
            // A rejected review's photos are not kept: no page, list or address may show them.
            ...(decision.action === "reject" ? { photos: [] } : {}),
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
      before: { status: before.status, reply: before.reply, photos: before.photos.length },
      after: {
        status: after.status,
        reply: after.reply,
        reason: after.rejection_reason,
        photos: after.photos.length,
      },
    });
    return { after, removedPhotos: decision.action === "reject" ? before.photos : [] };
  });
  // The files go once the rows no longer name them (a failed removal leaves unlisted files,
  // never a listed photo without its file).
  await forgetReviewPhotoFiles(db, photoStore, row.removedPhotos, id);
  return toAdminReview(row.after, await productNames(db, [row.after.product_id]));
}

/**
 * Removes the files of photos taken off review `reviewId`, except those another review or a
 * product still shows (the store names files by their content, so the same photo sent twice
 * is one set of files).
 */
async function forgetReviewPhotoFiles(
  db: Db,
  store: ProductImageStore,
  photos: ProductImage[],
  reviewId: number,
): Promise<void> {
  const unused: ProductImage[] = [];
  for (const photo of photos) {
    const [other] = await db
      .select({ id: productReviews.id })
      .from(productReviews)
      .where(
        and(
          ne(productReviews.id, reviewId),
          sql`${productReviews.photos} @> ${JSON.stringify([{ id: photo.id }])}::jsonb`,
        ),
      )
      .limit(1);
    if (!other) unused.push(photo);
  }
  await forgetProductImageFiles(db, store, unused);
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
 * Staff answer a question (the answer is the store's, shown at once, the question is approved
 * and the asker is emailed the answer, once per question), approve it, or reject it with a
 * reason. Audited. 404 for an unknown question.
 */
export async function moderateQuestion(
  db: Db,
  id: number,
  decision: QuestionModeration,
  actor: string,
  mail: ModerationMailOptions,
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
    // The same answer sent again (a double click, a second tab) is kept once: the question's row
    // lock orders the two, and the second finds the first.
    const [repeated] =
      decision.action === "answer"
        ? await tx
            .select({ id: productAnswers.id })
            .from(productAnswers)
            .where(
              and(
                eq(productAnswers.question_id, id),
                eq(productAnswers.author_kind, "staff"),
                eq(productAnswers.text, decision.answer),
              ),
            )
            .limit(1)
        : [];
    if (decision.action === "answer" && !repeated) {
      const team = `${storeIdentity().name} team`;
      await tx.insert(productAnswers).values({
        question_id: id,
        text: decision.answer,
        author_kind: "staff",
        author_name: team,
        status: "approved",
        moderated_by: actor,
        moderated_at: now,
      });
      await queueQuestionAnsweredMail(
        tx,
        after,
        { text: decision.answer, by: team },
        { publicUrl: mail.publicUrl, productName: await productNameOf(tx, after.product_id) },
      );
    }
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

/**
 * Staff approve or reject a verified buyer's answer. An approved answer to a shown question is
 * emailed to the asker, unless an earlier answer already was (once per question). Audited. 404
 * for an unknown answer.
 */
export async function moderateAnswer(
  db: Db,
  id: number,
  decision: AnswerModeration,
  actor: string,
  mail: ModerationMailOptions,
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
    if (decision.action === "approve" && question.status === "approved")
      await queueQuestionAnsweredMail(
        tx,
        question,
        {
          text: before.text,
          by: `${shownReviewerName(before.author_name)}, who bought this floor`,
        },
        { publicUrl: mail.publicUrl, productName: await productNameOf(tx, question.product_id) },
      );
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
