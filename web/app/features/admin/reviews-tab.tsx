import type { AdminAnswer, AdminQuestion, AdminReview } from "@mcf/contracts/reviews";
import {
  type ModerationStatus,
  moderationFlagLabels,
  moderationStatuses,
} from "@mcf/contracts/reviews-options";
import { useState } from "react";
import { FloorImage } from "../../components/floor-image.tsx";
import { StarRating } from "../../components/star-rating.tsx";
import { capitalize } from "./admin-format.ts";
import { errorText, replaceById, useAdminList, useUpdateCachedList } from "./admin-queries.ts";
import { adminListKeys } from "./admin-query-keys.ts";
import { useAdminSession } from "./admin-session.tsx";
import { ListError } from "./admin-table.tsx";
import { formatShopTime } from "./birmingham-time.ts";
import { useToast } from "./toast.tsx";

const kinds = [
  ["reviews", "Product reviews"],
  ["questions", "Questions"],
] as const;
type Kind = (typeof kinds)[number][0];

function Flags({ flags }: { flags: AdminReview["flags"] }) {
  if (flags.length === 0) return null;
  return (
    <p className="flex flex-wrap gap-1">
      {flags.map((flag) => (
        <span
          key={flag}
          className="rounded bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900"
        >
          {moderationFlagLabels[flag]}
        </span>
      ))}
    </p>
  );
}

function StatusLine({
  item,
}: {
  item: Pick<AdminReview, "status" | "rejection_reason" | "moderated_by" | "moderated_at">;
}) {
  return (
    <p className="text-xs text-stone-600">
      {capitalize(item.status)}
      {item.moderated_by && item.moderated_at
        ? ` by ${item.moderated_by}, ${formatShopTime(item.moderated_at)}`
        : ""}
      {item.rejection_reason ? ` · Reason: ${item.rejection_reason}` : ""}
    </p>
  );
}

/** A reject button that asks for the reason the moderator keeps on record. */
function RejectControl({ label, onReject }: { label: string; onReject: (reason: string) => void }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  if (!open)
    return (
      <button
        type="button"
        className="btn-outline px-3 py-1.5 text-sm"
        onClick={() => setOpen(true)}
      >
        Reject
      </button>
    );
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        onReject(reason);
      }}
    >
      <label className="text-sm">
        <span className="field-label">Reason for rejecting {label}</span>
        <input
          className="field-input"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          required
          minLength={3}
        />
      </label>
      <button type="submit" className="btn-outline px-3 py-1.5 text-sm">
        Confirm Reject
      </button>
    </form>
  );
}

function ReviewCard({
  review,
  onSaved,
}: {
  review: AdminReview;
  onSaved: (r: AdminReview) => void;
}) {
  const { request } = useAdminSession();
  const toast = useToast();
  const [reply, setReply] = useState(review.reply ?? "");
  const act = async (body: Record<string, string>, done: string) => {
    try {
      onSaved(
        await request<AdminReview>(`/api/admin/reviews/${review.id}/moderation`, {
          method: "POST",
          body,
        }),
      );
      toast(done);
    } catch (error) {
      toast(errorText(error, "Failed to save"), "error");
    }
  };
  return (
    <article
      aria-label={`Review: ${review.title}`}
      className="space-y-2 rounded-lg border border-stone-200 bg-white p-4"
    >
      <p className="text-sm font-semibold text-oak-700">{review.product_name}</p>
      <div className="flex flex-wrap items-center gap-2">
        <StarRating value={review.rating} />
        <h3 className="font-sans text-base font-semibold">{review.title}</h3>
      </div>
      <p className="text-sm text-stone-700">
        {review.author_name} · {review.author_email}
        {review.verified_buyer ? " · Verified buyer" : " · Not a verified buyer"} ·{" "}
        {formatShopTime(review.created_at)}
      </p>
      {review.room || review.floor_use ? (
        <p className="text-sm text-stone-600">
          {[review.room, review.floor_use].filter(Boolean).join(" · ")}
        </p>
      ) : null}
      <Flags flags={review.flags} />
      <p className="whitespace-pre-line">{review.body}</p>
      {review.photos.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label="Review photos">
          {review.photos.map((photo, index) => (
            <li key={photo.id}>
              <FloorImage
                src={null}
                photo={photo}
                sizes="6rem"
                alt={`Photo ${index + 1} of the review`}
                width={96}
                height={96}
                className="h-24 w-24 rounded border border-stone-200 object-cover"
              />
            </li>
          ))}
        </ul>
      ) : null}
      <StatusLine item={review} />
      <div className="flex flex-wrap items-end gap-2">
        {review.status !== "approved" ? (
          <button
            type="button"
            className="btn-primary px-3 py-1.5 text-sm"
            onClick={() => void act({ action: "approve" }, "Review approved")}
          >
            Approve
          </button>
        ) : null}
        {review.status !== "rejected" ? (
          <RejectControl
            label="this review"
            onReject={(reason) => void act({ action: "reject", reason }, "Review rejected")}
          />
        ) : null}
      </div>
      <form
        className="space-y-1"
        onSubmit={(event) => {
          event.preventDefault();
          void act({ action: "reply", reply }, reply ? "Reply saved" : "Reply removed");
        }}
      >
        <label htmlFor={`review-reply-${review.id}`} className="field-label">
          Public reply
        </label>
        <textarea
          id={`review-reply-${review.id}`}
          className="field-input"
          rows={2}
          value={reply}
          onChange={(e) => setReply(e.target.value)}
        />
        <button type="submit" className="btn-outline px-3 py-1.5 text-sm">
          Save Reply
        </button>
      </form>
    </article>
  );
}

