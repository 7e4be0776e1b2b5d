import "./zod-without-eval.ts";
import { z } from "zod";
import { business } from "./business.ts";
import { formatAddress, phoneHref } from "./store-settings-format.ts";

/** A list refusal naming each entry given a second time (`message`), at its place in the list. */
const refuseRepeats =
  (message: (entry: string) => string) => (entries: string[], context: z.RefinementCtx) => {
    const seen = new Set<string>();
    entries.forEach((entry, index) => {
      if (seen.has(entry))
        context.addIssue({ code: "custom", message: message(entry), path: [index] });
      seen.add(entry);
    });
  };

/**
 * The store's settings: what the owner edits in the back office's Settings tab and every page,
 * email, JSON-LD block and the CSP read (server/src/modules/settings). Money is whole cents.
 */

const text = (label: string, max: number) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** A US phone number as people write it: 10 digits, optionally with +1, spaces, dots, dashes. */
const phoneField = text("Phone", 30).refine(
  (value) => /^\+?1?[\s.-]*\(?\d{3}\)?[\s.-]*\d{3}[\s.-]*\d{4}$/.test(value),
  "Phone must be a US number of 10 digits, like (205) 555-0148",
);

const httpsUrl = (label: string) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .max(500, `${label} must be at most 500 characters`)
    .refine((value) => {
      try {
        return new URL(value).protocol === "https:";
      } catch {
        return false;
      }
    }, `${label} must be a full https:// address`);

/** An https address, or none (null; an empty string is taken as none, see `withoutEmptyUrls`). */
const optionalHttpsUrl = (label: string) => z.union([z.literal(""), z.null(), httpsUrl(label)]);

const cents = (label: string) =>
  z
    .number({ message: `${label} must be an amount in cents` })
    .int(`${label} must be whole cents`)
    .min(0, `${label} cannot be negative`)
    .max(10_000_000, `${label} must be at most $100,000`);

/** A whole number within bounds, for counts and business days the owner types. */
const wholeNumber = (label: string, unit: string, min: number, max: number) =>
  z
    .number({ message: `${label} must be a whole number of ${unit}` })
    .int(`${label} must be a whole number of ${unit}`)
    .min(min, min === 0 ? `${label} cannot be negative` : `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max.toLocaleString("en-US")} ${unit}`);

/** A percentage from 0 to 100, to the hundredth, for fees and shares the owner sets. */
const percent = (label: string, min = 0) =>
  z
    .number({ message: `${label} must be a percentage from ${min} to 100` })
    .min(min, `${label} must be a percentage from ${min} to 100`)
    .max(100, `${label} must be a percentage from ${min} to 100`)
    .refine((value) => Math.round(value * 100) === value * 100, `${label}: at most 2 decimals`);

