import type { inquiryFlooringTypes } from "@mcf/contracts/leads";

/** An inquiry as stored: defaults applied, empty optional fields null. */
export interface ProjectInquiryFields {
  name: string;
  email: string;
  phone: string;
  address: string;
  property_type: string;
  location_type: string | null;
  acting_as: string;
  flooring_type: Array<(typeof inquiryFlooringTypes)[number]>;
  square_footage: number | null;
  rooms: string | null;
  timeline: string;
  additional_notes: string | null;
}

/** A contact message as stored. */
export interface ContactMessageFields {
  name: string;
  email: string;
  phone: string;
  message: string;
  preferred_contact_method: "email" | "phone";
  best_time_to_contact: string | null;
}

/** Optional free text as stored: trimmed, and null when empty or absent. */
export function blankToNull(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

/** Lead forms accept this many submissions per client address per hour. */
export const leadSubmissionsPerHour = 10;
