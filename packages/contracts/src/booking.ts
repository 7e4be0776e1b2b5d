import "./zod-without-eval.ts";
import { z } from "zod";
import { rowId } from "./ids.ts";
import { projectInquiryRequestSchema } from "./leads.ts";

// ---------------------------------------------------------------- self-booked measure visits

const zipField = z
  .string({ message: "ZIP code is required" })
  .trim()
  .regex(/^\d{5}$/, { message: "ZIP code must be 5 digits, like 35209" });

/** GET /api/installation/slots?zip=35209 */
export const slotsQuerySchema = z.object({ zip: zipField });

/** A free measure visit: when it starts and ends (ISO), and the crew that would come. */
export const slotSchema = z.object({
  start: z.string(),
  end: z.string(),
  crew_id: z.number().int(),
});
export type Slot = z.infer<typeof slotSchema>;

/** The free slots of the booking window, soonest first; empty when every crew is taken. */
export const slotsResponseSchema = z.object({
  zip: z.string(),
  slots: z.array(slotSchema),
});
export type SlotsResponse = z.infer<typeof slotsResponseSchema>;

/** The slot a customer picked: its start and crew (its end follows from the slot length). */
export const slotPickSchema = z.object({
  start: z.coerce.date({ message: "The slot must have a start date and time" }),
  end: z.string().optional(),
  crew_id: rowId(),
});

/**
 * POST /api/installation/bookings: the inquiry's fields, the ZIP of the address (read from the
 * address when omitted) and the slot picked.
 */
export const bookingRequestSchema = projectInquiryRequestSchema.extend({
  zip: zipField.optional(),
  slot: slotPickSchema,
});
export type BookingRequest = z.input<typeof bookingRequestSchema>;

/** The measure visit as the customer sees it. */
export const bookedVisitSchema = z.object({
  start: z.string(),
  end: z.string(),
  crew_name: z.string(),
  address: z.string(),
  customer_name: z.string(),
  cancelled: z.boolean(),
  /** Until when the visit can be moved or cancelled online (ISO). */
  change_until: z.string(),
  can_change: z.boolean(),
});
export type BookedVisit = z.infer<typeof bookedVisitSchema>;

/** 201: the job's customer token, its page, and the signed link to move or cancel the visit. */
export const bookingCreatedSchema = z.object({
  token: z.string(),
  job_url: z.string(),
  manage_url: z.string(),
  /** The signed reference in `manage_url`. */
  ref: z.string(),
  visit: bookedVisitSchema,
});
export type BookingCreated = z.infer<typeof bookingCreatedSchema>;

/**
 * 409: the slot was just taken, with the next free slots to pick from; or a change refused (past
 * the cut-off, the job moved on), with no slots.
 */
export const slotTakenSchema = z.object({
  detail: z.string(),
  slots: z.array(slotSchema).optional(),
});

/** POST /api/installation/jobs/:token/measure and /api/installation/visits/:ref/reschedule */
export const slotOnlyRequestSchema = z.object({ slot: slotPickSchema });

export const visitRefParamsSchema = z.object({ ref: z.string().min(3).max(200) });

/** Whether a ZIP code is in the installation service area (area guides, installation page). */
export const zipServedSchema = z.object({ zip: z.string(), served: z.boolean() });

// ---------------------------------------------------------------- the back office

const clock = (label: string) =>
  z.string({ message: `${label} is required` }).regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, {
    message: `${label} must be a time like 08:00`,
  });

/** PUT /api/admin/crews/:id/hours: a crew's working hours and weekdays (0 = Sunday). */
export const crewHoursSchema = z
  .object({
    work_start: clock("Start"),
    work_end: clock("End"),
    work_days: z
      .array(z.number().int().min(0).max(6), { message: "Work days must be a list of weekdays" })
      .max(7),
  })
  .refine((hours) => hours.work_end > hours.work_start, {
    message: "The working day must end after it starts",
    path: ["work_end"],
  });
export type CrewHours = z.infer<typeof crewHoursSchema>;

/** A crew's day off (a whole date) or blocked time (a start and an end). */
export const timeOffRequestSchema = z
  .object({
    date: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, { message: "The day off must be a date like 2026-12-24" })
      .optional(),
    starts_at: z.coerce.date({ message: "must be a date and time" }).optional(),
    ends_at: z.coerce.date({ message: "must be a date and time" }).optional(),
    reason: z.string().trim().max(200).optional(),
  })
  .refine((t) => t.date !== undefined || (t.starts_at && t.ends_at && t.ends_at > t.starts_at), {
    message: "Give a day off, or a blocked time that ends after it starts",
  });

export const timeOffSchema = z.object({
  id: z.number().int(),
  crew_id: z.number().int(),
  starts_at: z.string(),
  ends_at: z.string(),
  reason: z.string().nullable(),
});
export type TimeOff = z.infer<typeof timeOffSchema>;
export const timeOffListSchema = z.object({ time_off: z.array(timeOffSchema) });
export const timeOffParamsSchema = z.object({
  id: z.coerce.number().int().positive(),
  offId: z.coerce.number().int().positive(),
});
