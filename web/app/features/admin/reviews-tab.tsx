import type { AdminAnswer, AdminQuestion, AdminReview } from "@mcf/contracts/reviews";
import {
  type ModerationStatus,
  moderationFlagLabels,
  moderationStatuses,
} from "@mcf/contracts/reviews-options";
import { useState } from "react";
import { FloorImage } from "../../components/floor-image.tsx";
import { StarRating } from "../../components/star-rating.tsx";
import { useSingleFlight } from "../../lib/single-flight.ts";
import { capitalize } from "./admin-format.ts";
import { errorText, replaceById, useAdminList, useUpdateCachedList } from "./admin-queries.ts";
import { adminListKeys } from "./admin-query-keys.ts";
import { useAdminSession } from "./admin-session.tsx";
import { formatShopTime } from "./birmingham-time.ts";
import { KindList } from "./kind-list.tsx";
import { useToast } from "./toast.tsx";

const kinds = [
  ["reviews", "Product reviews"],
  ["questions", "Questions"],
] as const;
type Kind = (typeof kinds)[number][0];
const statusOptions = moderationStatuses.map((value) => [value, capitalize(value)] as const);

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

/**
 * Posts one moderation action (approve, reject, reply, answer) to `path`, hands the saved item
 * back and says how it went; `after` runs once the server has accepted it.
 */
function useModerate<T>(path: string, onSaved: (item: T) => void) {
  const { request } = useAdminSession();
  const toast = useToast();
  // A double-clicked "Publish Answer" published the answer twice.
  const once = useSingleFlight();
  return async (body: Record<string, string>, done: string, after?: () => void) => {
    await once(async () => {
      try {
        onSaved(await request<T>(path, { method: "POST", body }));
        toast(done);
        after?.();
      } catch (error) {
        toast(errorText(error, "Failed to save"), "error");
      }
    });
  };
}

/** Approve (while `canApprove`) and Reject (until rejected), the pair every moderated item has. */
function ModerationButtons({
  status,
  canApprove,
  approveLabel,
  approveClassName,
  noun,
  act,
}: {
  status: ModerationStatus;
  canApprove: boolean;
  approveLabel: string;
  approveClassName: string;
  /** "review", "answer", "question": in the reject reason's label and the toasts. */
  noun: string;
  act: (body: Record<string, string>, done: string) => Promise<void>;
}) {
  const Noun = capitalize(noun);
  return (
    <>
      {canApprove ? (
        <button
          type="button"
          className={approveClassName}
          onClick={() => void act({ action: "approve" }, `${Noun} approved`)}
        >
          {approveLabel}
        </button>
      ) : null}
      {status !== "rejected" ? (
        <RejectControl
          label={`this ${noun}`}
          onReject={(reason) => void act({ action: "reject", reason }, `${Noun} rejected`)}
        />
      ) : null}
    </>
  );
}

/** A labelled text box with its submit button: a review's public reply, a question's answer. */
function TextActionForm({
  id,
  label,
  value,
  onChange,
  onSubmit,
  button,
  buttonClassName,
  required = false,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  onSubmit: () => void;
  button: string;
  buttonClassName: string;
  required?: boolean;
}) {
  return (
    <form
      className="space-y-1"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <textarea
        id={id}
        className="field-input"
        rows={2}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        required={required}
        minLength={required ? 2 : undefined}
      />
      <button type="submit" className={buttonClassName}>
        {button}
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
  const [reply, setReply] = useState(review.reply ?? "");
  const act = useModerate(`/api/admin/reviews/${review.id}/moderation`, onSaved);
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
        <ModerationButtons
          status={review.status}
          canApprove={review.status !== "approved"}
          approveLabel="Approve"
          approveClassName="btn-primary px-3 py-1.5 text-sm"
          noun="review"
          act={act}
        />
      </div>
      <TextActionForm
        id={`review-reply-${review.id}`}
        label="Public reply"
        value={reply}
        onChange={setReply}
        onSubmit={() =>
          void act({ action: "reply", reply }, reply ? "Reply saved" : "Reply removed")
        }
        button="Save Reply"
        buttonClassName="btn-outline px-3 py-1.5 text-sm"
      />
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
  const act = useModerate(`/api/admin/answers/${answer.id}/moderation`, onSaved);
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
            <ModerationButtons
              status={answer.status}
              canApprove={answer.status !== "approved"}
              approveLabel="Approve Answer"
              approveClassName="btn-primary px-3 py-1 text-sm"
              noun="answer"
              act={act}
            />
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
  const [answer, setAnswer] = useState("");
  const moderate = useModerate(`/api/admin/questions/${question.id}/moderation`, onSaved);
  // Whatever was done to the question, the answer box starts empty again.
  const act = (body: Record<string, string>, done: string) =>
    moderate(body, done, () => setAnswer(""));
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
      <TextActionForm
        id={`question-answer-${question.id}`}
        label="Answer publicly"
        value={answer}
        onChange={setAnswer}
        onSubmit={() => void act({ action: "answer", answer }, "Answer published")}
        button="Publish Answer"
        buttonClassName="btn-primary px-3 py-1.5 text-sm"
        required
      />
      <div className="flex flex-wrap items-end gap-2">
        <ModerationButtons
          status={question.status}
          canApprove={question.status === "pending"}
          approveLabel="Approve Without Answer"
          approveClassName="btn-outline px-3 py-1.5 text-sm"
          noun="question"
          act={act}
        />
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
    <KindList
      label="Moderate"
      kinds={kinds}
      kind={kind}
      onKind={setKind}
      statuses={statusOptions}
      status={status}
      onStatus={(value) => setStatus(value as ModerationStatus)}
      list={{ ...list, count: list.items.length }}
      empty="Nothing to moderate here."
    >
      {list.items.map((item) =>
        "rating" in item ? (
          <ReviewCard key={`r${item.id}`} review={item} onSaved={saved} />
        ) : (
          <QuestionCard key={`q${item.id}`} question={item} onSaved={saved} />
        ),
      )}
    </KindList>
  );
}
