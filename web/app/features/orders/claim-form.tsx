import { claimPhotoTypes, maxClaimPhotos } from "@mcf/contracts/claims-options";
import { useFileForm } from "../../lib/file-form.ts";
import { useShownWhenSet } from "../../lib/shown-when-set.ts";

/**
 * The damage or shortage claim of a shipped order: what went wrong, how many boxes, what
 * happened, and photos. The server checks the photos (type from their bytes, size).
 */
export function ClaimForm({ token, totalBoxes }: { token: string; totalBoxes: number }) {
  const { state, submit } = useFileForm(
    `/api/track/${encodeURIComponent(token)}/claims`,
    "claim",
    "Your claim was sent.",
  );
  // Each refusal, even the same words again, is brought into view: the button is far below it.
  const errorRef = useShownWhenSet<HTMLParagraphElement>(
    state.step === "form" && state.error ? state : null,
  );
  return (
    <section
      aria-labelledby="claim-heading"
      className="rounded-xl border border-stone-200 bg-white p-6 sm:p-8"
    >
      <h2 id="claim-heading" className="mb-2 text-xl font-semibold">
        Report damage or missing boxes
      </h2>
      {state.step === "sent" ? (
        <p role="status" className="rounded-md bg-green-50 p-4 font-semibold text-green-900">
          {state.message}
        </p>
      ) : (
        <form onSubmit={submit} className="space-y-4" aria-label="Damage or shortage claim">
          <p className="text-stone-700">
            Tell us within 48 hours of delivery. We file the claim with the carrier for you.
          </p>
          {state.step === "form" && state.error ? (
            <p
              ref={errorRef}
              tabIndex={-1}
              role="alert"
              className="rounded-md bg-red-50 p-3 text-sm font-semibold text-red-800"
            >
              {state.error}
            </p>
          ) : null}
          <fieldset>
            <legend className="field-label">What went wrong?</legend>
            <div className="flex flex-wrap gap-4">
              <label className="flex items-center gap-2">
                <input type="radio" name="kind" value="damage" required defaultChecked />
                Damaged boxes
              </label>
              <label className="flex items-center gap-2">
                <input type="radio" name="kind" value="shortage" />
                Missing boxes (shortage)
              </label>
            </div>
          </fieldset>
          <div>
            <label htmlFor="claim-boxes" className="field-label">
              Boxes affected
            </label>
            <input
              id="claim-boxes"
              name="boxes_affected"
              type="number"
              min={1}
              max={totalBoxes}
              step={1}
              required
              className="field-input w-32"
            />
          </div>
          <div>
            <label htmlFor="claim-description" className="field-label">
              What happened
            </label>
            <textarea
              id="claim-description"
              name="description"
              rows={4}
              required
              minLength={10}
              maxLength={4000}
              className="field-input"
              placeholder='For example: "2 boxes crushed at one corner, noted on the delivery receipt."'
            />
          </div>
          <div>
            <label htmlFor="claim-photos" className="field-label">
              Photos
            </label>
            <p id="claim-photos-hint" className="mb-1 text-sm text-stone-600">
              Up to {maxClaimPhotos} photos (JPEG, PNG, WebP or HEIC) of the boxes, the pallet and
              the signed delivery receipt. Required for damage.
            </p>
            <input
              id="claim-photos"
              name="photos"
              type="file"
              multiple
              accept={Object.keys(claimPhotoTypes).join(",")}
              aria-describedby="claim-photos-hint"
              className="block w-full text-sm"
            />
          </div>
          <button type="submit" className="btn-primary" disabled={state.step === "sending"}>
            {state.step === "sending" ? "Sending..." : "Send Claim"}
          </button>
        </form>
      )}
    </section>
  );
}