/** A calendar date as YYYY-MM-DD that exists (no February 30). */
const isRealDate = (value: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T12:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

/**
 * The days neither the store nor its carriers pick up or deliver, besides weekends: unique real
 * dates, at most 200. Each bad entry is its own issue (path: its index) naming the entry.
 */
export const closedDaysSchema = z
  .array(
    z
      .string({ message: "Each closed day must be a date like 2026-12-25" })
      .trim()
      .refine(isRealDate, {
        error: (issue) => `Closed day "${String(issue.input)}" is not a date like 2026-12-25`,
      }),
    { message: "Closed days must be a list of dates" },
  )
  .max(200, "At most 200 closed days")
  .superRefine(refuseRepeats((day) => `Closed day ${day} is listed twice`));

/** A whole number of days from 0. */
const days = (label: string) => wholeNumber(label, "days", 0, 365);

/**
 * The numbers the owner runs the business by: the restocking fee of a return, the installation
 * deposit, how long returns stay open, when a sample order gets its follow-up, and what a
 * cancelled installation gives back (all of the deposit until `install_full_refund_days` before
 * the install date, then all but `install_cancel_kept_percent`). Their environment variables only
 * give the first values; every change is in the audit log, and the Settings tab lists them.
 */
export const businessNumbersSchema = z.object({
  restocking_fee_percent: percent("Restocking fee"),
  install_deposit_percent: percent("Installation deposit", 1),
  return_window_days: days("Return window"),
  sample_follow_up_days: days("Sample follow-up"),
  install_full_refund_days: days("Full refund until"),
  install_cancel_kept_percent: percent("Kept on a late cancellation"),
});
export type BusinessNumbers = z.infer<typeof businessNumbersSchema>;

/**
 * Reviews and questions: how many days after delivery each line's review request email goes
 * out, and whether verified buyers of a floor may answer shoppers' questions about it.
 */
export const reviewSettingsSchema = z.object({
  request_days: wholeNumber("Review request", "days", 1, 365),
  buyers_may_answer: z.boolean(),
});
export type ReviewSettings = z.infer<typeof reviewSettingsSchema>;
export const defaultReviewSettings: ReviewSettings = { request_days: 7, buyers_may_answer: false };

/** The business numbers (and the sample price) as their change history names them. */
export const businessNumberLabels = {
  restocking_fee_percent: "Restocking fee",
  install_deposit_percent: "Installation deposit",
  return_window_days: "Return window",
  sample_follow_up_days: "Sample follow-up",
  install_full_refund_days: "Installation: full refund until (days before)",
  install_cancel_kept_percent: "Installation: kept on a late cancellation",
  sample_price_cents: "Sample price",
} as const;
export type BusinessNumberField = keyof typeof businessNumberLabels;

/** One change of a business number: who saved it, when, and the values as people read them. */
export const businessNumberChangeSchema = z.object({
  field: z.enum(
    Object.keys(businessNumberLabels) as [BusinessNumberField, ...BusinessNumberField[]],
  ),
  label: z.string(),
  before: z.string(),
  after: z.string(),
  actor: z.string(),
  changed_at: z.string(),
});
export type BusinessNumberChange = z.infer<typeof businessNumberChangeSchema>;

/** A business number as the history shows it: "15%", "30 days", "$2.00". */
export function formatBusinessNumber(field: BusinessNumberField, value: unknown): string {
  if (typeof value !== "number") return "not set";
  if (field === "sample_price_cents") return `$${(value / 100).toFixed(2)}`;
  if (field.endsWith("_percent")) return `${value}%`;
  return `${value} ${value === 1 ? "day" : "days"}`;
}

/**
 * How customers book measure visits online: the visit's length, the travel buffer between two
 * visits of a crew, how many days ahead slots are offered, the hour (store time) after which no
 * visit is offered for the same day, and until how many hours before a visit the customer may
 * move or cancel it from the link in their email.
 */
export const bookingRulesSchema = z.object({
  slot_minutes: wholeNumber("Measure visit length", "minutes", 15, 480),
  buffer_minutes: wholeNumber("Travel buffer", "minutes", 0, 240),
  window_days: wholeNumber("Booking window", "days", 1, 60),
  same_day_cutoff_hour: wholeNumber("Same-day cut-off", "hours", 0, 24),
  change_cutoff_hours: wholeNumber("Change cut-off", "hours", 0, 336),
});
export type BookingRules = z.infer<typeof bookingRulesSchema>;

/** The booking rules the store ships with. */
export const shippedBookingRules: BookingRules = {
  slot_minutes: 60,
  buffer_minutes: 30,
  window_days: 21,
  same_day_cutoff_hour: 10,
  change_cutoff_hours: 24,
};

/** The most ZIP codes the local delivery area may list: far more than a truck's day covers. */
export const maxServiceAreaZips = 1000;

/**
 * The five-digit ZIP codes our own truck delivers to: at least one, each once. Each bad entry
 * is its own issue (path: its index) naming the entry, so the form can say which one.
 */
const serviceAreaZipsSchema = z
  .array(
    z
      .string({ message: "Each ZIP code must be 5 digits, like 35209" })
      .trim()
      .regex(/^\d{5}$/, {
        error: (issue) => `"${String(issue.input)}" is not a 5-digit ZIP code`,
      }),
  )
  .min(1, "List at least one ZIP code for local delivery")
  .max(
    maxServiceAreaZips,
    `At most ${maxServiceAreaZips.toLocaleString("en-US")} ZIP codes for local delivery`,
  )
  .superRefine(refuseRepeats((zip) => `ZIP code ${zip} is listed twice`));

const stateCode = z
  .string({ message: "State is required" })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, "State must be a two-letter state code, like AL");

export const storeHoursSchema = z.object({
  days: text("Days", 40),
  time: text("Hours", 60),
});

export const taxRateSchema = z.object({
  state: stateCode,
  rate_percent: z
    .number({ message: "Tax rate must be a percentage" })
    .min(0, "Tax rate cannot be negative")
    .max(20, "Tax rate must be at most 20%")
    .refine((value) => Math.round(value * 1000) === value * 1000, "Tax rate: at most 3 decimals"),
});

export const settingsPartnerSchema = z.object({
  name: text("Partner name", 80),
  slug: z
    .string({ message: "Partner slug is required" })
    .trim()
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "Partner slug: lowercase letters, digits and dashes")
    .max(60, "Partner slug must be at most 60 characters"),
  description: text("Partner description", 400),
  category: text("Partner category", 40),
  url: httpsUrl("Partner link"),
  /** A picture shipped with the site (/img/...) or an https address; empty shows initials. */
  logo: z.union([
    z.literal(""),
    z.null(),
    z
      .string()
      .trim()
      .regex(/^\/img\/[\w./-]+$/, "Partner logo must be /img/... or an https:// address"),
    httpsUrl("Partner logo"),
  ]),
});

