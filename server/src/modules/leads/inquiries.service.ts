import { inquiryDefaults, type projectInquiryRequestSchema } from "@mcf/contracts/leads";
import type { FastifyBaseLogger } from "fastify";
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import { projectInquiries } from "../../db/schema/leads.ts";
import { countRecentMail, enqueueMail } from "../../mail/outbox.ts";
import { inquiryAcknowledgementEmail, inquiryStaffEmail } from "./lead-emails.ts";
import { blankToNull, type ProjectInquiryFields } from "./lead-fields.ts";

type ParsedInquiry = z.output<typeof projectInquiryRequestSchema>;

export const acknowledgementKind = "inquiry-acknowledgement";
const acknowledgementWindowMs = 60 * 60 * 1000;

/** Applies the form's defaults and turns empty optional fields into null. */
export function normalizeInquiry(input: ParsedInquiry): ProjectInquiryFields {
  return {
    name: input.name,
    email: input.email,
    phone: input.phone,
    address: input.address,
    property_type: input.property_type || inquiryDefaults.property_type,
    location_type: input.location_type || null,
    acting_as: input.acting_as || inquiryDefaults.acting_as,
    flooring_type: [...new Set(input.flooring_type ?? [])],
    square_footage: input.square_footage ?? null,
    rooms: blankToNull(input.rooms),
    timeline: input.timeline || inquiryDefaults.timeline,
    additional_notes: blankToNull(input.additional_notes),
  };
}

export interface InquiryMailSettings {
  staffEmail: string;
  publicUrl: string;
}

/**
 * Stores an inquiry and queues, in the same transaction, the staff notice and (at most once per
 * address per hour) the customer's acknowledgement. Returns the new row's id.
 */
export async function submitProjectInquiry(
  db: Db,
  inquiry: ProjectInquiryFields,
  settings: InquiryMailSettings,
  log?: FastifyBaseLogger,
): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(projectInquiries)
      .values(inquiry)
      .returning({ id: projectInquiries.id });
    if (!row) throw new Error("The inquiry was not stored");
    await enqueueMail(
      tx,
      {
        kind: "inquiry-staff",
        to: settings.staffEmail,
        replyTo: inquiry.email,
        ...inquiryStaffEmail(inquiry, `${settings.publicUrl}/admin`),
      },
      log,
    );
    const since = new Date(Date.now() - acknowledgementWindowMs);
    if ((await countRecentMail(tx, inquiry.email, acknowledgementKind, since)) === 0) {
      await enqueueMail(
        tx,
        {
          kind: acknowledgementKind,
          to: inquiry.email,
          ...inquiryAcknowledgementEmail(settings.publicUrl),
        },
        log,
      );
    }
    return row.id;
  });
}
