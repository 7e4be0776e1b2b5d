import type { AdminJob, Appointment, Estimate } from "@mcf/contracts/installs";
import type { JobStage } from "@mcf/contracts/installs-options";
import { toDollars } from "@mcf/contracts/money";
import { and, asc, desc, eq, isNull } from "drizzle-orm";
import type { DbOrTx, Tx } from "../../db/client.ts";
import {
  installAppointments,
  installCrews,
  installEstimates,
  installJobs,
} from "../../db/schema/installs.ts";
import { conflict, notFound } from "../../errors.ts";
import { writeAudit } from "../audit/audit.service.ts";
import { auditActionOf, type JobMoveName, nextStage } from "./job-stages.ts";

export type JobRow = typeof installJobs.$inferSelect;
type EstimateRow = typeof installEstimates.$inferSelect;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

const dollarsOrNull = (cents: number | null) => (cents === null ? null : toDollars(cents));

export function toAdminJob(row: JobRow): AdminJob {
  const { accepted_ip: _ip, cancel_refund_cents, cancel_kept_cents, ...job } = row;
  return {
    ...job,
    materials_received_at: iso(row.materials_received_at),
    accepted_at: iso(row.accepted_at),
    balance_paid_at: iso(row.balance_paid_at),
    cancelled_at: iso(row.cancelled_at),
    cancel_refund: dollarsOrNull(cancel_refund_cents),
    cancel_kept: dollarsOrNull(cancel_kept_cents),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export function toEstimate(row: EstimateRow): Estimate {
  return {
    version: row.version,
    lines: row.lines.map((line) => ({
      kind: line.kind,
      description: line.description,
      product_id: line.product_id,
      quantity: line.quantity,
      unit_price: toDollars(line.unit_price_cents),
      total: toDollars(line.total_cents),
    })),
    labour_subtotal: toDollars(row.labour_subtotal_cents),
    materials_subtotal: toDollars(row.materials_subtotal_cents),
    tax: toDollars(row.tax_cents),
    total: toDollars(row.total_cents),
    deposit: toDollars(row.deposit_cents),
    deposit_percent: row.deposit_percent,
    created_at: row.created_at.toISOString(),
  };
}

/** A job by id, locked for the rest of the caller's transaction. Throws 404 when unknown. */
export async function lockJobById(tx: Tx, id: number): Promise<JobRow> {
  const [row] = await tx.select().from(installJobs).where(eq(installJobs.id, id)).for("update");
  if (!row) throw notFound("Job not found");
  return row;
}

const jobNotFound = "We could not find this installation project. Please call us if you need help.";

/**
 * A job by the token in the customer's page address, cancelled or not (its page keeps saying what
 * happened). Throws 404 for an unknown token.
 */
export async function findJobByToken(
  db: DbOrTx,
  token: string,
  options: { forUpdate?: boolean } = {},
): Promise<JobRow> {
  const query = db.select().from(installJobs).where(eq(installJobs.token, token)).limit(1);
  const [row] = options.forUpdate ? await query.for("update") : await query;
  if (!row) throw notFound(jobNotFound);
  return row;
}

/**
 * A job the customer can still act on, by its token: a cancelled job answers 409 saying so (its
 * page still shows it), an unknown token 404.
 */
export async function findOpenJobByToken(
  db: DbOrTx,
  token: string,
  options: { forUpdate?: boolean } = {},
): Promise<JobRow> {
  const row = await findJobByToken(db, token, options);
  if (row.stage === "cancelled")
    throw conflict("This installation was cancelled. Please call us if you need help.");
  return row;
}

/** The newest estimate of a job, or null before one is sent. */
export async function latestEstimate(db: DbOrTx, jobId: number): Promise<EstimateRow | null> {
  const [row] = await db
    .select()
    .from(installEstimates)
    .where(eq(installEstimates.job_id, jobId))
    .orderBy(desc(installEstimates.version))
    .limit(1);
  return row ?? null;
}

/**
 * The estimate a customer is answering (accepting or declining) on a locked job: the newest one,
 * and only the version they read. Refused (409) once an estimate was accepted, before one is sent,
 * or when it was revised since.
 */
export async function estimateBeingAnswered(
  tx: DbOrTx,
  job: JobRow,
  version: number,
  answer: "accept" | "decline",
): Promise<EstimateRow> {
  if (job.accepted_version !== null)
    throw conflict(`You already accepted estimate version ${job.accepted_version}`);
  const estimate = await latestEstimate(tx, job.id);
  if (!estimate) throw conflict(`There is no estimate to ${answer} yet`);
  if (estimate.version !== version)
    throw conflict(
      `This estimate was revised: please read version ${estimate.version} ${answer === "accept" ? "and accept that one" : "before you answer"}`,
    );
  return estimate;
}

/**
 * The columns of an `Appointment`, for a select from installAppointments joined to installCrews
 * on the crew; `toAppointment` turns the row into the answer.
 */
export const appointmentColumns = {
  id: installAppointments.id,
  kind: installAppointments.kind,
  crew_id: installAppointments.crew_id,
  crew_name: installCrews.name,
  starts_at: installAppointments.starts_at,
  ends_at: installAppointments.ends_at,
};

/** A visit row as the API answers it: its times as ISO strings. */
export function toAppointment<Row extends { starts_at: Date; ends_at: Date }>(
  row: Row,
): Omit<Row, "starts_at" | "ends_at"> & { starts_at: string; ends_at: string } {
  return { ...row, starts_at: row.starts_at.toISOString(), ends_at: row.ends_at.toISOString() };
}

/** A job's visits that still hold a crew, soonest first. */
export async function activeAppointments(db: DbOrTx, jobId: number): Promise<Appointment[]> {
  const rows = await db
    .select(appointmentColumns)
    .from(installAppointments)
    .innerJoin(installCrews, eq(installCrews.id, installAppointments.crew_id))
    .where(and(eq(installAppointments.job_id, jobId), isNull(installAppointments.cancelled_at)))
    .orderBy(asc(installAppointments.starts_at));
  return rows.map(toAppointment);
}

/**
 * Moves a locked job through the stage table and writes the audit entry in the same
 * transaction: `note` is the sentence the job's timeline shows. Throws 409 when the table
 * refuses the move from the job's stage.
 */
export async function moveJob(
  tx: Tx,
  job: JobRow,
  move: JobMoveName,
  options: { note: string; changes?: Partial<JobRow>; actor: string },
): Promise<JobRow> {
  const stage: JobStage = nextStage(move, job.stage);
  const [row] = await tx
    .update(installJobs)
    .set({ ...options.changes, stage, updated_at: new Date() })
    .where(eq(installJobs.id, job.id))
    .returning();
  if (!row) throw notFound("Job not found");
  await writeAudit(tx, {
    action: auditActionOf(move),
    entityType: "job",
    entityId: job.id,
    before: { stage: job.stage },
    after: { stage, note: options.note },
    actor: options.actor,
  });
  return row;
}
