import "./zod-without-eval.ts";
import { z } from "zod";
import { adminInquirySchema, adminOrderSchema, outboxMessageSchema } from "./admin.ts";
import { rowId, rowIdParam } from "./ids.ts";
import { type JobFlooringType, jobFlooringTypes, jobStages } from "./installs-options.ts";

// ---------------------------------------------------------------- installation jobs

/**
 * Days the materials must rest in the home before they are laid, counted from delivery or
 * pickup. Solid hardwood needs 3 to 5 days: the install date is refused before the third day.
 */
export const acclimationDays: Record<JobFlooringType, number> = {
  solid_hardwood: 3,
  engineered_hardwood: 2,
  laminate: 2,
  vinyl: 1,
  tile: 0,
  carpet: 0,
};

/** Visits a crew makes for a job. */
export const appointmentKinds = ["measure", "install"] as const;
export type AppointmentKind = (typeof appointmentKinds)[number];

const text = (label: string, max: number) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .min(1, { message: `${label} is required` })
    .max(max, { message: `${label} must be at most ${max} characters` });

const flooringType = z.enum(jobFlooringTypes, {
  message: `must be one of ${jobFlooringTypes.join(", ")}`,
});

/** A job from an inquiry (one click) or typed in by staff. */
export const jobCreateSchema = z.union([
  z.object({ inquiry_id: rowId(), flooring_type: flooringType.optional() }),
  z.object({
    customer_name: text("Name", 200),
    customer_email: z.string().trim().email({ message: "must be an email address" }).max(254),
    customer_phone: text("Phone", 40),
    address: text("Address", 500),
    flooring_type: flooringType,
    notes: z.string().trim().max(2000).optional(),
  }),
]);
export type JobCreate = z.infer<typeof jobCreateSchema>;

export const jobListQuerySchema = z.object({
  stage: z.enum(jobStages).optional(),
  /** Name, email, phone or address contains this. */
  q: z.string().trim().max(200).optional(),
});

/** When a crew visits: an ISO date-time start and end on the same day. */
export const appointmentRequestSchema = z
  .object({
    crew_id: rowId(),
    starts_at: z.coerce.date({ message: "must be a date and time" }),
    ends_at: z.coerce.date({ message: "must be a date and time" }),
  })
  .refine((a) => a.ends_at > a.starts_at, {
    message: "The visit must end after it starts",
    path: ["ends_at"],
  });

export const materialsReadySchema = z.object({
  /** When the boxes reached the home (delivered or picked up); now when omitted. */
  received_at: z.coerce.date({ message: "must be a date and time" }).optional(),
});

/** Labor and service lines are priced per unit by staff; materials come from the catalogue. */
export const estimateServiceKinds = ["labour", "removal", "subfloor", "stairs"] as const;

const quantity = z
  .number({ message: "must be a number" })
  .positive({ message: "must be more than 0" })
  .max(100_000, { message: "must be at most 100000" });

export const estimateLineInputSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.enum(estimateServiceKinds),
    description: text("Description", 200),
    /** Square feet, or stairs for a stairs line. */
    quantity,
    /** Dollars per square foot (per stair for stairs). */
    unit_price: z
      .number({ message: "must be a number" })
      .min(0, { message: "must not be negative" })
      .max(100_000, { message: "must be at most 100000" })
      .multipleOf(0.01, { message: "must be whole cents" }),
  }),
  z.object({
    kind: z.literal("material"),
    product_id: rowId(),
    /** Boxes. */
    quantity: z.number().int({ message: "must be whole boxes" }).positive().max(10_000),
  }),
]);
export type EstimateLineInput = z.infer<typeof estimateLineInputSchema>;

export const estimateSaveSchema = z.object({
  lines: z.array(estimateLineInputSchema).min(1, { message: "Add at least one line" }).max(100),
});

export const estimateLineSchema = z.object({
  kind: z.enum([...estimateServiceKinds, "material"]),
  description: z.string(),
  product_id: z.number().int().nullable(),
  quantity: z.number(),
  unit_price: z.number(),
  total: z.number(),
});

export const estimateSchema = z.object({
  version: z.number().int(),
  lines: z.array(estimateLineSchema),
  labour_subtotal: z.number(),
  materials_subtotal: z.number(),
  tax: z.number(),
  total: z.number(),
  deposit: z.number(),
  deposit_percent: z.number(),
  created_at: z.string(),
});
export type Estimate = z.infer<typeof estimateSchema>;

export const appointmentSchema = z.object({
  id: z.number().int(),
  kind: z.enum(appointmentKinds),
  crew_id: z.number().int(),
  crew_name: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
});
export type Appointment = z.infer<typeof appointmentSchema>;

