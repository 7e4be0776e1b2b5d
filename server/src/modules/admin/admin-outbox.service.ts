import type { OutboxMessage } from "@mcf/contracts/admin";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { mailOutbox } from "../../db/schema/index.ts";
import { conflict, notFound } from "../../errors.ts";

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

/** Outbox messages newest first (never their bodies), and how many are in each state. */
export async function listOutbox(
  db: Db,
  query: { status?: string; limit: number; offset: number },
) {
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(query.status ? eq(mailOutbox.status, query.status) : undefined)
    .orderBy(desc(mailOutbox.created_at), desc(mailOutbox.id))
    .limit(query.limit)
    .offset(query.offset);
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
