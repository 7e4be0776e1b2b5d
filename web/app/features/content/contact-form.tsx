import { contactMethods, honeypotField } from "@mcf/contracts/leads";

/**
 * The contact form: a plain HTML form posting to POST /api/contact, so it works with
 * JavaScript off. The server answers 303 back to /contact with ?success=true or ?error=.
 */
export function ContactForm() {
  return (
    <form method="post" action="/api/contact" className="space-y-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor="contact-name" className="field-label">
            Name <span aria-hidden="true">*</span>
          </label>
          <input
            id="contact-name"
            name="name"
            required
            autoComplete="name"
            className="field-input"
          />
        </div>
        <div>
          <label htmlFor="contact-email" className="field-label">
            Email <span aria-hidden="true">*</span>
          </label>
          <input
            id="contact-email"
            name="email"
            type="email"
            required
            autoComplete="email"
            className="field-input"
          />
        </div>
        <div>
          <label htmlFor="contact-phone" className="field-label">
            Phone <span aria-hidden="true">*</span>
          </label>
          <input
            id="contact-phone"
            name="phone"
            type="tel"
            required
            autoComplete="tel"
            className="field-input"
          />
        </div>
        <div>
          <label htmlFor="contact-best-time" className="field-label">
            Best time to contact
          </label>
          <input
            id="contact-best-time"
            name="best_time_to_contact"
            placeholder="e.g. weekday mornings"
            className="field-input"
          />
        </div>
      </div>
      <fieldset>
        <legend className="field-label">Preferred contact method</legend>
        <div className="flex gap-6">
          {contactMethods.map((method) => (
            <label key={method} className="inline-flex items-center gap-2 text-stone-800">
              <input
                type="radio"
                name="preferred_contact_method"
                value={method}
                defaultChecked={method === "email"}
                className="h-4 w-4 accent-oak-600"
              />
              {method === "email" ? "Email" : "Phone"}
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <label htmlFor="contact-message" className="field-label">
          Message <span aria-hidden="true">*</span>
        </label>
        <textarea id="contact-message" name="message" rows={6} required className="field-input" />
      </div>
      <div className="absolute -left-[10000px] h-px w-px overflow-hidden" aria-hidden="true">
        <label htmlFor="contact-website">Leave this field empty</label>
        <input id="contact-website" name={honeypotField} tabIndex={-1} autoComplete="off" />
      </div>
      <button type="submit" className="btn-primary px-6 py-3 text-base">
        Send Message
      </button>
    </form>
  );
}
