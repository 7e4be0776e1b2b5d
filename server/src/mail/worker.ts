import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client.ts";
import type { MailAttachment } from "../db/schema/mail.ts";
import type { MailTransport } from "./transport.ts";

export const maxMailAttempts = 8;
/** A claimed message not finished within this lease becomes claimable again (crashed sender). */
const leaseSeconds = 120;

interface ClaimedRow {
  id: number;
  to_address: string;
  reply_to: string | null;
  subject: string;
  html: string;
  text: string;
  attachments: MailAttachment[] | null;
  attempts: number;
}

/** Back-off before attempt n+1: 30 s, 2 min, 4.5 min, ... capped at 1 hour. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(3600, 30 * attempts * attempts);
}

/**
 * Claims due messages with FOR UPDATE SKIP LOCKED (so several processes never take the same one),
 * sends each, and records the result. Returns how many were sent.
 */
export async function deliverDueMail(
  db: Db,
  transport: MailTransport,
  from: string,
  log: FastifyBaseLogger,
  batchSize = 10,
): Promise<number> {
  const claimed = await db.execute(sql`
    update mail_outbox set status = 'sending', attempts = attempts + 1,
      locked_until = now() + make_interval(secs => ${leaseSeconds})
    where id in (
      select id from mail_outbox
      where (status = 'pending' and next_attempt_at <= now())
         or (status = 'sending' and locked_until < now())
      order by id
      limit ${batchSize}
      for update skip locked
    )
    returning id, to_address, reply_to, subject, html, text, attachments, attempts`);
  const rows = claimed.rows as unknown as ClaimedRow[];
  let sent = 0;
  for (const row of rows) {
    try {
      await transport.send({
        from,
        to: row.to_address,
        replyTo: row.reply_to ?? undefined,
        subject: row.subject,
        html: row.html,
        text: row.text,
        attachments: row.attachments ?? undefined,
      });
      await db.execute(
        sql`update mail_outbox set status = 'sent', sent_at = now(), locked_until = null, last_error = null where id = ${row.id}`,
      );
      sent++;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const giveUp = row.attempts >= maxMailAttempts;
      await db.execute(sql`
        update mail_outbox set status = ${giveUp ? "failed" : "pending"}, locked_until = null,
          last_error = ${message.slice(0, 500)},
          next_attempt_at = now() + make_interval(secs => ${retryDelaySeconds(row.attempts)})
        where id = ${row.id}`);
      log.warn(
        { mailId: row.id, attempts: row.attempts, err: message },
        giveUp ? "mail failed for good" : "mail delivery failed, will retry",
      );
    }
  }
  return sent;
}

export interface MailWorker {
  /** Runs one delivery pass now (tests, and after queueing so mail leaves at once). */
  runOnce(): Promise<number>;
  /** Polls the outbox every `intervalMs` until stopped. */
  start(intervalMs: number): void;
  /** Stops polling, waits for a pass in progress and closes the transport. */
  stop(): Promise<void>;
}

/** The outbox sender; it polls only once started (jobs.ts decides when). */
export function createMailWorker(options: {
  db: Db;
  transport: MailTransport;
  from: string;
  log: FastifyBaseLogger;
}): MailWorker {
  let running: Promise<number> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  const runOnce = async () => {
    if (running) return running;
    running = deliverDueMail(options.db, options.transport, options.from, options.log)
      .catch((error) => {
        options.log.error({ err: error }, "mail worker pass failed");
        return 0;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  return {
    runOnce,
    start(intervalMs) {
      if (timer || stopped) return;
      timer = setInterval(() => {
        if (!stopped) void runOnce();
      }, intervalMs);
      timer.unref();
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      if (timer) clearInterval(timer);
      if (running) await running;
      options.transport.close();
    },
  };
}
