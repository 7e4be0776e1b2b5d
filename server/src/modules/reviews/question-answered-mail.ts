import type { DbOrTx } from "../../db/client.ts";
import type { ProductQuestionRow } from "../../db/schema/reviews.ts";
import { enqueueMail } from "../../mail/outbox.ts";
import { renderEmail } from "../../mail/templates.ts";

/** The product page's questions, where the answer now shows. */
export function questionPageUrl(publicUrl: string, productId: number): string {
  return `${publicUrl.replace(/\/$/, "")}/products/${productId}#questions`;
}

/**
 * Tells the asker their question is answered: the question, the answer and a link to the product
 * page where both now show. Queued in the caller's transaction, so it goes only when the answer
 * is kept. Once per question, whoever answers and however many answers follow: the outbox refuses
 * a second message with the same dedupe key. Returns whether it was queued now.
 */
export async function queueQuestionAnsweredMail(
  tx: DbOrTx,
  question: Pick<
    ProductQuestionRow,
    "id" | "product_id" | "question" | "asker_name" | "asker_email"
  >,
  answer: { text: string; by: string },
  options: { publicUrl: string; productName: string },
): Promise<boolean> {
  const firstName = question.asker_name.trim().split(/\s+/)[0] || question.asker_name;
  return enqueueMail(tx, {
    kind: "question-answered",
    to: question.asker_email,
    dedupeKey: `question-answered:${question.id}`,
    ...renderEmail({
      subject: `Your question about ${options.productName} has an answer`,
      heading: `${firstName}, your question has an answer`,
      paragraphs: [`You asked about ${options.productName}:`, `“${question.question}”`],
      table: [[`Answer from ${answer.by}`, answer.text]],
      action: {
        label: "See it on the product page",
        url: questionPageUrl(options.publicUrl, question.product_id),
      },
      footnotes: [
        "The question and its answer now show on the product page for other shoppers too.",
      ],
    }),
  });
}