function AnswerRow({
  answer,
  onSaved,
}: {
  answer: AdminAnswer;
  onSaved: (q: AdminQuestion) => void;
}) {
  const { request } = useAdminSession();
  const toast = useToast();
  const act = async (body: Record<string, string>, done: string) => {
    try {
      onSaved(
        await request<AdminQuestion>(`/api/admin/answers/${answer.id}/moderation`, {
          method: "POST",
          body,
        }),
      );
      toast(done);
    } catch (error) {
      toast(errorText(error, "Failed to save"), "error");
    }
  };
  return (
    <li className="space-y-1 rounded bg-stone-50 p-2 text-sm">
      <p className="whitespace-pre-line">A: {answer.text}</p>
      <p className="text-xs text-stone-600">
        {answer.author_kind === "staff"
          ? answer.author_name
          : `${answer.author_name} · ${answer.author_email ?? ""} · Verified buyer`}
      </p>
      <Flags flags={answer.flags} />
      {answer.author_kind === "buyer" ? (
        <>
          <StatusLine item={answer} />
          <div className="flex flex-wrap gap-2">
            {answer.status !== "approved" ? (
              <button
                type="button"
                className="btn-primary px-3 py-1 text-sm"
                onClick={() => void act({ action: "approve" }, "Answer approved")}
              >
                Approve Answer
              </button>
            ) : null}
            {answer.status !== "rejected" ? (
              <RejectControl
                label="this answer"
                onReject={(reason) => void act({ action: "reject", reason }, "Answer rejected")}
              />
            ) : null}
          </div>
        </>
      ) : null}
    </li>
  );
}

