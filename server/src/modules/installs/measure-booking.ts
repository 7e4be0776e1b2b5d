import type { BookedVisit, BookingCreated, Slot } from "@mcf/contracts/booking";
import type { projectInquiryRequestSchema } from "@mcf/contracts/leads";
import type { StoreSettings } from "@mcf/contracts/store-settings";
import { storeToday } from "@mcf/contracts/store-today";
import { and, eq, gt, inArray, isNull, lt } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { z } from "zod";
import type { Db, DbOrTx, Tx } from "../../db/client.ts";
import {
  installAppointments,
  installCrews,
  installCrewTimeOff,
  installJobs,
} from "../../db/schema/installs.ts";
import { AppError, conflict, forbidden, invalid } from "../../errors.ts";
import { storeIdentity } from "../../mail/store-identity.ts";
import {
  getInquiry,
  normalizeInquiry,
  recentInquiriesFrom,
  submitProjectInquiry,
} from "../leads/leads.service.ts";
import { jobEmails, queueJobEmail } from "./job-emails.ts";
import { insertJobIn, jobFieldsFromInquiry } from "./job-fields.ts";
import { findOpenJobByToken, type JobRow, moveJob } from "./job-records.ts";
import { addDays, type Busy, bookingWindow, measureSlots, storeInstant } from "./measure-slots.ts";
import { bookMeasureIn } from "./measure-visit.ts";
import { cancelVisits, closedWeekdays, formatVisitStart } from "./scheduling.ts";
import { appointmentIdOfRef, isSignedVisitRef, visitManageUrl, visitRef } from "./visit-link.ts";

type BookingInput = z.output<typeof projectInquiryRequestSchema> & {
  zip?: string | undefined;
  slot: { start: Date; crew_id: number };
};

export interface BookingContext {
  settings: StoreSettings;
  publicUrl: string;
  log?: FastifyBaseLogger;
  now?: Date;
}

/** How many free slots a "just taken" answer offers instead. */
const nextSlotCount = 6;
/** How long after an inquiry its sender's online booking attaches to it. */
const inquiryAttachMs = 24 * 60 * 60 * 1000;

// ---------------------------------------------------------------- where we measure

/** The five-digit ZIP code at the end of an address ("..., Birmingham, AL 35209"), or null. */
export function zipOfAddress(address: string): string | null {
  const found = address.match(/\b\d{5}(?:-\d{4})?\b/g);
  return found ? (found[found.length - 1]?.slice(0, 5) ?? null) : null;
}

/** Whether our crews measure and install at this ZIP code: the service area in Settings. */
export const isZipServed = (settings: StoreSettings, zip: string) =>
  settings.service_area_zips.includes(zip);

function checkZipServed(settings: StoreSettings, zip: string): void {
  if (!isZipServed(settings, zip))
    throw invalid(
      `We do not measure or install in ZIP code ${zip} yet. Call us at ${storeIdentity().phone} and we will tell you who can help.`,
    );
}

// ---------------------------------------------------------------- free slots

/**
 * What the slots depend on, read from the database for the booking window: the crews (one, when
 * `crewId` is given, inside a transaction that locked it), their time off and their booked visits.
 */