export const collectionNameSchema = z.object({
  code: text("Collection code", 40),
  name: text("Collection name", 80),
});

/**
 * Freight by distance from the showroom: each zone starts at a distance (the first at 0 miles)
 * and charges a percentage of the pallet rate. A far pallet costs the carrier more than a near
 * one; the owner sets the bands.
 */
export const freightZoneSchema = z.object({
  from_miles: wholeNumber("Zone start", "miles", 0, 5000),
  percent: wholeNumber("Zone price", "percent", 1, 1000),
});
export const freightZonesSchema = z
  .array(freightZoneSchema)
  .min(1, "Give at least one freight zone")
  .max(8, "At most 8 freight zones")
  .refine((zones) => zones[0]?.from_miles === 0, "The first freight zone starts at 0 miles")
  .refine(
    (zones) =>
      zones.every((zone, i) => i === 0 || zone.from_miles > (zones[i - 1]?.from_miles ?? 0)),
    "Freight zones go from near to far, each starting farther than the one before",
  );
export type FreightZone = z.infer<typeof freightZoneSchema>;

export const storeSettingsSchema = z.object({
  business_name: text("Business name", 80),
  phone: phoneField,
  email: z
    .string({ message: "Email is required" })
    .trim()
    .max(254, "Email must be at most 254 characters")
    .pipe(z.email("Email must be an email address")),
  /** Where staff alerts go: new inquiries, contact messages, delivery claims, date requests. */
  staff_email: z
    .string({ message: "Staff alerts email is required" })
    .trim()
    .max(254, "Staff alerts email must be at most 254 characters")
    .pipe(z.email("Staff alerts email must be an email address")),
  address: z.object({
    street: text("Street address", 120),
    city: text("City", 60),
    state: stateCode,
    zip: z
      .string({ message: "ZIP code is required" })
      .trim()
      .regex(/^\d{5}$/, "ZIP code must be 5 digits"),
  }),
  map_url: optionalHttpsUrl("Map link"),
  hours: z
    .array(storeHoursSchema)
    .min(1, "Give at least one line of hours")
    .max(7, "At most 7 lines of hours"),
  tax_rates: z
    .array(taxRateSchema)
    .max(51, "At most one tax rate per state")
    .refine(
      (rates) => new Set(rates.map((r) => r.state)).size === rates.length,
      "Each state may have one tax rate",
    ),
  delivery: z.object({
    local_per_pallet_cents: cents("Local delivery per pallet"),
    local_free_from_cents: cents("Free local delivery from"),
    pallet_shipping_cents: cents("Freight per pallet"),
    residential_cents: cents("Residential delivery"),
    liftgate_cents: cents("Liftgate"),
    parcel_per_box_cents: cents("Parcel per box"),
    parcel_per_pound_cents: cents("Parcel per pound"),
  }),
  /**
   * Lead times in business days (Monday to Friday, the closed days off), the closed days and the
   * parcel carrier's limits. Its own section, not part of `delivery`: a document saved before these
   * existed keeps its saved prices and takes these defaults.
   */
  delivery_limits: z.object({
    handling_business_days: wholeNumber("Handling time", "business days", 0, 30),
    local_business_days: wholeNumber("Local delivery time", "business days", 0, 30),
    parcel_max_boxes: wholeNumber("Parcel limit", "boxes", 1, 100),
    parcel_max_weight_lbs: wholeNumber("Parcel weight limit", "lb", 1, 2000),
    closed_days: closedDaysSchema,
  }),
  service_area_zips: serviceAreaZipsSchema,
  freight_zones: freightZonesSchema,
  samples: z.object({
    price_cents: cents("Sample price").max(10_000, "Sample price must be at most $100"),
    shipping_cents: cents("Sample shipping").max(10_000, "Sample shipping must be at most $100"),
  }),
  partners: z
    .array(settingsPartnerSchema)
    .max(24, "At most 24 partners")
    .refine(
      (list) => new Set(list.map((p) => p.slug)).size === list.length,
      "Each partner needs its own slug",
    ),
  business_numbers: businessNumbersSchema,
  /**
   * "Their price … You save" on a product page: the competitor price staff entered, else our box
   * price ÷ 0.75 (the 25% saving claim). An owner who cannot back that estimate turns it off;
   * prices staff entered still show.
   */
  price_claims: z.object({ estimate_their_price: z.boolean() }),
  reviews: reviewSettingsSchema,
  booking: bookingRulesSchema,
  room_visualizer_url: optionalHttpsUrl("Room visualizer address"),
  collection_names: z
    .array(collectionNameSchema)
    .max(100, "At most 100 collection names")
    .refine(
      (list) => new Set(list.map((c) => c.code.toLowerCase())).size === list.length,
      "Each collection code may be named once",
    ),
});
export type StoreSettings = z.infer<typeof storeSettingsSchema>;

