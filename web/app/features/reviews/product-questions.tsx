import type { PublicQuestion, QuestionListResponse } from "@mcf/contracts/reviews";
import { type FormEvent, useState } from "react";
import { TextField } from "../../components/form-fields.tsx";
import { api, serverDetail } from "../../lib/api.ts";

type SendState =
  | { step: "form"; error: string | null }
  | { step: "sending" }
  | { step: "sent"; message: string };

/** Posts a small JSON form and turns the answer into the form's next state. */
async function post(path: string, body: Record<string, string>): Promise<SendState> {
  try {
    const answer = await api<{ message: string }>(path, { method: "POST", body });
    return { step: "sent", message: answer.message };
  } catch (error) {
    return {
      step: "form",
      error:
        serverDetail(error) ?? "It could not be sent. Please check your connection and try again.",
    };
  }
}

function fieldsOf(form: HTMLFormElement): Record<string, string> {
  return Object.fromEntries(
    [...new FormData(form).entries()].map(([key, value]) => [key, String(value)]),
  );
}

function SentOrError({ state }: { state: SendState }) {
  if (state.step === "sent")
    return (
      <p role="status" className="rounded-md bg-green-50 p-3 font-semibold text-green-900">
        {state.message}
      </p>
    );
  if (state.step === "form" && state.error)
    return (
      <p role="alert" className="rounded-md bg-red-50 p-3 text-sm font-semibold text-red-800">
        {state.error}
      </p>
    );
  return null;
}

function BuyerAnswerForm({ productId, question }: { productId: number; question: PublicQuestion }) {
  const [state, setState] = useState<SendState>({ step: "form", error: null });
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const fields = fieldsOf(event.currentTarget);
    setState({ step: "sending" });
    setState(await post(`/api/products/${productId}/questions/${question.id}/answers`, fields));
  };
  const prefix = `answer-${question.id}`;
  return (
    <details className="mt-2 text-sm">
      <summary className="cursor-pointer font-semibold text-oak-700">
        Bought this floor? Answer this question
      </summary>
      <SentOrError state={state} />
      {state.step === "sent" ? null : (
        <form onSubmit={submit} className="mt-2 grid gap-3 sm:grid-cols-2" aria-label="Your answer">
          <div className="sm:col-span-2">
            <label htmlFor={`${prefix}-text`} className="field-label">
              Your answer
            </label>
            <textarea
              id={`${prefix}-text`}
              name="answer"
              required
              minLength={2}
              maxLength={2000}
              rows={3}
              className="field-input"
            />
          </div>
          <TextField id={`${prefix}-name`} name="name" label="Your name" required maxLength={80} />
          <TextField
            id={`${prefix}-email`}
            name="email"
            label="Email of your order"
            type="email"
            required
          />
          <div>
            <button type="submit" className="btn-outline" disabled={state.step === "sending"}>
              Send Answer
            </button>
          </div>
        </form>
      )}
    </details>
  );
}

/**
 * A product page's questions: the answered ones (the store's answers first), a form to ask one,
 * and, when the owner allows it, a form for buyers of the floor to answer.
 */
export function ProductQuestions({
  productId,
  initial,
}: {
  productId: number;
  initial: QuestionListResponse;
}) {
  const [state, setState] = useState<SendState>({ step: "form", error: null });
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const fields = fieldsOf(event.currentTarget);
    setState({ step: "sending" });
    setState(await post(`/api/products/${productId}/questions`, fields));
  };
  return (
    <section id="questions" aria-labelledby="questions-heading" className="mt-12">
      <h2 id="questions-heading" className="mb-4 text-2xl font-bold">
        Questions &amp; Answers
      </h2>
      {initial.questions.length === 0 ? (
        <p className="mb-4 text-stone-700">No answered questions yet.</p>
      ) : (
        <ul aria-label="Answered questions" className="mb-6">
          {initial.questions.map((question) => (
            <li key={question.id} className="border-t border-stone-200 py-4">
              <p className="font-semibold">Q: {question.question}</p>
              <p className="text-sm text-stone-600">Asked by {question.asker}</p>
              <ul className="mt-2 space-y-2">
                {question.answers.map((answer) => (
                  <li key={answer.id}>
                    <p className="whitespace-pre-line text-stone-800">A: {answer.text}</p>
                    <p className="text-sm text-stone-600">
                      {answer.author}
                      {answer.author_kind === "buyer" ? " · Verified buyer" : ""}
                    </p>
                  </li>
                ))}
              </ul>
              {initial.buyers_may_answer ? (
                <BuyerAnswerForm productId={productId} question={question} />
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <details className="rounded-lg border border-stone-200 bg-white p-4">
        <summary className="cursor-pointer font-semibold">Ask a Question</summary>
        <div className="mt-3 space-y-3">
          <SentOrError state={state} />
          {state.step === "sent" ? null : (
            <form
              onSubmit={submit}
              className="grid gap-3 sm:grid-cols-2"
              aria-label="Ask a question"
            >
              <div className="sm:col-span-2">
                <label htmlFor="question-text" className="field-label">
                  Your question<span aria-hidden="true"> *</span>
                </label>
                <textarea
                  id="question-text"
                  name="question"
                  required
                  minLength={10}
                  maxLength={1000}
                  rows={3}
                  className="field-input"
                />
              </div>
              <TextField
                id="question-name"
                name="name"
                label="Your name"
                required
                maxLength={80}
                autoComplete="name"
              />
              <TextField
                id="question-email"
                name="email"
                label="Email (never shown)"
                type="email"
                required
                autoComplete="email"
              />
              <div>
                <button type="submit" className="btn-primary" disabled={state.step === "sending"}>
                  {state.step === "sending" ? "Sending..." : "Submit Question"}
                </button>
              </div>
            </form>
          )}
        </div>
      </details>
    </section>
  );
}
