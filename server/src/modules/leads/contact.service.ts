import type { contactMessageRequestSchema } from "@mcf/contracts/leads";
import type { FastifyBaseLogger } from "fastify";
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import { contactMessages } from "../../db/schema/leads.ts";
import { enqueueMail } from "../../mail/outbox.ts";
import { contactStaffEmail } from "./lead-emails.ts";
import { blankToNull, type ContactMessageFields } from "./lead-fields.ts";

type ParsedContactMessage = z.output<typeof contactMessageRequestSchema>;

/** Defaults the contact method to email and turns an empty best time into null. */
export function normalizeContactMessage(input: ParsedContactMessage): ContactMessageFields {
  return {
    name: input.name,
    email: input.email,
    phone: input.phone,
    message: input.message,
    preferred_contact_method: input.preferred_contact_method || "email",
    best_time_to_contact: blankToNull(input.best_time_to_contact),
  };
}

/** Stores the message and queues the staff notice in one transaction; returns the row id. */
export async function submitContactMessage(
  db: Db,
  message: ContactMessageFields,
  staffEmail: string,
  log?: FastifyBaseLogger,
): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values(message)
      .returning({ id: contactMessages.id });
    if (!row) throw new Error("The contact message was not stored");
    await enqueueMail(
      tx,
      {
        kind: "contact-staff",
        to: staffEmail,
        replyTo: message.email,
        ...contactStaffEmail(message),
      },
      log,
    );
    return row.id;
  });
}
