import type { OutboxMessage, OutboxMessageDetail } from "@mcf/contracts/admin";
import { and, desc, eq, gt, inArray, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db, DbOrTx } from "../db/client.ts";
import { inboxPage } from "../db/inbox-page.ts";
import type { MailAttachment } from "../db/schema/mail.ts";

export type { MailAttachment };

import { mailOutbox } from "../db/schema/mail.ts";
import { conflict, notFound } from "../errors.ts";
import type { EmailContent } from "./templates.ts";

export interface QueuedMail extends EmailContent {
  kind: string;
  to: string;
  replyTo?: string;
  /** When set, a second message with the same key is not queued. */
  dedupeKey?: string;
  attachments?: MailAttachment[];
}

/**
 * Writes a message to the outbox (inside the caller's transaction when given one).
 * Returns false when a message with the same dedupe key was already queued.
 */
export async function enqueueMail(
  db: DbOrTx,
  mail: QueuedMail,
  log?: FastifyBaseLogger,
): Promise<boolean> {
  const inserted = await db
    .insert(mailOutbox)
    .values({
      kind: mail.kind,
      dedupe_key: mail.dedupeKey ?? null,
      to_address: mail.to,
      reply_to: mail.replyTo ?? null,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      attachments: mail.attachments?.length ? mail.attachments : null,
    })
    .onConflictDoNothing({ target: mailOutbox.dedupe_key })
    .returning({ id: mailOutbox.id });
  if (inserted.length > 0)
    log?.info({ mailTo: mail.to, subject: mail.subject, kind: mail.kind }, "mail queued");
  return inserted.length > 0;
}

/** How many messages of one kind went to an address since a moment (for per-address limits). */
export async function countRecentMail(
  db: DbOrTx,
  to: string,
  kind: string,
  since: Date,
): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.kind, kind),
        sql`lower(${mailOutbox.to_address}) = lower(${to})`,
        gt(mailOutbox.created_at, since),
      ),
    );
  return Number(row?.count ?? 0);
}

type OutboxRow = typeof mailOutbox.$inferSelect;

const toMessage = (row: OutboxRow): OutboxMessage => ({
  id: row.id,
  kind: row.kind,
  to_address: row.to_address,
  subject: row.subject,
  status: row.status,
  attempts: row.attempts,
  last_error: row.last_error,
  created_at: row.created_at.toISOString(),
  sent_at: row.sent_at?.toISOString() ?? null,
  next_attempt_at: row.next_attempt_at.toISOString(),
});

/**
 * The messages whose dedupe key matches a pattern (a POSIX regular expression), newest first,
 * without bodies: e.g. every email of one installation job.
 */
export async function listMailByKey(db: DbOrTx, keyPattern: string): Promise<OutboxMessage[]> {
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(sql`${mailOutbox.dedupe_key} ~ ${keyPattern}`)
    .orderBy(desc(mailOutbox.created_at), desc(mailOutbox.id))
    .limit(100);
  return rows.map(toMessage);
}

/** One message with what its reader got: the plain-text body and the attachments' names. */
export async function getOutboxMessage(db: Db, id: number): Promise<OutboxMessageDetail> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  if (!row) throw notFound("Message not found");
  return {
    ...toMessage(row),
    reply_to: row.reply_to,
    text: row.text,
    attachments: (row.attachments ?? []).map(({ filename }) => ({ filename })),
  };
}

/** Outbox messages newest first (never their bodies), and how many are in each state. */
export async function listOutbox(
  db: Db,
  query: { status?: string; limit: number; offset: number },
) {
  const rows = await inboxPage(db.select().from(mailOutbox).$dynamic(), mailOutbox, query);
  const countRows = await db
    .select({ status: mailOutbox.status, count: sql<number>`count(*)::int` })
    .from(mailOutbox)
    .groupBy(mailOutbox.status);
  const counts = { pending: 0, sending: 0, sent: 0, failed: 0 };
  for (const row of countRows) {
    if (row.status in counts) counts[row.status as keyof typeof counts] = Number(row.count);
  }
  return { messages: rows.map(toMessage), counts };
}

/**
 * Puts a failed (or waiting) message back in the queue to be tried now, with a fresh set of
 * attempts. A message already sent is not sent again (409).
 */
export async function retryOutboxMessage(db: Db, id: number): Promise<OutboxMessage> {
  const [row] = await db
    .update(mailOutbox)
    .set({ status: "pending", attempts: 0, next_attempt_at: new Date(), locked_until: null })
    .where(and(eq(mailOutbox.id, id), inArray(mailOutbox.status, ["failed", "pending"])))
    .returning();
  if (row) return toMessage(row);
  const [existing] = await db
    .select({ status: mailOutbox.status })
    .from(mailOutbox)
    .where(eq(mailOutbox.id, id));
  if (!existing) throw notFound("Message not found");
  throw conflict(
    existing.status === "sent"
      ? "This message was already sent"
      : "This message is being sent right now",
  );
}
