import type {
  AdminJobDetail,
  calendarSchema,
  EstimateLineInput,
  JobCreate,
  jobListQuerySchema,
  jobListSchema,
} from "@mcf/contracts/installs";
import type { JobFlooringType } from "@mcf/contracts/installs-options";
import { jobStages } from "@mcf/contracts/installs-options";
import { and, asc, desc, eq, gte, ilike, isNull, lt, or, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import {
  installAppointments,
  installCrews,
  installEstimates,
  installJobs,
} from "../../db/schema/installs.ts";
import { conflict, invalid, notFound } from "../../errors.ts";
import { listMailByKey } from "../../mail/outbox.ts";
import { listAudit, writeAudit } from "../audit/audit.service.ts";
import { getInquiry } from "../leads/leads.service.ts";
import { getAdminOrder } from "../orders/orders.service.ts";
import { priceEstimate } from "./estimate-pricing.ts";
import { jobEmails, jobMailKeyPattern, queueJobEmail } from "./job-emails.ts";
import {
  activeAppointments,
  latestEstimate,
  lockJobById,
  moveJob,
  toAdminJob,
  toEstimate,
} from "./job-records.ts";
import { nextStage } from "./job-stages.ts";
import { newJobToken } from "./job-token.ts";
import {
  bookVisit,
  checkAcclimation,
  checkShowroomOpen,
  formatVisitStart,
  type VisitRequest,
} from "./scheduling.ts";

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
export { cancelJob, cancellationQuote } from "./job-cancellation.ts";
export { declineEstimate } from "./job-decline.ts";
export type { PaymentProvider } from "./job-payment-session.ts";

/** What the inquiry form's flooring choices mean for the install; "Not Sure" is staff's call. */
const flooringFromInquiry: Record<string, JobFlooringType> = {
  Hardwood: "solid_hardwood",
  Laminate: "laminate",
  LVP: "vinyl",
  Tile: "tile",
  Carpet: "carpet",
};

async function jobFieldsFrom(db: Db, input: JobCreate) {
  if (!("inquiry_id" in input)) return { ...input, inquiry_id: null, notes: input.notes ?? null };
  const inquiry = await getInquiry(db, input.inquiry_id);
  if (!inquiry) throw invalid(`Inquiry ${input.inquiry_id} does not exist`);
  const flooring =
    input.flooring_type ??
    inquiry.flooring_type.map((type) => flooringFromInquiry[type]).find(Boolean);
  if (!flooring) throw invalid("The inquiry does not name a flooring type: choose one for the job");
  return {
    inquiry_id: inquiry.id,
    customer_name: inquiry.name,
    customer_email: inquiry.email,
    customer_phone: inquiry.phone,
    address: inquiry.address,
    flooring_type: flooring,
    notes: inquiry.additional_notes,
  };
}

/**
 * Opens a job in stage "new" from an inquiry (its contact details and flooring) or from the
 * customer's details typed by staff, with a fresh secret token for the customer's page.
 * Throws 422 for an unknown inquiry, 409 when the inquiry already became a job.
 */
export async function createJob(db: Db, input: JobCreate, actor: string): Promise<AdminJobDetail> {
  const fields = await jobFieldsFrom(db, input);
  try {
    const id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(installJobs)
        .values({ ...fields, token: newJobToken() })
        .returning();
      if (!row) throw new Error("job insert returned no row");
      await writeAudit(tx, {
        actor,
        action: "job.create",
        entityType: "job",
        entityId: row.id,
        after: {
          stage: row.stage,
          note: fields.inquiry_id
            ? `Created from inquiry #${fields.inquiry_id}`
            : "Created by staff",
        },
      });
      return row.id;
    });
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
 * the email telling the customer when, where and what to prepare.
 */
export async function scheduleMeasure(
  db: Db,
  id: number,
  visit: VisitRequest,
  options: { publicUrl: string; hours: ReadonlyArray<{ days: string; time: string }> },
  actor: string,
) {
  checkShowroomOpen(visit.starts_at, options.hours);
  await db.transaction(async (tx) => {
    const job = await lockJobById(tx, id);
    // Refuse a move the stage table does not allow before any crew is booked.
    nextStage("scheduleMeasure", job.stage);
    const booked = await bookVisit(tx, id, "measure", visit);
    const moved = await moveJob(tx, job, "scheduleMeasure", {
      actor,
      note: `Measure visit booked for ${formatVisitStart(booked.starts_at)}`,
    });
    await queueJobEmail(tx, moved, jobEmails.measureScheduled(moved, booked, options.publicUrl));
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

export async function listCrews(db: Db) {
  return db
    .select({ id: installCrews.id, name: installCrews.name })
    .from(installCrews)
    .orderBy(asc(installCrews.name));
}

/** Adds a crew. Throws 409 when a crew already has the name. */
export async function createCrew(db: Db, name: string) {
  try {
    const [row] = await db
      .insert(installCrews)
      .values({ name })
      .returning({ id: installCrews.id, name: installCrews.name });
    if (!row) throw new Error("crew insert returned no row");
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(`A crew is already called "${name}"`);
    throw error;
  }
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
      id: installAppointments.id,
      kind: installAppointments.kind,
      crew_id: installAppointments.crew_id,
      crew_name: installCrews.name,
      starts_at: installAppointments.starts_at,
      ends_at: installAppointments.ends_at,
      job_id: installAppointments.job_id,
      customer_name: installJobs.customer_name,
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
  return {
    week_start: start.toISOString().slice(0, 10),
    crews: await listCrews(db),
    appointments: rows.map((row) => ({
      ...row,
      starts_at: row.starts_at.toISOString(),
      ends_at: row.ends_at.toISOString(),
    })),
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
    .where(sql`lower(${installJobs.customer_email}) = lower(${email.trim()})`)
    .orderBy(desc(installJobs.created_at), desc(installJobs.id))
    .limit(50);
  return rows.map((row) => ({
    id: row.id,
    stage: row.stage,
    created_at: row.created_at.toISOString(),
    url: `/installation/jobs/${row.token}`,
  }));
}
