import {
  maxRating,
  maxReviewPhotos,
  reviewFloorUses,
  reviewRooms,
} from "@mcf/contracts/reviews-options";
import { TextField } from "../../components/form-fields.tsx";
import { useFileForm } from "../../lib/file-form.ts";
import { useShownWhenSet } from "../../lib/shown-when-set.ts";

export interface ReviewFormProps {
  productId: number;
  productName: string;
  /** From a review request email's link: the purchase is verified, name and email filled in. */
  link?: { token: string; name: string; email: string };
}

/**
 * A review: stars, title, words, the room and the floor's use, up to six photos, and the
 * reviewer's name (shown as first name and initial) and email (never shown). It waits for staff.
 */
export function ReviewForm({ productId, productName, link }: ReviewFormProps) {
  const { state, submit } = useFileForm(
    `/api/products/${productId}/reviews`,
    "review",
    "Thank you for your review!",
  );
  // Each refusal, even the same words again, is brought into view: the button is far below it.
  const errorRef = useShownWhenSet<HTMLParagraphElement>(
    state.step === "form" && state.error ? state : null,
  );
  if (state.step === "sent")
    return (
      <p role="status" className="rounded-md bg-green-50 p-4 font-semibold text-green-900">
        {state.message}
      </p>
    );
  return (
    <form
      onSubmit={submit}
      className="grid gap-4 sm:grid-cols-2"
      aria-label={`Review of ${productName}`}
    >
      {state.step === "form" && state.error ? (
        <p
          ref={errorRef}
          tabIndex={-1}
          role="alert"
          className="rounded-md bg-red-50 p-3 text-sm font-semibold text-red-800 sm:col-span-2"
        >
          {state.error}
        </p>
      ) : null}
      {link ? <input type="hidden" name="token" value={link.token} /> : null}
      <fieldset className="sm:col-span-2">
        <legend className="field-label">Your rating *</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-2">
          {Array.from({ length: maxRating }, (_, index) => maxRating - index).map((stars) => (
            <label key={stars} className="flex min-h-6 items-center gap-2">
              <input type="radio" name="rating" value={stars} required />
              {stars} star{stars === 1 ? "" : "s"}
            </label>
          ))}
        </div>
      </fieldset>
      <TextField
        id="review-title"
        name="title"
        label="Title"
        required
        minLength={2}
        maxLength={120}
        className="sm:col-span-2"
      />
      <div className="sm:col-span-2">
        <label htmlFor="review-body" className="field-label">
          Your review<span aria-hidden="true"> *</span>
        </label>
        <textarea
          id="review-body"
          name="body"
          rows={5}
          required
          minLength={10}
          maxLength={5000}
          className="field-input"
          placeholder="How did it install, look and wear?"
        />
      </div>
      <div>
        <label htmlFor="review-room" className="field-label">
          Room
        </label>
        <select id="review-room" name="room" className="field-input" defaultValue="">
          <option value="">Choose a room</option>
          {reviewRooms.map((room) => (
            <option key={room}>{room}</option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="review-use" className="field-label">
          The floor's use
        </label>
        <select id="review-use" name="floor_use" className="field-input" defaultValue="">
          <option value="">Choose one</option>
          {reviewFloorUses.map((use) => (
            <option key={use}>{use}</option>
          ))}
        </select>
      </div>
      <TextField
        id="review-name"
        name="name"
        label="Your name"
        required
        maxLength={80}
        autoComplete="name"
        defaultValue={link?.name}
      />
      <TextField
        id="review-email"
        name="email"
        label="Email (never shown)"
        type="email"
        required
        autoComplete="email"
        defaultValue={link?.email}
      />
      <div className="sm:col-span-2">
        <label htmlFor="review-photos" className="field-label">
          Photos
        </label>
        <p id="review-photos-hint" className="mb-1 text-sm text-stone-600">
          Up to {maxReviewPhotos} photos of the finished floor (JPEG, PNG, WebP or AVIF).
        </p>
        <input
          id="review-photos"
          name="photos"
          type="file"
          multiple
          accept="image/jpeg,image/png,image/webp,image/avif"
          aria-describedby="review-photos-hint"
          className="block w-full text-sm"
        />
      </div>
      <p className="text-sm text-stone-600 sm:col-span-2">
        Your review shows as your first name and initial once our team has read it.
      </p>
      <div className="sm:col-span-2">
        <button type="submit" className="btn-primary" disabled={state.step === "sending"}>
          {state.step === "sending" ? "Sending..." : "Submit Review"}
        </button>
      </div>
    </form>
  );
}
