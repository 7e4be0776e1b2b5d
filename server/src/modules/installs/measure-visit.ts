import type { Tx } from "../../db/client.ts";
import { jobEmails, queueJobEmail } from "./job-emails.ts";
import { type JobRow, moveJob } from "./job-records.ts";
import { nextStage } from "./job-stages.ts";
import { bookVisit, checkShowroomOpen, formatVisitStart, type VisitRequest } from "./scheduling.ts";

export interface MeasureBookingOptions {
  publicUrl: string;
  hours: ReadonlyArray<{ days: string; time: string }>;
  /** Until how many hours before the visit its link may move or cancel it (the email says so). */
  changeCutoffHours: number;
  actor: string;
  bookedBy: "staff" | "customer";
}

/**
 * The one rule for booking (or moving) a job's measure visit, whoever books it, inside the
 * caller's transaction on a locked job: the store is open that day, the stage table allows it,
 * the crew is free (its row locked, no overlapping visit), the job moves to "measure scheduled"
 * with a timeline entry naming who booked, and the confirmation email with its calendar entry
 * is queued.
 */
export async function bookMeasureIn(
  tx: Tx,
  job: JobRow,
  visit: VisitRequest,
  options: MeasureBookingOptions,
) {
  checkShowroomOpen(visit.starts_at, options.hours);
  // Refuse a move the stage table does not allow before any crew is booked.
  nextStage("scheduleMeasure", job.stage);
  const booked = await bookVisit(tx, job.id, "measure", visit, new Date(), options.bookedBy);
  const moved = await moveJob(tx, job, "scheduleMeasure", {
    actor: options.actor,
    note:
      options.bookedBy === "customer"
        ? `Measure visit booked online by the customer for ${formatVisitStart(booked.starts_at)}`
        : `Measure visit booked for ${formatVisitStart(booked.starts_at)}`,
  });
  await queueJobEmail(
    tx,
    moved,
    jobEmails.measureScheduled(moved, booked, options.publicUrl, options.changeCutoffHours),
  );
  return { job: moved, visit: booked };
}
