import { and, eq, gt, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { DbOrTx } from "../db/client.ts";
import { mailOutbox } from "../db/schema/index.ts";
import type { EmailContent } from "./templates.ts";

export interface QueuedMail extends EmailContent {
  kind: string;
  to: string;
  replyTo?: string;
  /** When set, a second message with the same key is not queued. */
  dedupeKey?: string;
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