function QuestionCard({
  question,
  onSaved,
}: {
  question: AdminQuestion;
  onSaved: (q: AdminQuestion) => void;
}) {
  const { request } = useAdminSession();
  const toast = useToast();
  const [answer, setAnswer] = useState("");
  const act = async (body: Record<string, string>, done: string) => {
    try {
      onSaved(
        await request<AdminQuestion>(`/api/admin/questions/${question.id}/moderation`, {
          method: "POST",
          body,
        }),
      );
      toast(done);
      setAnswer("");
    } catch (error) {
      toast(errorText(error, "Failed to save"), "error");
    }
  };
  return (
    <article
      aria-label={`Question: ${question.question}`}
      className="space-y-2 rounded-lg border border-stone-200 bg-white p-4"
    >
      <p className="text-sm font-semibold text-oak-700">{question.product_name}</p>
      <h3 className="font-sans text-base font-semibold">Q: {question.question}</h3>
      <p className="text-sm text-stone-700">
        {question.asker_name} · {question.asker_email} · {formatShopTime(question.created_at)}
      </p>
      <Flags flags={question.flags} />
      <StatusLine item={question} />
      {question.answers.length > 0 ? (
        <ul className="space-y-2" aria-label="Answers">
          {question.answers.map((a) => (
            <AnswerRow key={a.id} answer={a} onSaved={onSaved} />
          ))}
        </ul>
      ) : null}
      <form
        className="space-y-1"
        onSubmit={(event) => {
          event.preventDefault();
          void act({ action: "answer", answer }, "Answer published");
        }}
      >
        <label htmlFor={`question-answer-${question.id}`} className="field-label">
          Answer publicly
        </label>
        <textarea
          id={`question-answer-${question.id}`}
          className="field-input"
          rows={2}
          value={answer}
          onChange={(e) => setAnswer(e.target.value)}
          required
          minLength={2}
        />
        <button type="submit" className="btn-primary px-3 py-1.5 text-sm">
          Publish Answer
        </button>
      </form>
      <div className="flex flex-wrap items-end gap-2">
        {question.status === "pending" ? (
          <button
            type="button"
            className="btn-outline px-3 py-1.5 text-sm"
            onClick={() => void act({ action: "approve" }, "Question approved")}
          >
            Approve Without Answer
          </button>
        ) : null}
        {question.status !== "rejected" ? (
          <RejectControl
            label="this question"
            onReject={(reason) => void act({ action: "reject", reason }, "Question rejected")}
          />
        ) : null}
      </div>
    </article>
  );
}

type Item = AdminReview | AdminQuestion;

/**
 * The moderation queue: shoppers' reviews and questions (and buyers' answers), pending first.
 * Nothing reaches the product pages before it is approved here.
 */
export function ReviewsTab() {
  const [kind, setKind] = useState<Kind>("reviews");
  const [status, setStatus] = useState<ModerationStatus>("pending");
  const list = useAdminList<Item>({
    key: [...adminListKeys.reviews, kind, { status }],
    path: () => `/api/admin/${kind}?status=${status}&limit=100`,
    read: (data) => {
      const { reviews, questions } = data as {
        reviews?: AdminReview[];
        questions?: AdminQuestion[];
      };
      return { rows: reviews ?? questions ?? [], meta: undefined };
    },
    failure: "Failed to load the reviews",
    keepRowsWhileLoading: false,
  });
  const updateList = useUpdateCachedList<Item>([...adminListKeys.reviews, kind]);
  const saved = (item: Item) => updateList(replaceById<Item>(item));
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        <fieldset
          aria-label="Moderate"
          className="inline-flex rounded-md border border-stone-300 bg-white p-0.5"
        >
          {kinds.map(([value, label]) => (
            <button
              key={value}
              type="button"
              aria-pressed={kind === value}
              onClick={() => setKind(value)}
              className={`rounded px-3 py-1.5 text-sm font-semibold ${kind === value ? "bg-navy-800 text-white" : "text-stone-700 hover:bg-stone-100"}`}
            >
              {label}
            </button>
          ))}
        </fieldset>
        <label className="text-sm">
          <span className="sr-only">Show</span>
          <select
            className="field-input py-1.5"
            value={status}
            onChange={(e) => setStatus(e.target.value as ModerationStatus)}
            aria-label="Show"
          >
            {moderationStatuses.map((s) => (
              <option key={s} value={s}>
                {capitalize(s)}
              </option>
            ))}
          </select>
        </label>
        <span className="pb-2 text-sm text-stone-600">
          {list.loading ? "Loading…" : `${list.items.length} shown`}
        </span>
      </div>
      {list.error ? <ListError message={list.error} onRetry={list.retry} /> : null}
      {!list.loading && !list.error && list.items.length === 0 ? (
        <p className="rounded-lg border-2 border-dashed border-stone-300 bg-white p-10 text-center text-stone-600">
          Nothing to moderate here.
        </p>
      ) : null}
      <div className="grid gap-3 xl:grid-cols-2">
        {list.items.map((item) =>
          "rating" in item ? (
            <ReviewCard key={`r${item.id}`} review={item} onSaved={saved} />
          ) : (
            <QuestionCard key={`q${item.id}`} question={item} onSaved={saved} />
          ),
        )}
      </div>
    </div>
  );
}