/** The settings with each empty address ("" from a cleared form field) stored as none (null). */
export function withoutEmptyUrls(settings: StoreSettings): StoreSettings {
  return {
    ...settings,
    map_url: settings.map_url || null,
    room_visualizer_url: settings.room_visualizer_url || null,
    partners: settings.partners.map((partner) => ({ ...partner, logo: partner.logo || null })),
  };
}
export type StoreSettingsInput = z.input<typeof storeSettingsSchema>;

/** GET/PUT /api/admin/settings: the values, and which of them are still placeholders. */
export const adminSettingsResponseSchema = z.object({
  settings: storeSettingsSchema,
  placeholders: z.array(z.string()),
  updated_at: z.string().nullable(),
  updated_by: z.string().nullable(),
  /** Changes of the business numbers, newest first. */
  business_history: z.array(businessNumberChangeSchema),
});
export type AdminSettingsResponse = z.infer<typeof adminSettingsResponseSchema>;

/** What every page reads (GET /api/settings/public): no internal codes, nothing private. */
export const publicStoreDetailsSchema = z.object({
  business_name: z.string(),
  phone: z.string(),
  phone_href: z.string(),
  email: z.string(),
  address: storeSettingsSchema.shape.address,
  formatted_address: z.string(),
  map_url: z.string().nullable(),
  hours: z.array(storeHoursSchema),
  room_visualizer_url: z.string().nullable(),
  /** Collection code → the name the public sees. */
  collection_names: z.record(z.string(), z.string()),
  /** Each sample past an order's free ones; null only in the fallback used without settings. */
  sample_price_cents: z.number().int().nullable(),
  /** Whether a product without a competitor price shows the estimated "Their price" (÷ 0.75). */
  estimate_their_price: z.boolean(),
});
export type PublicStoreDetails = z.infer<typeof publicStoreDetailsSchema>;

export const settingsSavedMessage = "Settings saved. Every page shows them now.";

export function toPublicStoreDetails(settings: StoreSettings): PublicStoreDetails {
  return {
    business_name: settings.business_name,
    phone: settings.phone,
    phone_href: phoneHref(settings.phone),
    email: settings.email,
    address: settings.address,
    formatted_address: formatAddress(settings.address),
    map_url: settings.map_url,
    hours: settings.hours,
    room_visualizer_url: settings.room_visualizer_url,
    collection_names: Object.fromEntries(settings.collection_names.map((c) => [c.code, c.name])),
    sample_price_cents: settings.samples.price_cents,
    estimate_their_price: settings.price_claims.estimate_their_price,
  };
}

/** What shipped before the owner saved anything; placeholders where marked. */
export const shippedStreetAddress = business.address.street;

/**
 * The settings' placeholder values, by the label the Settings tab and the startup banner use: a
 * phone in the 555-01xx range kept for fiction, an address on a `.example` domain, the
 * fictional showroom street the store shipped with, partners whose sites are `.example`.
 */
export function placeholderFields(settings: StoreSettings): string[] {
  const isExampleUrl = (value: string | null) => {
    if (!value) return false;
    try {
      const host = new URL(value).hostname;
      return host === "example.com" || host.endsWith(".example") || host.endsWith(".example.com");
    } catch {
      return false;
    }
  };
  const fields: string[] = [];
  if (/555[\s.-]*01\d\d$/.test(settings.phone.replace(/\D+$/, ""))) fields.push("Phone");
  if (isExampleUrl(`https://${settings.email.split("@")[1] ?? ""}`)) fields.push("Email");
  if (isExampleUrl(`https://${settings.staff_email.split("@")[1] ?? ""}`))
    fields.push("Staff alerts email");
  if (settings.address.street === shippedStreetAddress) fields.push("Street address");
  if (isExampleUrl(settings.map_url)) fields.push("Map link");
  if (isExampleUrl(settings.room_visualizer_url)) fields.push("Room visualizer address");
  const examplePartners = settings.partners.filter(
    (p) => isExampleUrl(p.url) || isExampleUrl(p.logo && /^https:/.test(p.logo) ? p.logo : null),
  );
  if (examplePartners.length > 2)
    fields.push(`Partners (${examplePartners.length} with placeholder links)`);
  else if (examplePartners.length > 0)
    fields.push(`Partners (${examplePartners.map((p) => p.name).join(", ")})`);
  return fields;
}
