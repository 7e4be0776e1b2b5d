import { contactMethods } from "@mcf/contracts/leads-options";
import { Honeypot, TextField } from "../../components/form-fields.tsx";

/**
 * The contact form: a plain HTML form posting to POST /api/contact, so it works with
 * JavaScript off. The server answers 303 back to /contact with ?success=true or ?error=.
 */
export function ContactForm() {
  return (
    <form method="post" action="/api/contact" className="space-y-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField id="contact-name" name="name" label="Name" required autoComplete="name" />
        <TextField
          id="contact-email"
          name="email"
          label="Email"
          type="email"
          required
          autoComplete="email"
        />
        <TextField
          id="contact-phone"
          name="phone"
          label="Phone"
          type="tel"
          required
          autoComplete="tel"
        />
        <TextField
          id="contact-best-time"
          name="best_time_to_contact"
          label="Best time to contact"
          placeholder="e.g. weekday mornings"
        />
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
      <Honeypot id="contact-website" />
      <button type="submit" className="btn-primary px-6 py-3 text-base">
        Send Message
      </button>
    </form>
  );
}
