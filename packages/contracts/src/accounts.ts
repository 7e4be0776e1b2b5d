import "./zod-without-eval.ts";
import { z } from "zod";
import { maxRoomsPerProject } from "./accounts-options.ts";
import { rowId } from "./ids.ts";
import { orderStatuses } from "./orders.ts";
import { emailField, newPassword } from "./partners.ts";
import { optionalText, requiredText } from "./text-fields.ts";
import { zipStateMismatch } from "./us-states.ts";

export const signInLinkRequestSchema = z.object({
  email: emailField,
  /** Where to land after signing in: a path on this site only. */
  return_to: z
    .string()
    .trim()
    .max(200)
    .regex(/^\/(?![/\\])[^\s]*$/, "Please give a path on this site")
    .nullish(),
});

export const signInLinkReplySchema = z.object({ message: z.string() });

export const signInWithLinkSchema = z.object({
  token: z.string({ message: "The sign-in link is incomplete" }).trim().min(16).max(200),
});

export const emailChangeRequestSchema = z.object({ new_email: emailField });

export const emailChangeReplySchema = z.object({ message: z.string() });

export const confirmEmailChangeSchema = z.object({
  token: z.string({ message: "The confirmation link is incomplete" }).trim().min(16).max(200),
});

export const passwordSignInSchema = z.object({
  email: emailField,
  password: z.string({ message: "Password is required" }).min(1, "Password is required").max(256),
});

export const setPasswordSchema = z.object({ new_password: newPassword });

export const emailPreferencesSchema = z.object({
  /** News, sales and new floors. */
  marketing_emails: z.boolean(),
  /** A reminder a few days after delivery to review the floor. */
  review_requests: z.boolean(),
});
export type EmailPreferences = z.infer<typeof emailPreferencesSchema>;

/** The signed-in shopper, as GET /api/account and the sign-in calls answer it. */
export const shopperAccountSchema = z.object({
  id: z.string(),
  email: z.string(),
  has_password: z.boolean(),
  email_preferences: emailPreferencesSchema,
  created_at: z.string(),
  /** After signing in by link: the path the shopper asked to come back to. */
  return_to: z.string().nullable().optional(),
});
export type ShopperAccount = z.infer<typeof shopperAccountSchema>;

const zipCode = z
  .string({ message: "ZIP code is required" })
  .trim()
  .regex(/^\d{5}(-\d{4})?$/, "Please enter a 5-digit ZIP code");

export const savedAddressInputSchema = z
  .object({
    label: optionalText("Label", 60),
    full_name: requiredText("Name", 120),
    street: requiredText("Street", 200),
    city: requiredText("City", 100),
    state: z
      .string({ message: "State is required" })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, "Please choose a state"),
    zip_code: zipCode,
    phone: optionalText("Phone", 40),
    is_default: z.boolean().optional().default(false),
  })
  // Checkout refuses a ZIP code of another state: an address saved for it must pass there too.
  .superRefine((address, context) => {
    const problem = zipStateMismatch(address.zip_code, address.state);
    if (problem) context.addIssue({ code: "custom", path: ["zip_code"], message: problem });
  });
export type SavedAddressInput = z.infer<typeof savedAddressInputSchema>;

export const savedAddressSchema = z.object({
  id: z.number().int(),
  label: z.string().nullable(),
  full_name: z.string(),
  street: z.string(),
  city: z.string(),
  state: z.string(),
  zip_code: z.string(),
  country: z.string(),
  phone: z.string().nullable(),
  is_default: z.boolean(),
});
export type SavedAddress = z.infer<typeof savedAddressSchema>;
export const savedAddressListSchema = z.object({ addresses: z.array(savedAddressSchema) });

export const accountOrderLineSchema = z.object({
  product_id: z.number().int().nullable(),
  product_name: z.string(),
  kind: z.enum(["box", "sample"]),
  quantity: z.number().int(),
  lot_id: z.number().int().nullable(),
  lot_code: z.string().nullable(),
  image_url: z.string().nullable(),
});