async function slotCalendar(db: DbOrTx, settings: StoreSettings, now: Date, crewId?: number) {
  const { from, to } = bookingWindow(settings.booking, now);
  const crews = await db
    .select({
      id: installCrews.id,
      work_start_minute: installCrews.work_start_minute,
      work_end_minute: installCrews.work_end_minute,
      work_days: installCrews.work_days,
    })
    .from(installCrews)
    .where(crewId === undefined ? undefined : eq(installCrews.id, crewId))
    .orderBy(installCrews.id);
  const crewIds = crews.map((crew) => crew.id);
  const margin = settings.booking.buffer_minutes * 60_000;
  const visits = crewIds.length
    ? await db
        .select({
          crew_id: installAppointments.crew_id,
          starts_at: installAppointments.starts_at,
          ends_at: installAppointments.ends_at,
        })
        .from(installAppointments)
        .where(
          and(
            inArray(installAppointments.crew_id, crewIds),
            isNull(installAppointments.cancelled_at),
            lt(installAppointments.starts_at, new Date(to.getTime() + margin)),
            gt(installAppointments.ends_at, new Date(from.getTime() - margin)),
          ),
        )
    : [];
  const timeOff = crewIds.length
    ? await db
        .select({
          crew_id: installCrewTimeOff.crew_id,
          starts_at: installCrewTimeOff.starts_at,
          ends_at: installCrewTimeOff.ends_at,
        })
        .from(installCrewTimeOff)
        .where(
          and(
            inArray(installCrewTimeOff.crew_id, crewIds),
            lt(installCrewTimeOff.starts_at, to),
            gt(installCrewTimeOff.ends_at, from),
          ),
        )
    : [];
  const busy: Busy[] = [
    ...visits.map((v) => ({ ...v, visit: true })),
    ...timeOff.map((t) => ({ ...t, visit: false })),
  ];
  return {
    rules: settings.booking,
    closedDays: settings.delivery_limits.closed_days,
    closedWeekdays: closedWeekdays(settings.hours),
    crews,
    busy,
  };
}

/** The free measure visits of the booking window at a served ZIP code (422 when not served). */
export async function listFreeSlots(
  db: DbOrTx,
  settings: StoreSettings,
  zip: string,
  now = new Date(),
): Promise<Slot[]> {
  checkZipServed(settings, zip);
  return measureSlots(await slotCalendar(db, settings, now), now);
}

/** The "just taken" answer: 409 with the next free slots to pick from. */
async function slotTaken(db: Db, settings: StoreSettings, detail: string): Promise<AppError> {
  const slots = (
    await measureSlots(await slotCalendar(db, settings, new Date()), new Date())
  ).slice(0, nextSlotCount);
  return new AppError("conflict", detail, { slots });
}

const takenDetail =
  "Sorry, that time was just taken. Please choose one of the next free times below.";

/**
 * Inside a transaction: locks the slot's crew, then checks the slot is one the rules offer and
 * still free. A slot in the past, or one never offered, is a 422; a taken one a 409 (the caller
 * answers it with the next free slots).
 */
async function claimSlot(
  tx: Tx,
  settings: StoreSettings,
  slot: { start: Date; crew_id: number },
  now: Date,
  ownVisitId?: number,
) {
  if (Number.isNaN(slot.start.getTime())) throw invalid("The slot must have a start date and time");
  if (slot.start <= now) throw invalid("That time has passed: please choose one of the free times");
  const [crew] = await tx
    .select({ id: installCrews.id })
    .from(installCrews)
    .where(eq(installCrews.id, slot.crew_id))
    .for("update");
  if (!crew) throw invalid("That crew does not exist: please choose one of the free times");
  const calendar = await slotCalendar(tx, settings, now, crew.id);
  // A visit being moved does not stand in its own way.
  if (ownVisitId !== undefined) {
    const [own] = await tx
      .select({ starts_at: installAppointments.starts_at })
      .from(installAppointments)
      .where(eq(installAppointments.id, ownVisitId));
    if (own)
      calendar.busy = calendar.busy.filter(
        (b) => !(b.visit && b.starts_at.getTime() === own.starts_at.getTime()),
      );
  }
  const start = slot.start.toISOString();
  const offered = measureSlots(calendar, now, { includeBusy: true }).find((s) => s.start === start);
  if (!offered)
    throw invalid(
      "That time is not one we offer: please choose one of the free times in the next weeks",
    );
  if (!measureSlots(calendar, now).some((s) => s.start === start)) throw conflict(takenDetail);
  return { crew_id: crew.id, starts_at: new Date(offered.start), ends_at: new Date(offered.end) };
}

