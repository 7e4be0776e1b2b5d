import type { contactMessages, projectInquiries } from "../../db/schema/leads.ts";

/** What staff add to a lead once it is in: never part of the customer's submission. */
type StaffColumns = "id" | "status" | "staff_note" | "created_at" | "updated_at";

/** An inquiry as stored: defaults applied, empty optional fields null. */
export type ProjectInquiryFields = Omit<typeof projectInquiries.$inferSelect, StaffColumns>;

/** A contact message as stored. */
export type ContactMessageFields = Omit<typeof contactMessages.$inferSelect, StaffColumns>;

/** Optional free text as stored: trimmed, and null when empty or absent. */
export function blankToNull(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

/** Lead forms accept this many submissions per client address per hour. */
export const leadSubmissionsPerHour = 10;
