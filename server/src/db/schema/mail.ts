import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

/** A file sent with a message (e.g. the install date as an .ics calendar entry). */
export interface MailAttachment {
  filename: string;
  contentType: string;
  /** The file as text (calendar entries and other text files only). */
  content: string;
}

export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: serial("id").primaryKey(),
    /** What the message is, e.g. order-confirmation, staff-inquiry. */
    kind: text("kind").notNull(),
    /** A message with a key is queued at most once (e.g. one confirmation per order). */
    dedupe_key: text("dedupe_key").unique(),
    to_address: text("to_address").notNull(),
    reply_to: text("reply_to"),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    attachments: jsonb("attachments").$type<MailAttachment[]>(),
    /** pending | sending | sent | failed */
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    next_attempt_at: timestamp("next_attempt_at", { withTimezone: true, mode: "date" })
      .notNull()
      .defaultNow(),
    locked_until: timestamp("locked_until", { withTimezone: true, mode: "date" }),
    last_error: text("last_error"),
    sent_at: timestamp("sent_at", { withTimezone: true, mode: "date" }),
    created_at: timestamp("created_at", { withTimezone: true, mode: "date" })
      .notNull()
      .defaultNow(),
  },
  (t) => [
    index("mail_outbox_due_idx")
      .on(t.next_attempt_at)
      .where(sql`${t.status} in ('pending', 'sending')`),
    index("mail_outbox_to_idx").on(t.to_address, t.kind, t.created_at),
  ],
);
