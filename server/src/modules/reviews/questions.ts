import type {
  AnswerFields,
  PublicQuestion,
  QuestionFields,
  QuestionListResponse,
} from "@mcf/contracts/reviews";
import { shownReviewerName } from "@mcf/contracts/reviews-options";
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { productAnswers, productQuestions } from "../../db/schema/reviews.ts";
import { forbidden, notFound } from "../../errors.ts";
import { getProductRow } from "../catalog/catalog.service.ts";
import { emailBoughtProduct } from "../orders/orders.service.ts";
import { moderationFlagsOf } from "./moderation-flags.ts";

/** A shopper's question, waiting for staff (it shows once approved and answered). 404: no product. */
export async function askQuestion(
  db: Db,
  productId: number,
  fields: QuestionFields,
): Promise<number> {
  await getProductRow(db, productId);
  const [row] = await db
    .insert(productQuestions)
    .values({
      product_id: productId,
      question: fields.question,
      asker_name: fields.name,
      asker_email: fields.email,
      flags: moderationFlagsOf(fields.question, fields.name),
    })
    .returning({ id: productQuestions.id });
  if (!row) throw new Error("question insert returned no row");
  return row.id;
}

export const buyersMayNotAnswer = "Answers on this store come from our team.";
export const onlyBuyersAnswer =
  "Only shoppers who bought this floor may answer questions about it: please use the email of your order.";

/**
 * A verified buyer's answer to an approved question, waiting for moderation. Throws 403 when the
 * owner has not let buyers answer or the email did not buy the product, 404 for a question that
 * is not this product's public one.
 */
export async function answerAsBuyer(
  db: Db,
  productId: number,
  questionId: number,
  fields: AnswerFields,
  buyersMayAnswer: boolean,
): Promise<number> {
  if (!buyersMayAnswer) throw forbidden(buyersMayNotAnswer);
  const [question] = await db
    .select({ id: productQuestions.id })
    .from(productQuestions)
    .where(
      and(
        eq(productQuestions.id, questionId),
        eq(productQuestions.product_id, productId),
        eq(productQuestions.status, "approved"),
      ),
    );
  if (!question) throw notFound("Question not found");
  if (!(await emailBoughtProduct(db, fields.email, productId))) throw forbidden(onlyBuyersAnswer);
  const [row] = await db
    .insert(productAnswers)
    .values({
      question_id: questionId,
      text: fields.answer,
      author_kind: "buyer",
      author_name: fields.name,
      author_email: fields.email,
      flags: moderationFlagsOf(fields.answer, fields.name),
    })
    .returning({ id: productAnswers.id });
  if (!row) throw new Error("answer insert returned no row");
  return row.id;
}

/**
 * A product's approved questions that have at least one approved answer, newest first, each with
 * its approved answers (the store's first). Never a pending or rejected question or answer.
 */
export async function listAnsweredQuestions(
  db: Db,
  productId: number,
  buyersMayAnswer: boolean,
): Promise<QuestionListResponse> {
  await getProductRow(db, productId);
  const questions = await db
    .select()
    .from(productQuestions)
    .where(and(eq(productQuestions.product_id, productId), eq(productQuestions.status, "approved")))
    .orderBy(desc(productQuestions.created_at), desc(productQuestions.id))
    .limit(100);
  const answers =
    questions.length === 0
      ? []
      : await db
          .select()
          .from(productAnswers)
          .where(
            and(
              inArray(
                productAnswers.question_id,
                questions.map((q) => q.id),
              ),
              eq(productAnswers.status, "approved"),
            ),
          )
          .orderBy(desc(productAnswers.author_kind), asc(productAnswers.created_at));
  const answered: PublicQuestion[] = questions.flatMap((question) => {
    const mine = answers.filter((answer) => answer.question_id === question.id);
    if (mine.length === 0) return [];
    return [
      {
        id: question.id,
        question: question.question,
        asker: shownReviewerName(question.asker_name),
        created_at: question.created_at.toISOString(),
        answers: mine.map((answer) => ({
          id: answer.id,
          text: answer.text,
          author_kind: answer.author_kind,
          author:
            answer.author_kind === "staff"
              ? answer.author_name
              : shownReviewerName(answer.author_name),
          created_at: answer.created_at.toISOString(),
        })),
      },
    ];
  });
  return { questions: answered, buyers_may_answer: buyersMayAnswer };
}
