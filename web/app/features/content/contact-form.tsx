import { contactMethods } from "@mcf/contracts/leads-options";
import { type FormEvent, useState } from "react";
import { Honeypot, TextField } from "../../components/form-fields.tsx";
import { ApiError, api } from "../../lib/api.ts";

/**
 * The contact form: a plain HTML form posting to POST /api/contact, so it works with
 * JavaScript off (the server answers 303 back to /contact with ?success=true or ?error=).
 * With JavaScript on it sends the same fields as JSON instead, so a refused message keeps
 * everything typed, and a sent one clears the form without leaving the page.
 */
export function ContactForm({
  onSent,
  onRefused,
  initialMessage = "",
}: {
  onSent: () => void;
  onRefused: (reason: string) => void;
  /** What the message starts with (a price request names its product). */
  initialMessage?: string;
}) {
  const [sending, setSending] = useState(false);

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const fields = Object.fromEntries(
      [...new FormData(form).entries()].map(([key, value]) => [key, String(value)]),
    );
    setSending(true);
    try {
      await api("/api/contact", { method: "POST", body: fields });
      form.reset();
      onSent();
    } catch (caught) {
      // An ApiError's message is the server's detail when it sent one.
      onRefused(caught instanceof ApiError ? caught.message : "Please try again in a moment.");
    } finally {
      setSending(false);
    }
  }

  return (
    <form method="post" action="/api/contact" className="space-y-5" onSubmit={send}>
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
        <textarea
          id="contact-message"
          name="message"
          rows={6}
          required
          className="field-input"
          defaultValue={initialMessage}
        />
      </div>
      <Honeypot id="contact-website" />
      <button type="submit" className="btn-primary px-6 py-3 text-base" disabled={sending}>
        {sending ? "Sending..." : "Send Message"}
      </button>
    </form>
  );
}
