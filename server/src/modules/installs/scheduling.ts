import { storeTimeZone } from "@mcf/contracts/business";
import { type AppointmentKind, acclimationDays } from "@mcf/contracts/installs";
import { type JobFlooringType, jobFlooringLabels } from "@mcf/contracts/installs-options";
import { and, eq, gt, isNull, lt } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import {
  installAppointments,
  installCrews,
  installCrewTimeOff,
  installJobs,
} from "../../db/schema/installs.ts";
import { conflict, invalid } from "../../errors.ts";

/** Appointments are shown and explained in the store's own time zone. */

const dayAndTime = new Intl.DateTimeFormat("en-US", {
  timeZone: storeTimeZone,
  weekday: "short",
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
});
const timeOnly = new Intl.DateTimeFormat("en-US", {
  timeZone: storeTimeZone,
  hour: "numeric",
  minute: "2-digit",
});
const dayOnly = new Intl.DateTimeFormat("en-US", {
  timeZone: storeTimeZone,
  weekday: "short",
  month: "short",
  day: "numeric",
});

export const formatVisitStart = (date: Date) => dayAndTime.format(date);
export const formatVisitDay = (date: Date) => dayOnly.format(date);
export const formatVisitEnd = (date: Date) => timeOnly.format(date);

export interface VisitRequest {
  crew_id: number;
  starts_at: Date;
  ends_at: Date;
}

const dayMs = 24 * 60 * 60 * 1000;

/**
 * The earliest moment an install may start: the materials rest in the home for the flooring's
 * acclimation days after they were delivered or picked up.
 */
export function earliestInstall(flooring: JobFlooringType, receivedAt: Date): Date {
  return new Date(receivedAt.getTime() + acclimationDays[flooring] * dayMs);
}

/** Refuses (422) an install before the materials arrived or before they have acclimated. */
export function checkAcclimation(
  flooring: JobFlooringType,
  receivedAt: Date | null,
  startsAt: Date,
): void {
  if (!receivedAt)
    throw invalid("The install date can be set once the materials are delivered or picked up");
  const earliest = earliestInstall(flooring, receivedAt);
  if (startsAt < earliest) {
    const days = acclimationDays[flooring];
    throw invalid(
      `${jobFlooringLabels[flooring]} must acclimate ${days} ${days === 1 ? "day" : "days"} in the home after the materials arrived (${formatVisitStart(receivedAt)}): the earliest install is ${formatVisitStart(earliest)}`,
    );
  }
}

/**
 * Books a crew for a job's visit inside the caller's transaction, replacing the job's earlier
 * visit of the same kind. A visit must start in the future, and a crew is never booked for two
 * visits that overlap: the crew's row is locked first, so two staff booking the same slot at
 * once take turns and the second sees the first's booking and gets a 409 naming it.
 */