// ---------------------------------------------------------------- booking

async function crewNameOf(db: DbOrTx, crewId: number): Promise<string> {
  const [crew] = await db
    .select({ name: installCrews.name })
    .from(installCrews)
    .where(eq(installCrews.id, crewId));
  return crew?.name ?? "Our crew";
}

function visitView(
  job: JobRow,
  visit: { starts_at: Date; ends_at: Date; cancelled_at: Date | null },
  crewName: string,
  settings: StoreSettings,
  now: Date,
): BookedVisit {
  const changeUntil = new Date(
    visit.starts_at.getTime() - settings.booking.change_cutoff_hours * 60 * 60 * 1000,
  );
  const cancelled = visit.cancelled_at !== null;
  return {
    start: visit.starts_at.toISOString(),
    end: visit.ends_at.toISOString(),
    crew_name: crewName,
    address: job.address,
    customer_name: job.customer_name,
    cancelled,
    change_until: changeUntil.toISOString(),
    can_change: !cancelled && job.stage === "measure_scheduled" && now < changeUntil,
  };
}

async function bookedAnswer(
  db: DbOrTx,
  job: JobRow,
  visit: typeof installAppointments.$inferSelect,
  context: BookingContext,
): Promise<BookingCreated> {
  const ref = visitRef(job.token, visit.id);
  return {
    token: job.token,
    job_url: `${context.publicUrl}/installation/jobs/${job.token}`,
    manage_url: visitManageUrl(context.publicUrl, ref),
    ref,
    visit: visitView(job, visit, await crewNameOf(db, visit.crew_id), context.settings, new Date()),
  };
}

/** Runs a booking transaction; a taken slot becomes the 409 with the next free slots. */
async function withSlotTaken<T>(db: Db, settings: StoreSettings, work: () => Promise<T>) {
  try {
    return await work();
  } catch (error) {
    // The crew lock makes the rules' check final; an overlap the visit rule still finds (it names
    // the other customer, which a visitor must not read) is answered the same way.
    const taken =
      error instanceof AppError &&
      error.code === "conflict" &&
      (error.message === takenDetail || error.message.includes(" is already booked on "));
    if (taken) throw await slotTaken(db, settings, takenDetail);
    throw error;
  }
}

/**
 * A booking by the customer, in one transaction: `pick` finds (or opens) the job and names the
 * visit the new one replaces, then the slot is claimed and the visit booked through the staff's
 * rule. A slot just taken is the 409 with the next free slots.
 */
function bookAsCustomer(
  db: Db,
  slot: { start: Date; crew_id: number },
  now: Date,
  context: BookingContext,
  pick: (tx: Tx) => Promise<{ job: JobRow; replaces?: number }>,
): Promise<BookingCreated> {
  const { settings } = context;
  return withSlotTaken(db, settings, () =>
    db.transaction(async (tx) => {
      const { job, replaces } = await pick(tx);
      const claimed = await claimSlot(tx, settings, slot, now, replaces);
      const booked = await bookMeasureIn(tx, job, claimed, {
        publicUrl: context.publicUrl,
        hours: settings.hours,
        changeCutoffHours: settings.booking.change_cutoff_hours,
        actor: "customer",
        bookedBy: "customer",
      });
      return bookedAnswer(tx, booked.job, booked.visit, context);
    }),
  );
}

/**
 * A visitor books a measure visit: the ZIP is served, the inquiry is the one they just sent (same
 * email and phone, within a day, not yet a job) or a new one (with its usual emails), and in one
 * transaction the job is opened from it and the visit booked through the staff's rule. When the
 * slot was just taken, nothing is booked (the inquiry stays, as a lead) and the answer is a 409
 * with the next free slots.
 */
