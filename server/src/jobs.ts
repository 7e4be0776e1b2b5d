import { defaultReviewSettings, type StoreSettings } from "@mcf/contracts/store-settings";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "./config.ts";
import type { Db } from "./db/client.ts";
import type { MailTransport } from "./mail/transport.ts";
import { createMailWorker, type MailWorker } from "./mail/worker.ts";
import { queueMeasureReminders } from "./modules/installs/installs.service.ts";
import {
  expireOverduePayments,
  type OrderMetricsHook,
  queueDueSampleFollowUps,
} from "./modules/orders/orders.service.ts";
import { deleteExpiredIdempotencyKeys } from "./modules/payments/payments.service.ts";
import { queueDueReviewRequests } from "./modules/reviews/reviews.service.ts";

/** How often unpaid orders past their payment window are cancelled and their stock returned. */
const paymentSweepIntervalMs = 60_000;
/** How often delivered sample orders are looked at for their follow-up email (days matter, not minutes). */
const sampleFollowUpIntervalMs = 15 * 60_000;

/**
 * Every background job of the store, in one place: the mail outbox sender, the payment-expiry
 * sweeper, the sample follow-up emails, the measure-visit reminders and the review request emails (new jobs go here too). Created stopped; `start()` sets their timers going, `stop()`
 * ends them and waits for work in progress. Tests leave them stopped and run a pass on demand.
 */
export interface Jobs {
  /** Null when no SMTP server is configured: mail then stays in the outbox. */
  mail: MailWorker | null;
  /** One payment-expiry sweep now; returns how many orders it expired. */
  sweepExpiredPayments(now?: Date): Promise<number>;
  /** One pass of the sample follow-up emails now; returns how many it queued. */
  queueSampleFollowUps(now?: Date): Promise<number>;
  /** One pass of the review request emails now; returns how many it queued. */
  queueReviewRequests(now?: Date): Promise<number>;
  /** One pass of the measure-visit reminders (the day before) now; returns how many it queued. */
  queueMeasureReminders(now?: Date): Promise<number>;
  start(): void;
  stop(): Promise<void>;
}

export function createJobs(options: {
  config: Config;
  db: Db;
  /** The SMTP transport; null sends no mail. */
  transport: MailTransport | null;
  log: FastifyBaseLogger;
  /** The app's order counters: payments the sweep expires are counted there. */
  metrics?: OrderMetricsHook;
  /** Reads the store settings as last saved, so the emails a pass writes name the store so. */
  freshSettings?: () => Promise<StoreSettings | undefined>;
}): Jobs {
  const { config, db, log } = options;
  const freshSettings = options.freshSettings ?? (async () => undefined);
  const mail = options.transport
    ? createMailWorker({ db, transport: options.transport, from: config.mailFrom, log })
    : null;
  let sweepTimer: NodeJS.Timeout | null = null;
  let sweeping: Promise<number> | null = null;
  let followUpTimer: NodeJS.Timeout | null = null;
  let followingUp: Promise<number> | null = null;

  const queueSampleFollowUps = async (now?: Date) => {
    // The follow-up delay is a business number in Settings; its variable only seeds it.
    const settings = await freshSettings();
    return queueDueSampleFollowUps(db, {
      publicUrl: config.publicUrl,
      followUpDays: settings?.business_numbers.sample_follow_up_days ?? config.samples.followUpDays,
      now,
    });
  };

  // The delay after delivery is the owner's, in Settings (7 days until changed).
  const queueReviewRequests = async (now?: Date) => {
    const settings = await freshSettings();
    return queueDueReviewRequests(db, {
      publicUrl: config.publicUrl,
      days: settings?.reviews.request_days ?? defaultReviewSettings.request_days,
      now,
    });
  };
  // Each reminder has its outbox key, so passes in several processes still send it once.
  const remindMeasureVisits = (now?: Date) =>
    queueMeasureReminders(db, { publicUrl: config.publicUrl, now });

  // Idempotency keys last as long as their payment sessions: they go in the same sweep.
  const sweepExpiredPayments = async (now?: Date) => {
    await freshSettings();
    const expired = await expireOverduePayments(db, now, undefined, options.metrics);
    await deleteExpiredIdempotencyKeys(db, now);
    return expired;
  };

  return {
    mail,
    sweepExpiredPayments,
    queueSampleFollowUps,
    queueReviewRequests,
    queueMeasureReminders: remindMeasureVisits,
    start() {
      mail?.start(config.mailPollMs);
      if (!followUpTimer) {
        followUpTimer = setInterval(() => {
          if (followingUp) return;
          // The "days after" emails and the visit reminders: one timer runs the passes in turn.
          followingUp = Promise.all([queueSampleFollowUps(), remindMeasureVisits()])
            .then(([followUps, reminders]) => followUps + reminders)
            .catch((error) => {
              log.error({ err: error }, "follow-up and reminder pass failed");
              return 0;
            })
            .then(() => queueReviewRequests())
            .catch((error) => {
              log.error({ err: error }, "review request pass failed");
              return 0;
            })
            .finally(() => {
              followingUp = null;
            });
        }, sampleFollowUpIntervalMs);
        followUpTimer.unref();
      }
      if (sweepTimer) return;
      sweepTimer = setInterval(() => {
        if (sweeping) return;
        sweeping = sweepExpiredPayments()
          .catch((error) => {
            log.error({ err: error }, "payment expiry sweep failed");
            return 0;
          })
          .finally(() => {
            sweeping = null;
          });
      }, paymentSweepIntervalMs);
      sweepTimer.unref();
    },
    async stop() {
      if (sweepTimer) clearInterval(sweepTimer);
      sweepTimer = null;
      if (followUpTimer) clearInterval(followUpTimer);
      followUpTimer = null;
      await sweeping;
      await followingUp;
      await mail?.stop();
    },
  };
}