export async function bookVisit(
  tx: Tx,
  jobId: number,
  kind: AppointmentKind,
  visit: VisitRequest,
  now = new Date(),
  bookedBy: "staff" | "customer" = "staff",
): Promise<typeof installAppointments.$inferSelect> {
  if (visit.starts_at <= now) throw invalid("The visit must start in the future");
  const [crew] = await tx
    .select()
    .from(installCrews)
    .where(eq(installCrews.id, visit.crew_id))
    .for("update");
  if (!crew) throw invalid(`Crew ${visit.crew_id} does not exist`);
  await tx
    .update(installAppointments)
    .set({ cancelled_at: now })
    .where(
      and(
        eq(installAppointments.job_id, jobId),
        eq(installAppointments.kind, kind),
        isNull(installAppointments.cancelled_at),
      ),
    );
  const [clash] = await tx
    .select({
      starts_at: installAppointments.starts_at,
      ends_at: installAppointments.ends_at,
      customer: installJobs.customer_name,
    })
    .from(installAppointments)
    .innerJoin(installJobs, eq(installJobs.id, installAppointments.job_id))
    .where(
      and(
        eq(installAppointments.crew_id, crew.id),
        isNull(installAppointments.cancelled_at),
        lt(installAppointments.starts_at, visit.ends_at),
        gt(installAppointments.ends_at, visit.starts_at),
      ),
    )
    .limit(1);
  if (clash)
    throw conflict(
      `${crew.name} is already booked on ${formatVisitDay(clash.starts_at)} from ${timeOnly.format(clash.starts_at)} to ${timeOnly.format(clash.ends_at)} (${clash.customer}). Choose another time or crew.`,
    );
  // A day off or a blocked time is the crew's as much as a visit is: customers are never offered
  // one, and staff may not book over it either.
  const [off] = await tx
    .select({ starts_at: installCrewTimeOff.starts_at, reason: installCrewTimeOff.reason })
    .from(installCrewTimeOff)
    .where(
      and(
        eq(installCrewTimeOff.crew_id, crew.id),
        lt(installCrewTimeOff.starts_at, visit.ends_at),
        gt(installCrewTimeOff.ends_at, visit.starts_at),
      ),
    )
    .limit(1);
  if (off)
    throw conflict(
      `${crew.name} is off on ${formatVisitDay(off.starts_at)}${off.reason ? ` (${off.reason})` : ""}. Choose another time or crew.`,
    );
  const [row] = await tx
    .insert(installAppointments)
    .values({
      job_id: jobId,
      kind,
      booked_by: bookedBy,
      crew_id: crew.id,
      starts_at: visit.starts_at,
      ends_at: visit.ends_at,
    })
    .returning();
  if (!row) throw new Error("appointment insert returned no row");
  return row;
}

/** Frees a job's crews (a cancelled job keeps no visits). */
export async function cancelVisits(tx: Tx, jobId: number, now = new Date()): Promise<void> {
  await tx
    .update(installAppointments)
    .set({ cancelled_at: now })
    .where(and(eq(installAppointments.job_id, jobId), isNull(installAppointments.cancelled_at)));
}

const weekdayNames = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"];
const weekdayOf = new Intl.DateTimeFormat("en-US", { timeZone: storeTimeZone, weekday: "long" });

/** "Mon-Fri" → [1..5], "Saturday" → [6], "Sat & Sun" → [6, 0]; unknown words name no day. */
function weekdaysIn(days: string): number[] {
  const found: number[] = [];
  for (const part of days.toLowerCase().split(/,|&|\band\b/)) {
    const [from, to] = part
      .split(/-|–|\bto\b/)
      .map((word) => weekdayNames.indexOf(word.trim().slice(0, 3)));
    if (from === undefined || from < 0) continue;
    if (to === undefined || to < 0) {
      found.push(from);
      continue;
    }
    for (let day = from; ; day = (day + 1) % 7) {
      found.push(day);
      if (day === to) break;
    }
  }
  return found;
}

/** The weekdays (0 = Sunday) the store's hours in Settings say "closed". */
export function closedWeekdays(hours: ReadonlyArray<{ days: string; time: string }>): number[] {
  return hours
    .filter((line) => line.time.trim().toLowerCase() === "closed")
    .flatMap((line) => weekdaysIn(line.days));
}

/**
 * Refuses (422) a visit on a day the store's hours in Settings say "closed" (in the store's time
 * zone): nobody is there to send a crew or answer the customer's call.
 */
export function checkShowroomOpen(
  startsAt: Date,
  hours: ReadonlyArray<{ days: string; time: string }>,
): void {
  const weekday = weekdayOf.format(startsAt);
  const index = weekdayNames.indexOf(weekday.slice(0, 3).toLowerCase());
  const closed = closedWeekdays(hours).includes(index);
  if (closed)
    throw invalid(
      `The store is closed on ${weekday}s (store hours in Settings): choose another day for the visit`,
    );
}
