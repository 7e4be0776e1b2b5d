import type {
  AdminContactMessage,
  AdminInquiry,
  inboxQuerySchema,
  LeadUpdate,
} from "@mcf/contracts/admin";
import { and, desc, eq, gte, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db, DbOrTx } from "../../db/client.ts";
import { inboxPage } from "../../db/inbox-page.ts";
import { sameEmail } from "../../db/same-email.ts";
import { contactMessages, projectInquiries } from "../../db/schema/leads.ts";
import { notFound } from "../../errors.ts";
import { changedFields, writeAudit } from "../audit/audit.service.ts";

export { normalizeInquiry, submitProjectInquiry } from "./inquiries.service.ts";

type InquiryRow = typeof projectInquiries.$inferSelect;
type MessageRow = typeof contactMessages.$inferSelect;

const toInquiry = ({ updated_at: _u, ...row }: InquiryRow): AdminInquiry => ({
  ...row,
  flooring_type: row.flooring_type ?? [],
  created_at: row.created_at.toISOString(),
});
const toMessage = ({ updated_at: _u, ...row }: MessageRow): AdminContactMessage => ({
  ...row,
  created_at: row.created_at.toISOString(),
});

type InboxQuery = z.infer<typeof inboxQuerySchema>;

/** Project inquiries, newest first. */
export async function listInquiries(db: Db, query: InboxQuery): Promise<AdminInquiry[]> {
  const rows = await inboxPage(
    db.select().from(projectInquiries).$dynamic(),
    projectInquiries,
    query,
  );
  return rows.map(toInquiry);
}

/** Contact messages, newest first. */
export async function listContactMessages(
  db: Db,
  query: InboxQuery,
): Promise<AdminContactMessage[]> {
  const rows = await inboxPage(
    db.select().from(contactMessages).$dynamic(),
    contactMessages,
    query,
  );
  return rows.map(toMessage);
}

function leadColumns(input: LeadUpdate) {
  return {
    ...(input.status !== undefined ? { status: input.status } : {}),
    ...(input.staff_note !== undefined
      ? { staff_note: input.staff_note ? input.staff_note.trim() : null }
      : {}),
    updated_at: new Date(),
  };
}

/** One project inquiry, or null when there is none with this id. */
export async function getInquiry(db: DbOrTx, id: number): Promise<AdminInquiry | null> {
  const [row] = await db.select().from(projectInquiries).where(eq(projectInquiries.id, id));
  return row ? toInquiry(row) : null;
}

type LeadAudit = { actor: string; entityType: "inquiry" | "contact_message"; missing: string };
type LeadUpdateArgs = [id: number, input: LeadUpdate, audit: LeadAudit];

/**
 * Staff set a lead's follow-up status and/or staff note under its row lock, audited as
 * `<entityType>.update` with the fields that changed; 404 saying `missing` for an unknown id.
 */
async function updateLead(
  db: Db,
  table: typeof projectInquiries,
  ...args: LeadUpdateArgs
): Promise<InquiryRow>;
async function updateLead(
  db: Db,
  table: typeof contactMessages,
  ...args: LeadUpdateArgs
): Promise<MessageRow>;
async function updateLead(
  db: Db,
  table: typeof projectInquiries | typeof contactMessages,
  ...[id, input, audit]: LeadUpdateArgs
) {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(table).where(eq(table.id, id)).for("update");
    if (!before) throw notFound(audit.missing);
    const [row] = await tx
      .update(table)
      .set(leadColumns(input))
      .where(eq(table.id, id))
      .returning();
    if (!row) throw notFound(audit.missing);
    await writeAudit(tx, {
      actor: audit.actor,
      action: `${audit.entityType}.update`,
      entityType: audit.entityType,
      entityId: id,
      ...changedFields(
        { status: before.status, staff_note: before.staff_note },
        { status: row.status, staff_note: row.staff_note },
      ),
    });
    return row;
  });
}

/** Sets the follow-up status and/or the staff note of an inquiry (see `updateLead`). */
export async function updateInquiry(
  db: Db,
  id: number,
  input: LeadUpdate,
  actor: string,
): Promise<AdminInquiry> {
  const audit = { actor, entityType: "inquiry", missing: "Inquiry not found" } as const;
  return toInquiry(await updateLead(db, projectInquiries, id, input, audit));
}

/** Sets the follow-up status and/or the staff note of a contact message (see `updateLead`). */
export async function updateContactMessage(
  db: Db,
  id: number,
  input: LeadUpdate,
  actor: string,
): Promise<AdminContactMessage> {
  const audit = { actor, entityType: "contact_message", missing: "Message not found" } as const;
  return toMessage(await updateLead(db, contactMessages, id, input, audit));
}

/**
 * Closes an inquiry that became a paid installation job (inside the caller's transaction), with
 * the job named in its staff note and timeline. An already closed inquiry stays as it is.
 */
export async function closeInquiryWon(
  tx: DbOrTx,
  id: number,
  jobId: number,
  actor: string,
): Promise<void> {
  const [before] = await tx.select().from(projectInquiries).where(eq(projectInquiries.id, id));
  if (!before || before.status === "closed") return;
  const note = `Won: became installation job #${jobId}, deposit paid`;
  const staffNote = before.staff_note ? `${before.staff_note}\n${note}` : note;
  await tx
    .update(projectInquiries)
    .set({ status: "closed", staff_note: staffNote, updated_at: new Date() })
    .where(eq(projectInquiries.id, id));
  await writeAudit(tx, {
    actor,
    action: "inquiry.update",
    entityType: "inquiry",
    entityId: id,
    ...changedFields(
      { status: before.status, staff_note: before.staff_note },
      { status: "closed", staff_note: staffNote },
    ),
  });
}

/**
 * The newest inquiries since `since` sent with this email and phone (digits compared), newest
 * first: the inquiry a customer just sent, which their online booking then attaches to.
 */
export async function recentInquiriesFrom(
  db: DbOrTx,
  contact: { email: string; phone: string },
  since: Date,
): Promise<AdminInquiry[]> {
  const rows = await db
    .select()
    .from(projectInquiries)
    .where(
      and(
        sameEmail(projectInquiries.email, contact.email),
        sql`regexp_replace(${projectInquiries.phone}, '[^0-9]', '', 'g') = ${contact.phone.replace(/\D/g, "")}`,
        gte(projectInquiries.created_at, since),
      ),
    )
    .orderBy(desc(projectInquiries.created_at), desc(projectInquiries.id))
    .limit(5);
  return rows.map(toInquiry);
}
