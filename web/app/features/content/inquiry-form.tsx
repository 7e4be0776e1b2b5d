import {
  actingAsOptions,
  inquiryDefaults,
  inquiryFlooringTypes,
  locationTypes,
  propertyTypes,
  timelines,
} from "@mcf/contracts/leads-options";
import { Form, useNavigation } from "react-router";
import { Honeypot, TextField } from "../../components/form-fields.tsx";
import { rememberBookingContact } from "../../lib/booking-contact.ts";
import { useShownWhenSet } from "../../lib/shown-when-set.ts";

export interface InquiryFormError {
  detail: string;
}

/** The project-inquiry form. Posts to the page's action, with or without JavaScript. */
export function InquiryForm({ error }: { error: InquiryFormError | null }) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  // The message is above the form, far from the button on a phone (the fields keep what was typed).
  const alertRef = useShownWhenSet<HTMLDivElement>(error);
  return (
    <Form
      method="post"
      className="space-y-5"
      aria-labelledby="inquiry-heading"
      onSubmit={(event) => rememberBookingContact(event.currentTarget)}
    >
      {error ? (
        <div
          ref={alertRef}
          role="alert"
          tabIndex={-1}
          className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-900"
        >
          <p className="font-bold">Something went wrong!</p>
          <p>Please try again or contact us directly.</p>
          <p className="mt-1 text-sm">{error.detail}</p>
        </div>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField id="inq-name" name="name" label="Name" required autoComplete="name" />
        <TextField
          id="inq-phone"
          name="phone"
          label="Phone"
          type="tel"
          required
          autoComplete="tel"
        />
        <TextField
          id="inq-email"
          name="email"
          label="Email"
          type="email"
          required
          autoComplete="email"
        />
        <TextField
          id="inq-address"
          name="address"
          label="Project address"
          required
          autoComplete="address-line1"
        />
      </div>
      <fieldset>
        <legend className="field-label">Property type</legend>
        <div className="flex flex-wrap gap-4">
          {propertyTypes.map((type) => (
            <label key={type} className="inline-flex items-center gap-2 text-stone-800">
              <input
                type="radio"
                name="property_type"
                value={type}
                defaultChecked={type === inquiryDefaults.property_type}
                className="h-4 w-4 accent-oak-600"
              />
              {type}
            </label>
          ))}
        </div>
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor="inq-location" className="field-label">
            Location type
          </label>
          <select id="inq-location" name="location_type" className="field-input" defaultValue="">
            <option value="">Select…</option>
            {locationTypes.map((type) => (
              <option key={type}>{type}</option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="inq-acting-as" className="field-label">
            I am the
          </label>
          <select
            id="inq-acting-as"
            name="acting_as"
            className="field-input"
            defaultValue={inquiryDefaults.acting_as}
          >
            {actingAsOptions.map((option) => (
              <option key={option}>{option}</option>
            ))}
          </select>
        </div>
      </div>

      <fieldset>
        <legend className="field-label">Flooring type (choose any)</legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {inquiryFlooringTypes.map((type) => (
            <label
              key={type}
              className="inline-flex items-center gap-2 rounded-md border border-stone-200 px-3 py-2 text-stone-800 has-checked:border-oak-500 has-checked:bg-oak-50"
            >
              <input
                type="checkbox"
                name="flooring_type"
                value={type}
                className="h-4 w-4 accent-oak-600"
              />
              {type}
            </label>
          ))}
        </div>
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          id="inq-sqft"
          name="square_footage"
          label="Square footage"
          type="number"
          min={0}
          step={1}
          inputMode="numeric"
        />
        <TextField id="inq-rooms" name="rooms" label="Rooms" placeholder="e.g. kitchen, hallway" />
        <div>
          <label htmlFor="inq-timeline" className="field-label">
            Timeline
          </label>
          <select
            id="inq-timeline"
            name="timeline"
            className="field-input"
            defaultValue={inquiryDefaults.timeline}
          >
            {timelines.map((timeline) => (
              <option key={timeline}>{timeline}</option>
            ))}
          </select>
        </div>
      </div>

      <div>
        <label htmlFor="inq-notes" className="field-label">
          Additional notes
        </label>
        <textarea id="inq-notes" name="additional_notes" rows={4} className="field-input" />
      </div>

      <Honeypot id="inq-website" />

      <button
        type="submit"
        className="btn-primary w-full px-6 py-3 text-base sm:w-auto"
        disabled={submitting}
      >
        {submitting ? "Sending..." : "Request My Free Quote"}
      </button>
    </Form>
  );
}