export async function bookMeasureOnline(
  db: Db,
  input: BookingInput,
  context: BookingContext,
): Promise<BookingCreated> {
  const { settings } = context;
  const now = context.now ?? new Date();
  const zip = input.zip ?? zipOfAddress(input.address);
  if (!zip)
    throw invalid("Add your 5-digit ZIP code to the address, so we know where to send the crew");
  checkZipServed(settings, zip);
  if (input.slot.start <= now)
    throw invalid("That time has passed: please choose one of the free times");
  const fields = normalizeInquiry(input);
  const recent = await recentInquiriesFrom(db, fields, new Date(now.getTime() - inquiryAttachMs));
  const jobs = recent.length
    ? await db
        .select({ inquiry_id: installJobs.inquiry_id })
        .from(installJobs)
        .where(
          inArray(
            installJobs.inquiry_id,
            recent.map((r) => r.id),
          ),
        )
    : [];
  let inquiry = recent.find((r) => !jobs.some((job) => job.inquiry_id === r.id)) ?? null;
  const flooring = inquiry?.flooring_type.length ? inquiry.flooring_type : fields.flooring_type;
  if (!flooring.some((type) => type !== "Not Sure"))
    throw invalid(
      "Tell us which flooring you have in mind (you can change your mind at the measure visit)",
    );
  if (!inquiry) {
    const id = await submitProjectInquiry(
      db,
      fields,
      { staffEmail: settings.staff_email, publicUrl: context.publicUrl },
      context.log,
    );
    inquiry = await getInquiry(db, id);
    if (!inquiry) throw new Error("the inquiry just stored was not found");
  }
  const jobFields = jobFieldsFromInquiry({ ...inquiry, flooring_type: flooring });
  return bookAsCustomer(db, input.slot, now, context, async (tx) => ({
    job: await insertJobIn(
      tx,
      jobFields,
      "customer",
      `Created online from inquiry #${jobFields.inquiry_id}`,
    ),
  }));
}

/** From the customer's job page: books (or moves) the measure visit of their job. */
export async function bookMeasureForJob(
  db: Db,
  token: string,
  slot: { start: Date; crew_id: number },
  context: BookingContext,
): Promise<BookingCreated> {
  const now = context.now ?? new Date();
  const { settings } = context;
  return bookAsCustomer(db, slot, now, context, async (tx) => {
    const job = await findOpenJobByToken(tx, token, { forUpdate: true });
    const own = await activeMeasure(tx, job.id);
    if (own) assertVisitChangeable(job, own, settings, now);
    return { job, replaces: own?.id };
  });
}

// ---------------------------------------------------------------- the signed link

async function activeMeasure(db: DbOrTx, jobId: number) {
  const [row] = await db
    .select()
    .from(installAppointments)
    .where(
      and(
        eq(installAppointments.job_id, jobId),
        eq(installAppointments.kind, "measure"),
        isNull(installAppointments.cancelled_at),
      ),
    )
    .limit(1);
  return row ?? null;
}

const badLink = () =>
  forbidden(
    `This link is not valid: it may have been changed. Use the link in your latest email, or call us at ${storeIdentity().phone}.`,
  );

/** Customers move or cancel a visit online only until the change cut-off; 409 after it. */
function assertVisitChangeable(
  job: JobRow,
  visit: typeof installAppointments.$inferSelect,
  settings: StoreSettings,
  now: Date,
): void {
  if (!visitView(job, visit, "", settings, now).can_change)
    throw conflict(
      `Visits can be moved or cancelled online until ${settings.booking.change_cutoff_hours} hours before they start. Please call us at ${storeIdentity().phone}.`,
    );
}

/**
 * The job and visit a signed link names; 403 when the signature does not match. The visit the link
 * shows is the job's current measure visit (a moved visit's older links keep working), else the
 * one it named.
 */