export const accountOrderSchema = z.object({
  order_number: z.string(),
  placed_at: z.string(),
  status: z.enum(orderStatuses),
  total_cents: z.number().int(),
  /** The order's own page: status, shipments, the confirmation and returns. */
  track_url: z.string(),
  shipping_carrier: z.string().nullable(),
  tracking_number: z.string().nullable(),
  returns: z.array(z.object({ status: z.string(), requested_at: z.string() })),
  lines: z.array(accountOrderLineSchema),
});
export type AccountOrder = z.infer<typeof accountOrderSchema>;
export const accountOrderListSchema = z.object({ orders: z.array(accountOrderSchema) });

export const reorderLotOutcomeValues = [
  "same_lot",
  "same_lot_short",
  "closest_lot",
  "sold_out",
  "no_lots",
] as const;
export type ReorderLotOutcome = (typeof reorderLotOutcomeValues)[number];

/** One box line of a past order, as "re-order the same dye lot" would put it back in the cart. */
export const reorderLineSchema = z.object({
  product_id: z.number().int(),
  product_name: z.string(),
  /** Boxes the past order had of this line. */
  ordered_boxes: z.number().int(),
  outcome: z.enum(reorderLotOutcomeValues),
  /** The lot to take the boxes from, and how many to add (0 when sold out). */
  lot_id: z.number().int().nullable(),
  lot_code: z.string().nullable(),
  boxes: z.number().int(),
  lot_boxes_left: z.number().int(),
  price_per_box: z.number().nullable(),
  sqft_per_box: z.number(),
  image_url: z.string().nullable(),
  /** Said plainly when the boxes are not all from the original lot. */
  warning: z.string().nullable(),
});
export type ReorderLine = z.infer<typeof reorderLineSchema>;
export const reorderPlanSchema = z.object({
  order_number: z.string(),
  lines: z.array(reorderLineSchema),
});
export type ReorderPlan = z.infer<typeof reorderPlanSchema>;

export const projectRoomInputSchema = z.object({
  name: requiredText("Room name", 80),
  area_sqft: z
    .number({ message: "Enter the room's area in square feet" })
    .positive("Enter the room's area in square feet")
    .max(100_000, "That area is too large"),
  waste_percent: z
    .number({ message: "Enter a waste factor" })
    .int("Enter the waste factor as a whole percent")
    .min(0, "The waste factor is 0% or more")
    .max(50, "The waste factor is at most 50%"),
  product_id: rowId().nullish(),
  notes: optionalText("Notes", 500),
});
export type ProjectRoomInput = z.infer<typeof projectRoomInputSchema>;

export const projectInputSchema = z.object({
  name: requiredText("Project name", 80),
  rooms: z
    .array(projectRoomInputSchema)
    .max(maxRoomsPerProject, `A project holds at most ${maxRoomsPerProject} rooms`)
    .default([]),
});
export type ProjectInput = z.infer<typeof projectInputSchema>;

export const projectRoomSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  area_sqft: z.number(),
  waste_percent: z.number().int(),
  product_id: z.number().int().nullable(),
  product_name: z.string().nullable(),
  notes: z.string().nullable(),
  /** The calculator's answer for the room: area with waste, and boxes of the chosen floor. */
  sqft_with_waste: z.number(),
  boxes_needed: z.number().int().nullable(),
  /** Whether a sample of the room's floor was ordered with the account's email. */
  sample_ordered: z.boolean(),
});
export const projectSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  rooms: z.array(projectRoomSchema),
});
export type Project = z.infer<typeof projectSchema>;
export const projectListSchema = z.object({ projects: z.array(projectSchema) });

export const savedProductSchema = z.object({
  product_id: z.number().int(),
  name: z.string(),
  image_url: z.string().nullable(),
  saved_at: z.string(),
});
export type SavedProduct = z.infer<typeof savedProductSchema>;
export const savedProductListSchema = z.object({ products: z.array(savedProductSchema) });

export const accountInstallJobSchema = z.object({
  id: z.number().int(),
  stage: z.string(),
  created_at: z.string(),
  url: z.string(),
});
export const accountInstallJobListSchema = z.object({ jobs: z.array(accountInstallJobSchema) });
