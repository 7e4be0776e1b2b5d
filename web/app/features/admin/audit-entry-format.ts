import type { AuditEntry, auditEntityTypes } from "@mcf/contracts/admin";
import { changeValueText } from "./change-value.ts";

/** The kinds of record the audit log names, as staff call them. */
export const auditEntityLabels: Record<(typeof auditEntityTypes)[number], string> = {
  order: "Order",
  product: "Product",
  coupon: "Coupon",
  inquiry: "Inquiry",
  contact_message: "Contact message",
  partner: "Partner",
  job: "Installation job",
  crew: "Crew",
  settings: "Store settings",
  staff: "Staff account",
  purchase_order: "Purchase order",
  review: "Review",
  question: "Question",
  answer: "Answer",
};

/** The audit filter's choices, as plurals (not every label takes a plain "s"). */
export const auditEntityFilterLabels: Record<(typeof auditEntityTypes)[number], string> = {
  order: "Orders",
  product: "Products",
  coupon: "Coupons",
  inquiry: "Inquiries",
  contact_message: "Contact messages",
  partner: "Partners",
  job: "Installation jobs",
  crew: "Crews",
  settings: "Store settings",
  staff: "Staff accounts",
  purchase_order: "Purchase orders",
  review: "Reviews",
  question: "Questions",
  answer: "Answers",
};

const asRecord = (value: unknown): Record<string, unknown> =>
  value && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

/** "Product #12 · Oak Natural": the record an entry is about, named when the entry knows it. */
export function auditRecordLabel(entry: AuditEntry): string {
  const before = asRecord(entry.before);
  const after = asRecord(entry.after);
  const kind =
    auditEntityLabels[entry.entity_type as keyof typeof auditEntityLabels] ?? entry.entity_type;
  const id = entry.entity_id.length > 12 ? `${entry.entity_id.slice(0, 8)}…` : entry.entity_id;
  const name = entry.entity_label ?? after.name ?? before.name ?? after.code ?? before.code;
  return `${kind} #${id}${name ? ` · ${String(name)}` : ""}`;
}

export interface AuditChange {
  field: string;
  /** Absent for creations (there was nothing before). */
  before?: string;
  after: string;
}

/**
 * The fields an entry changed, as "field: before → after" (creations show only the new value;
 * fields recorded with the same value before and after are left out).
 */
export function auditChanges(entry: AuditEntry): AuditChange[] {
  const before = asRecord(entry.before);
  const after = asRecord(entry.after);
  const fields = [...new Set([...Object.keys(after), ...Object.keys(before)])].filter(
    (field) =>
      entry.before === null ||
      !(field in before && field in after) ||
      JSON.stringify(before[field]) !== JSON.stringify(after[field]),
  );
  return fields.map((field) => ({
    field,
    ...(field in before && entry.before !== null ? { before: changeValueText(before[field]) } : {}),
    after: field in after ? changeValueText(after[field]) : "deleted",
  }));
}
