import type { AdminInquiry } from "@mcf/contracts/admin";
import type { JobCreate } from "@mcf/contracts/installs";
import type { JobFlooringType } from "@mcf/contracts/installs-options";
import type { DbOrTx, Tx } from "../../db/client.ts";
import { installJobs } from "../../db/schema/installs.ts";
import { invalid } from "../../errors.ts";
import { writeAudit } from "../audit/audit.service.ts";
import { getInquiry } from "../leads/leads.service.ts";
import type { JobRow } from "./job-records.ts";
import { newJobToken } from "./job-token.ts";

/** What the inquiry form's flooring choices mean for the install; "Not Sure" is staff's call. */
const flooringFromInquiry: Record<string, JobFlooringType> = {
  Hardwood: "solid_hardwood",
  Laminate: "laminate",
  LVP: "vinyl",
  Tile: "tile",
  Carpet: "carpet",
};

export type JobFields = Omit<
  typeof installJobs.$inferInsert,
  "id" | "token" | "stage" | "created_at" | "updated_at"
> & { inquiry_id: number | null };

/**
 * A job's fields from an inquiry. Without a flooring type the inquiry names, `fallback` (or, when
 * none, a 422 asking staff to choose one).
 */
export function jobFieldsFromInquiry(
  inquiry: AdminInquiry,
  flooringType?: JobFlooringType,
): JobFields {
  const flooring =
    flooringType ?? inquiry.flooring_type.map((type) => flooringFromInquiry[type]).find(Boolean);
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

export async function jobFieldsFrom(db: DbOrTx, input: JobCreate): Promise<JobFields> {
  if (!("inquiry_id" in input)) return { ...input, inquiry_id: null, notes: input.notes ?? null };
  const inquiry = await getInquiry(db, input.inquiry_id);
  if (!inquiry) throw invalid(`Inquiry ${input.inquiry_id} does not exist`);
  return jobFieldsFromInquiry(inquiry, input.flooring_type);
}

/** Inserts a job in stage "new" with a fresh token, and its first timeline entry. */
export async function insertJobIn(
  tx: Tx,
  fields: JobFields,
  actor: string,
  note?: string,
): Promise<JobRow> {
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
      note:
        note ??
        (fields.inquiry_id ? `Created from inquiry #${fields.inquiry_id}` : "Created by staff"),
    },
  });
  return row;
}
