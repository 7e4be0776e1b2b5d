import { business } from "@mcf/contracts/business";
import { storeIdentity } from "../../mail/store-identity.ts";
import { type EmailContent, renderEmail } from "../../mail/templates.ts";
import type { ContactMessageFields, ProjectInquiryFields } from "./lead-fields.ts";

const notGiven = "—";

function shown(value: string | number | null): string {
  return value === null || value === "" ? notGiven : String(value);
}

/** The staff notice of a new project inquiry: every field as a table. */
export function inquiryStaffEmail(inquiry: ProjectInquiryFields, adminUrl: string): EmailContent {
  return renderEmail({
    subject: `New project inquiry from ${inquiry.name}`,
    heading: "New project inquiry",
    paragraphs: [
      `${inquiry.name} asked for an installation quote on the website. Reply to this email to answer them directly.`,
    ],
    table: [
      ["Name", inquiry.name],
      ["Email", inquiry.email],
      ["Phone", inquiry.phone],
      ["Address", inquiry.address],
      ["Property type", inquiry.property_type],
      ["Location type", shown(inquiry.location_type)],
      ["I am the", inquiry.acting_as],
      ["Flooring type", inquiry.flooring_type.length ? inquiry.flooring_type.join(", ") : notGiven],
      ["Square footage", shown(inquiry.square_footage)],
      ["Rooms", shown(inquiry.rooms)],
      ["Timeline", inquiry.timeline],
      ["Additional notes", shown(inquiry.additional_notes)],
    ],
    footnotes: [`Promised reply window: ${business.inquiryReplyWindow}. Back office: ${adminUrl}`],
  });
}

/**
 * The customer's acknowledgement. It repeats nothing the sender typed, so the open form cannot
 * be used to send someone else a message of the sender's choosing.
 */
export function inquiryAcknowledgementEmail(publicUrl: string): EmailContent {
  return renderEmail({
    subject: `We received your project details — ${storeIdentity().name}`,
    heading: "Thanks for your project inquiry",
    paragraphs: [
      "Hello,",
      `We received the project details submitted with this email address on our website. Our installation team will be in touch within ${business.inquiryReplyWindow} to talk through your project and set up a free consultation.`,
      `Need us sooner? Call ${storeIdentity().phone} (${storeIdentity().openHours}).`,
    ],
    action: { label: "Browse our flooring", url: `${publicUrl}/products` },
    footnotes: [
      "If you did not send this request, you can ignore this email: we will not contact you again about it.",
    ],
  });
}

/** The staff notice of a contact-form message: every field as a table. No copy goes to the sender. */
export function contactStaffEmail(message: ContactMessageFields): EmailContent {
  return renderEmail({
    subject: `New contact message from ${message.name}`,
    heading: "New message from the contact form",
    paragraphs: [
      `${message.name} sent a message on the website and prefers to be contacted by ${message.preferred_contact_method}.`,
    ],
    table: [
      ["Name", message.name],
      ["Email", message.email],
      ["Phone", message.phone],
      ["Message", message.message],
      ["Preferred contact method", message.preferred_contact_method],
      ["Best time to contact", shown(message.best_time_to_contact)],
    ],
  });
}