async function visitOfRef(db: DbOrTx, ref: string, lock = false) {
  const id = appointmentIdOfRef(ref);
  if (id === null) throw badLink();
  const [named] = await db
    .select({ appointment: installAppointments, job: installJobs })
    .from(installAppointments)
    .innerJoin(installJobs, eq(installJobs.id, installAppointments.job_id))
    .where(and(eq(installAppointments.id, id), eq(installAppointments.kind, "measure")));
  if (!named || !isSignedVisitRef(ref, named.job.token, id)) throw badLink();
  const job = lock
    ? (await db.select().from(installJobs).where(eq(installJobs.id, named.job.id)).for("update"))[0]
    : named.job;
  if (!job) throw badLink();
  const visit = (await activeMeasure(db, job.id)) ?? named.appointment;
  return { job, visit };
}

export async function getVisitByRef(
  db: Db,
  ref: string,
  settings: StoreSettings,
  now = new Date(),
): Promise<BookedVisit> {
  const { job, visit } = await visitOfRef(db, ref);
  return visitView(job, visit, await crewNameOf(db, visit.crew_id), settings, now);
}

/** Moves the visit a signed link names to another free slot, until the change cut-off. */
export async function rescheduleByRef(
  db: Db,
  ref: string,
  slot: { start: Date; crew_id: number },
  context: BookingContext,
): Promise<BookingCreated> {
  const now = context.now ?? new Date();
  const { settings } = context;
  return bookAsCustomer(db, slot, now, context, async (tx) => {
    const { job, visit } = await visitOfRef(tx, ref, true);
    assertVisitChangeable(job, visit, settings, now);
    return { job, replaces: visit.id };
  });
}

/**
 * Cancels the visit a signed link names, until the change cut-off: the crew is free again, the
 * job goes back to "new" for staff to follow up, and the customer gets a confirmation.
 */
export async function cancelByRef(
  db: Db,
  ref: string,
  context: BookingContext,
): Promise<BookedVisit> {
  const now = context.now ?? new Date();
  const { settings } = context;
  await db.transaction(async (tx) => {
    const { job, visit } = await visitOfRef(tx, ref, true);
    assertVisitChangeable(job, visit, settings, now);
    await cancelVisits(tx, job.id, now);
    const moved = await moveJob(tx, job, "unscheduleMeasure", {
      actor: "customer",
      note: `Measure visit of ${formatVisitStart(visit.starts_at)} cancelled online by the customer`,
    });
    await queueJobEmail(tx, moved, jobEmails.measureCancelled(moved, visit, context.publicUrl));
  });
  return getVisitByRef(db, ref, settings, now);
}

// ---------------------------------------------------------------- the reminder

/**
 * Queues the reminder of every measure visit that starts tomorrow (store time), once per visit
 * (the outbox refuses a second message with its key, whichever process gets there first). A visit
 * booked on the day before already had its confirmation, so it gets no reminder. Returns how many
 * it queued.
 */
export async function queueMeasureReminders(
  db: Db,
  options: { publicUrl: string; now?: Date },
): Promise<number> {
  const now = options.now ?? new Date();
  const tomorrow = addDays(storeToday(now), 1);
  const from = storeInstant(tomorrow, 0);
  const to = storeInstant(addDays(tomorrow, 1), 0);
  const due = await db
    .select({ appointment: installAppointments, job: installJobs })
    .from(installAppointments)
    .innerJoin(installJobs, eq(installJobs.id, installAppointments.job_id))
    .where(
      and(
        eq(installAppointments.kind, "measure"),
        isNull(installAppointments.cancelled_at),
        eq(installJobs.stage, "measure_scheduled"),
        gt(installAppointments.starts_at, now),
        lt(installAppointments.starts_at, to),
        lt(installAppointments.created_at, storeInstant(storeToday(now), 0)),
      ),
    );
  let queued = 0;
  for (const { appointment, job } of due) {
    if (appointment.starts_at < from) continue;
    if (
      await queueJobEmail(db, job, jobEmails.measureReminder(job, appointment, options.publicUrl))
    )
      queued += 1;
  }
  return queued;
}
