import type { CrewHours, TimeOff } from "@mcf/contracts/booking";
import type {
  AdminJobDetail,
  calendarSchema,
  EstimateLineInput,
  JobCreate,
  jobListQuerySchema,
  jobListSchema,
} from "@mcf/contracts/installs";
import { jobStages } from "@mcf/contracts/installs-options";
import { and, asc, desc, eq, gt, gte, ilike, isNull, lt, or, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import {
  installAppointments,
  installCrews,
  installCrewTimeOff,
  installEstimates,
  installJobs,
} from "../../db/schema/installs.ts";
import { conflict, invalid, notFound } from "../../errors.ts";
import { listMailByKey } from "../../mail/outbox.ts";
import { auditChanges, listAudit, writeAudit } from "../audit/audit.service.ts";
import { getInquiry } from "../leads/leads.service.ts";
import { getAdminOrder } from "../orders/orders.service.ts";
import { priceEstimate } from "./estimate-pricing.ts";
import { jobEmails, jobMailKeyPattern, queueJobEmail } from "./job-emails.ts";
import { insertJobIn, jobFieldsFrom } from "./job-fields.ts";
import {
  activeAppointments,
  appointmentColumns,
  latestEstimate,
  lockJobById,
  moveJob,
  toAdminJob,
  toAppointment,
  toEstimate,
} from "./job-records.ts";
import { nextStage } from "./job-stages.ts";
import { addDays, clockOf, minuteOf, storeInstant } from "./measure-slots.ts";
import { bookMeasureIn } from "./measure-visit.ts";
import { bookVisit, checkAcclimation, formatVisitStart, type VisitRequest } from "./scheduling.ts";

export { cancellationPolicyOf } from "./cancellation-policy.ts";
export {
  acceptEstimate,
  customerInstallIcs,
  getCustomerJob,
  recordJobPayment,
  requestAnotherDate,
  startBalance,
  startDeposit,
} from "./customer-jobs.ts";

import { sameEmail } from "../../db/same-email.ts";

export { cancelJob, cancellationQuote } from "./job-cancellation.ts";
export { declineEstimate } from "./job-decline.ts";
export { jobPagePath, type PaymentProvider } from "./job-payment-session.ts";
export { queueMeasureReminders } from "./measure-booking.ts";

/**
 * Opens a job in stage "new" from an inquiry (its contact details and flooring) or from the
 * customer's details typed by staff, with a fresh secret token for the customer's page.
 * Throws 422 for an unknown inquiry, 409 when the inquiry already became a job.
 */
export async function createJob(db: Db, input: JobCreate, actor: string): Promise<AdminJobDetail> {
  const fields = await jobFieldsFrom(db, input);
  try {
    const id = await db.transaction(async (tx) => (await insertJobIn(tx, fields, actor)).id);
    return getJobDetail(db, id);
  } catch (error) {
    if (isUniqueViolation(error) && fields.inquiry_id)
      throw conflict(`Inquiry ${fields.inquiry_id} is already a job`);
    throw error;
  }
}

type JobListQuery = z.infer<typeof jobListQuerySchema>;

/** Jobs newest first, by stage and search, with how many jobs each stage holds. */
export async function listJobs(
  db: Db,
  query: JobListQuery,
): Promise<z.infer<typeof jobListSchema>> {
  const pattern = query.q ? `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const rows = await db
    .select()
    .from(installJobs)
    .where(
      and(
        query.stage ? eq(installJobs.stage, query.stage) : undefined,
        pattern
          ? or(
              ilike(installJobs.customer_name, pattern),
              ilike(installJobs.customer_email, pattern),
              ilike(installJobs.customer_phone, pattern),
              ilike(installJobs.address, pattern),
            )
          : undefined,
      ),
    )
    .orderBy(desc(installJobs.created_at), desc(installJobs.id))
    .limit(500);
  const grouped = await db
    .select({ stage: installJobs.stage, count: sql<number>`count(*)::int` })
    .from(installJobs)
    .groupBy(installJobs.stage);
  const counts: Record<string, number> = Object.fromEntries(jobStages.map((s) => [s, 0]));
  for (const row of grouped) counts[row.stage] = Number(row.count);
  return { jobs: rows.map(toAdminJob), counts };
}

/** One job with its newest estimate, its booked visits and its timeline (oldest first). */
export async function getJobDetail(db: Db, id: number): Promise<AdminJobDetail> {
  const [row] = await db.select().from(installJobs).where(eq(installJobs.id, id));
  if (!row) throw notFound("Job not found");
  const estimate = await latestEstimate(db, id);
  const entries = await listAudit(db, {
    entity_type: "job",
    entity_id: String(id),
    limit: 200,
    offset: 0,
  });
  return {
    job: toAdminJob(row),
    estimate: estimate ? toEstimate(estimate) : null,
    appointments: await activeAppointments(db, id),
    timeline: entries.reverse().map((entry) => ({
      action: entry.action,
      actor: entry.actor,
      detail: String((entry.after as { note?: unknown } | null)?.note ?? entry.action),
      created_at: entry.created_at,
    })),
    inquiry: row.inquiry_id ? await getInquiry(db, row.inquiry_id) : null,
    deposit_order: row.deposit_order_id ? await getAdminOrder(db, row.deposit_order_id) : null,
    balance_order: row.balance_order_id ? await getAdminOrder(db, row.balance_order_id) : null,
    messages: await listMailByKey(db, jobMailKeyPattern(id)),
  };
}

/**
 * Books (or moves) the measure visit on a day the store is open: stage "measure scheduled" and
 * the email telling the customer when, where and what to prepare (the rule customers booking
 * online go through too).
 */
export async function scheduleMeasure(
  db: Db,
  id: number,
  visit: VisitRequest,
  options: {
    publicUrl: string;
    hours: ReadonlyArray<{ days: string; time: string }>;
    changeCutoffHours?: number;
  },
  actor: string,
) {
  await db.transaction(async (tx) => {
    const job = await lockJobById(tx, id);
    await bookMeasureIn(tx, job, visit, {
      publicUrl: options.publicUrl,
      hours: options.hours,
      changeCutoffHours: options.changeCutoffHours ?? 24,
      actor,
      bookedBy: "staff",
    });
  });
  return getJobDetail(db, id);
}

/**
 * Prices and sends a new estimate version (1, 2, ...): stage "estimate sent" and the
 * "estimate ready" email. A revision replaces what the customer sees; an acceptance names the
 * version it accepted.
 */
export async function sendEstimate(
  db: Db,
  id: number,
  lines: EstimateLineInput[],
  options: { depositPercent: number; publicUrl: string; materialsTaxRate?: number },
  actor: string,
) {
  await db.transaction(async (tx) => {
    const job = await lockJobById(tx, id);
    const totals = await priceEstimate(tx, lines, options.depositPercent, options.materialsTaxRate);
    const version = ((await latestEstimate(tx, id))?.version ?? 0) + 1;
    const moved = await moveJob(tx, job, "sendEstimate", {
      actor,
      note: `Estimate version ${version} sent`,
    });
    await tx.insert(installEstimates).values({
      job_id: id,
      version,
      lines: totals.lines,
      labour_subtotal_cents: totals.labourSubtotalCents,
      materials_subtotal_cents: totals.materialsSubtotalCents,
      tax_cents: totals.taxCents,
      total_cents: totals.totalCents,
      deposit_cents: totals.depositCents,
      deposit_percent: totals.depositPercent,
    });
    await queueJobEmail(
      tx,
      moved,
      jobEmails.estimateReady(moved, version, totals.totalCents, options.publicUrl),
    );
  });
  return getJobDetail(db, id);
}

/** Records when the materials reached the home (delivered or picked up): "materials ready". */
export async function markMaterialsReady(
  db: Db,
  id: number,
  actor: string,
  receivedAt = new Date(),
) {
  if (receivedAt.getTime() > Date.now() + 60_000)
    throw invalid("The materials cannot have arrived in the future");
  await db.transaction(async (tx) => {
    const job = await lockJobById(tx, id);
    await moveJob(tx, job, "materialsReady", {
      actor,
      note: `Materials delivered or picked up ${formatVisitStart(receivedAt)}`,
      changes: { materials_received_at: receivedAt },
    });
  });
  return getJobDetail(db, id);
}

/**
 * Books (or moves) the install once the materials have acclimated for the flooring's days:
 * stage "install scheduled" and the install-date email.
 */
export async function scheduleInstall(
  db: Db,
  id: number,
  visit: VisitRequest,
  options: { publicUrl: string },
  actor: string,
) {
  await db.transaction(async (tx) => {
    const job = await lockJobById(tx, id);
    nextStage("scheduleInstall", job.stage);
    checkAcclimation(job.flooring_type, job.materials_received_at, visit.starts_at);
    const booked = await bookVisit(tx, id, "install", visit);
    const moved = await moveJob(tx, job, "scheduleInstall", {
      actor,
      note: `Install booked for ${formatVisitStart(booked.starts_at)}`,
    });
    await queueJobEmail(tx, moved, jobEmails.installScheduled(moved, booked, options.publicUrl));
  });
  return getJobDetail(db, id);
}

/** The install is done: stage "completed" and the thank-you email asking for a review. */
export async function completeJob(
  db: Db,
  id: number,
  options: { publicUrl: string },
  actor: string,
) {
  await db.transaction(async (tx) => {
    const job = await lockJobById(tx, id);
    const moved = await moveJob(tx, job, "complete", { note: "Installation completed", actor });
    await queueJobEmail(tx, moved, jobEmails.completed(moved, options.publicUrl));
  });
  return getJobDetail(db, id);
}

const crewColumns = {
  id: installCrews.id,
  name: installCrews.name,
  work_start_minute: installCrews.work_start_minute,
  work_end_minute: installCrews.work_end_minute,
  work_days: installCrews.work_days,
};

function toCrew(row: {
  id: number;
  name: string;
  work_start_minute: number;
  work_end_minute: number;
  work_days: number[];
}) {
  return {
    id: row.id,
    name: row.name,
    work_start: clockOf(row.work_start_minute),
    work_end: clockOf(row.work_end_minute),
    work_days: [...row.work_days].sort((a, b) => a - b),
  };
}

export async function listCrews(db: Db) {
  const rows = await db.select(crewColumns).from(installCrews).orderBy(asc(installCrews.name));
  return rows.map(toCrew);
}

/** Adds a crew (working 8:00 to 17:00, Monday to Friday). Throws 409 when the name is taken. */
export async function createCrew(db: Db, name: string) {
  try {
    const [row] = await db.insert(installCrews).values({ name }).returning(crewColumns);
    if (!row) throw new Error("crew insert returned no row");
    return toCrew(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(`A crew is already called "${name}"`);
    throw error;
  }
}

/**
 * Sets a crew's working hours and weekdays: the slots customers are offered follow them. The
 * change is written to the audit log with the staff member who made it.
 */
export async function setCrewHours(db: Db, id: number, hours: CrewHours, actor: string) {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select(crewColumns)
      .from(installCrews)
      .where(eq(installCrews.id, id))
      .for("update");
    if (!current) throw notFound("Crew not found");
    const [row] = await tx
      .update(installCrews)
      .set({
        work_start_minute: minuteOf(hours.work_start),
        work_end_minute: minuteOf(hours.work_end),
        work_days: [...new Set(hours.work_days)],
        updated_at: new Date(),
      })
      .where(eq(installCrews.id, id))
      .returning(crewColumns);
    if (!row) throw notFound("Crew not found");
    const crew = toCrew(row);
    await auditChanges(tx, {
      action: "crew.hours",
      entityType: "crew",
      entityId: id,
      before: toCrew(current),
      after: crew,
      actor,
    });
    return crew;
  });
}

const toTimeOff = (row: typeof installCrewTimeOff.$inferSelect): TimeOff => ({
  id: row.id,
  crew_id: row.crew_id,
  starts_at: row.starts_at.toISOString(),
  ends_at: row.ends_at.toISOString(),
  reason: row.reason,
});

/** A crew's days off and blocked times from today on, soonest first. */
export async function listTimeOff(db: Db, crewId: number, now = new Date()): Promise<TimeOff[]> {
  const rows = await db
    .select()
    .from(installCrewTimeOff)
    .where(and(eq(installCrewTimeOff.crew_id, crewId), gte(installCrewTimeOff.ends_at, now)))
    .orderBy(asc(installCrewTimeOff.starts_at));
  return rows.map(toTimeOff);
}

/**
 * Adds a crew's day off (a whole date, store time) or blocked time: no slot is offered inside
 * it. Visits already booked there stay; staff move them.
 */
export async function addTimeOff(
  db: Db,
  crewId: number,
  input: {
    date?: string | undefined;
    starts_at?: Date | undefined;
    ends_at?: Date | undefined;
    reason?: string | undefined;
  },
  actor: string,
): Promise<TimeOff> {
  const startsAt = input.date ? storeInstant(input.date, 0) : input.starts_at;
  const endsAt = input.date ? storeInstant(addDays(input.date, 1), 0) : input.ends_at;
  return db.transaction(async (tx) => {
    const [crew] = await tx
      .select({ id: installCrews.id })
      .from(installCrews)
      .where(eq(installCrews.id, crewId));
    if (!crew) throw notFound("Crew not found");
    if (!startsAt || !endsAt || endsAt <= startsAt)
      throw invalid("Give a day off, or a blocked time that ends after it starts");
    const [row] = await tx
      .insert(installCrewTimeOff)
      .values({
        crew_id: crewId,
        starts_at: startsAt,
        ends_at: endsAt,
        reason: input.reason || null,
      })
      .returning();
    if (!row) throw new Error("time off insert returned no row");
    const timeOff = toTimeOff(row);
    await writeAudit(tx, {
      action: input.date ? "crew.day_off" : "crew.blocked_time",
      entityType: "crew",
      entityId: crewId,
      after: timeOffFields(timeOff, input.date),
      actor,
    });
    return timeOff;
  });
}

/** What the audit log keeps of a day off or blocked time. */
function timeOffFields(timeOff: TimeOff, date?: string) {
  return {
    ...(date ? { day_off: date } : {}),
    starts_at: timeOff.starts_at,
    ends_at: timeOff.ends_at,
    reason: timeOff.reason,
  };
}

/** Removes a crew's day off or blocked time; the audit log keeps what was removed. */
export async function removeTimeOff(
  db: Db,
  crewId: number,
  id: number,
  actor: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(installCrewTimeOff)
      .where(and(eq(installCrewTimeOff.id, id), eq(installCrewTimeOff.crew_id, crewId)))
      .returning();
    if (!removed) throw notFound("That time off does not exist");
    await writeAudit(tx, {
      action: "crew.time_off_removed",
      entityType: "crew",
      entityId: crewId,
      before: timeOffFields(toTimeOff(removed)),
      actor,
    });
  });
}

/** Monday 00:00 UTC of the week holding `day` (YYYY-MM-DD), or of this week. */
function weekStartOf(day: string | undefined): Date {
  const date = day ? new Date(`${day}T00:00:00Z`) : new Date();
  if (Number.isNaN(date.getTime())) throw invalid("The week must be a real date");
  const monday = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
  return monday;
}

/** Every booked visit of one week, per crew, for the calendar. */
export async function weekCalendar(
  db: Db,
  day: string | undefined,
): Promise<z.infer<typeof calendarSchema>> {
  const start = weekStartOf(day);
  const end = new Date(start.getTime() + 7 * 24 * 60 * 60 * 1000);
  const rows = await db
    .select({
      ...appointmentColumns,
      job_id: installAppointments.job_id,
      customer_name: installJobs.customer_name,
      booked_by: installAppointments.booked_by,
    })
    .from(installAppointments)
    .innerJoin(installCrews, eq(installCrews.id, installAppointments.crew_id))
    .innerJoin(installJobs, eq(installJobs.id, installAppointments.job_id))
    .where(
      and(
        isNull(installAppointments.cancelled_at),
        lt(installAppointments.starts_at, end),
        gte(installAppointments.ends_at, start),
      ),
    )
    .orderBy(asc(installAppointments.starts_at));
  const timeOff = await db
    .select()
    .from(installCrewTimeOff)
    .where(and(lt(installCrewTimeOff.starts_at, end), gt(installCrewTimeOff.ends_at, start)))
    .orderBy(asc(installCrewTimeOff.starts_at));
  return {
    week_start: start.toISOString().slice(0, 10),
    crews: await listCrews(db),
    appointments: rows.map(toAppointment),
    time_off: timeOff.map(toTimeOff),
  };
}

/**
 * The installation jobs of a customer's (verified) email, newest first, each with its customer
 * page: what a shopper's account lists.
 */
export async function listJobsByEmail(
  db: Db,
  email: string,
): Promise<Array<{ id: number; stage: string; created_at: string; url: string }>> {
  const rows = await db
    .select({
      id: installJobs.id,
      stage: installJobs.stage,
      token: installJobs.token,
      created_at: installJobs.created_at,
    })
    .from(installJobs)
    .where(sameEmail(installJobs.customer_email, email))
    .orderBy(desc(installJobs.created_at), desc(installJobs.id))
    .limit(50);
  return rows.map((row) => ({
    id: row.id,
    stage: row.stage,
    created_at: row.created_at.toISOString(),
    url: `/installation/jobs/${row.token}`,
  }));
}