export const adminJobSchema = z.object({
  id: z.number().int(),
  stage: z.enum(jobStages),
  token: z.string(),
  customer_name: z.string(),
  customer_email: z.string(),
  customer_phone: z.string(),
  address: z.string(),
  flooring_type: z.enum(jobFlooringTypes),
  notes: z.string().nullable(),
  inquiry_id: z.number().int().nullable(),
  deposit_order_id: z.string().nullable(),
  materials_received_at: z.string().nullable(),
  accepted_version: z.number().int().nullable(),
  accepted_name: z.string().nullable(),
  accepted_at: z.string().nullable(),
  /** The order that carries the balance, once the customer starts paying it. */
  balance_order_id: z.string().nullable(),
  balance_paid_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  /** Dollars a cancellation after the deposit gave back, and kept by the policy. */
  cancel_refund: z.number().nullable(),
  cancel_kept: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminJob = z.infer<typeof adminJobSchema>;

export const jobListSchema = z.object({
  jobs: z.array(adminJobSchema),
  /** How many jobs are in each stage (whatever the filter). */
  counts: z.record(z.string(), z.number().int()),
});

export const jobTimelineEntrySchema = z.object({
  action: z.string(),
  actor: z.string(),
  detail: z.string(),
  created_at: z.string(),
});

export const adminJobDetailSchema = z.object({
  job: adminJobSchema,
  estimate: estimateSchema.nullable(),
  appointments: z.array(appointmentSchema),
  timeline: z.array(jobTimelineEntrySchema),
  /** The project inquiry the job was made from, if any. */
  inquiry: adminInquirySchema.nullable(),
  /** The order that pays the deposit and reserves the materials, once the customer starts it. */
  deposit_order: adminOrderSchema.nullable(),
  /** The order that pays the balance after the install, once the customer starts it. */
  balance_order: adminOrderSchema.nullable(),
  /** Every email about the job, to the customer and to the staff, newest first. */
  messages: z.array(outboxMessageSchema),
});
export type AdminJobDetail = z.infer<typeof adminJobDetailSchema>;

/** What cancelling a job now would refund and keep of its paid deposit, in dollars. */
export const cancellationQuoteSchema = z.object({ refund: z.number(), kept: z.number() });
export type CancellationQuote = z.infer<typeof cancellationQuoteSchema>;

export const crewSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Working hours in the store's time zone ("08:00") and weekdays (0 = Sunday). */
  work_start: z.string(),
  work_end: z.string(),
  work_days: z.array(z.number().int()),
});
export const crewListSchema = z.object({ crews: z.array(crewSchema) });
export const crewCreateSchema = z.object({ name: text("Crew name", 100) });

export const calendarQuerySchema = z.object({
  /** Any day of the week to show (YYYY-MM-DD); the week starts on Monday. */
  week: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: "must be a date (YYYY-MM-DD)" })
    .optional(),
});
export const calendarSchema = z.object({
  week_start: z.string(),
  crews: z.array(crewSchema),
  appointments: z.array(
    appointmentSchema.extend({
      job_id: z.number().int(),
      customer_name: z.string(),
      /** Who booked the visit: staff, or the customer online. */
      booked_by: z.enum(["staff", "customer"]),
    }),
  ),
  /** The crews' days off and blocked times that week. */
  time_off: z.array(
    z.object({
      id: z.number().int(),
      crew_id: z.number().int(),
      starts_at: z.string(),
      ends_at: z.string(),
      reason: z.string().nullable(),
    }),
  ),
});

export const jobIdParamsSchema = z.object({
  id: rowIdParam(),
});
export const jobTokenParamsSchema = z.object({ token: z.string().min(1).max(100) });

// ---------------------------------------------------------------- the customer's page

export const customerJobSchema = z.object({
  stage: z.enum(jobStages),
  stage_label: z.string(),
  customer_name: z.string(),
  address: z.string(),
  flooring_type: z.enum(jobFlooringTypes),
  next_appointment: appointmentSchema.omit({ crew_id: true, id: true }).nullable(),
  estimate: estimateSchema.nullable(),
  accepted_version: z.number().int().nullable(),
  accepted_name: z.string().nullable(),
  accepted_at: z.string().nullable(),
  /** Whether the deposit button is offered now. */
  can_pay_deposit: z.boolean(),
  /**
   * Once the job is completed: the balance (estimate total less deposit) in dollars, and when it
   * was paid (null while due).
   */
  balance: z.object({ amount: z.number(), paid_at: z.string().nullable() }).nullable(),
  /** Whether the balance button is offered now. */
  can_pay_balance: z.boolean(),
  /** A cancelled job: when, and what of the deposit went back and was kept, in dollars. */
  cancellation: z
    .object({
      cancelled_at: z.string(),
      refunded: z.number(),
      kept: z.number(),
      /** The customer declined the estimate (rather than the store cancelling the job). */
      declined: z.boolean(),
    })
    .nullable(),
  /** The terms the customer reads and ticks before signing the estimate. */
  terms: z.array(z.string()),
});
export type CustomerJob = z.infer<typeof customerJobSchema>;

export const estimateAcceptSchema = z.object({
  /** The estimate version the customer read; an older one is refused. */
  version: rowId(),
  /** The customer's full name, typed as their signature. */
  full_name: text("Your full name", 200),
  /** The customer ticked the terms shown under the estimate. */
  terms_accepted: z.literal(true, {
    message: "Please read and tick the terms before you accept the estimate",
  }),
});

/** The customer declines the estimate, saying why, so the staff can follow up. */
export const estimateDeclineSchema = z.object({
  version: rowId(),
  reason: text("Your reason", 1000),
});

/** Where the customer pays the deposit or the balance. */
export const depositStartSchema = z.object({ payment_url: z.string() });

export const dateRequestSchema = z.object({ message: text("Message", 2000) });
