import { toCents, toDollars } from "@mcf/contracts/money";
import { type StoreSettings, storeSettingsSchema } from "@mcf/contracts/store-settings";

/** The prices the form edits in dollars (the settings keep cents). */
export const deliveryPriceFields = [
  ["local_per_pallet_cents", "Local delivery, per pallet"],
  ["local_free_from_cents", "Free local delivery from (merchandise)"],
  ["pallet_shipping_cents", "Freight, per pallet (products without their own rate)"],
  ["residential_cents", "Freight: residential delivery"],
  ["liftgate_cents", "Freight: liftgate at delivery"],
  ["parcel_per_box_cents", "Parcel, per box"],
  ["parcel_per_pound_cents", "Parcel, per pound"],
] as const satisfies ReadonlyArray<readonly [keyof StoreSettings["delivery"], string]>;

export const samplePriceFields = [
  ["price_cents", "Each sample past the free ones"],
  ["shipping_cents", "Parcel rate of an order of samples only"],
] as const satisfies ReadonlyArray<readonly [keyof StoreSettings["samples"], string]>;

/** The lead times and parcel limits the form edits, with their hints. */
export const deliveryLimitFields = [
  [
    "handling_business_days",
    "Handling time (business days)",
    "An order whose boxes are all in stock is ready this many business days after it is placed.",
  ],
  [
    "local_business_days",
    "Local delivery time (business days)",
    "Our own truck delivers this many business days after the order is ready.",
  ],
  [
    "parcel_max_boxes",
    "Parcel limit (boxes)",
    "Orders with more boxes go by freight or our own truck.",
  ],
  [
    "parcel_max_weight_lbs",
    "Parcel weight limit (lb)",
    "Orders heavier than this go by freight or our own truck.",
  ],
] as const satisfies ReadonlyArray<
  readonly [keyof StoreSettings["delivery_limits"], string, string]
>;

/** The business numbers the form edits, with their hints. */
export const businessNumberFields = [
  ["restocking_fee_percent", "Restocking fee (%)", "Taken from the merchandise of a return."],
  [
    "return_window_days",
    "Return window (days)",
    "Unopened boxes can be returned this many days after delivery (or shipping).",
  ],
  [
    "install_deposit_percent",
    "Installation deposit (%)",
    "Of each new estimate's total; an estimate already sent keeps its deposit.",
  ],
  [
    "install_full_refund_days",
    "Installation: full refund until (days before the install)",
    "A cancelled installation gets its whole deposit back until this many days before the install date.",
  ],
  [
    "install_cancel_kept_percent",
    "Installation: kept on a later cancellation (%)",
    "Of the deposit, when the installation is cancelled later than that.",
  ],
  [
    "sample_follow_up_days",
    "Sample follow-up (days)",
    "A delivered sample order gets its follow-up email this many days later.",
  ],
] as const satisfies ReadonlyArray<
  readonly [keyof StoreSettings["business_numbers"], string, string]
>;

/** The online booking rules the form edits, with their hints. */
export const bookingRuleFields = [
  ["slot_minutes", "Measure visit length (minutes)", "How long a measure visit is booked for."],
  [
    "buffer_minutes",
    "Travel buffer (minutes)",
    "Kept free between two visits of a crew, to drive from one home to the next.",
  ],
  [
    "window_days",
    "Booking window (days)",
    "How many days ahead customers may book, today included.",
  ],
  [
    "same_day_cutoff_hour",
    "Same-day cut-off (hour, 0-24)",
    "After this hour no visit is offered for the same day (24: same-day booking all day).",
  ],
  [
    "change_cutoff_hours",
    "Change cut-off (hours before the visit)",
    "Customers may move or cancel a visit from their email link until this many hours before it.",
  ],
] as const satisfies ReadonlyArray<readonly [keyof StoreSettings["booking"], string, string]>;

type TextFields<T> = { [K in keyof T]: string };

/**
 * What the form holds: the settings, with numbers, the ZIP code list and the closed days (one
 * date a line) as the text typed.
 */
export interface SettingsForm
  extends Omit<
    StoreSettings,
    | "delivery"
    | "delivery_limits"
    | "business_numbers"
    | "booking"
    | "service_area_zips"
    | "samples"
    | "tax_rates"
    | "freight_zones"
    | "map_url"
    | "room_visualizer_url"
  > {
  map_url: string;
  room_visualizer_url: string;
  delivery: TextFields<StoreSettings["delivery"]>;
  delivery_limits: TextFields<StoreSettings["delivery_limits"]>;
  business_numbers: TextFields<StoreSettings["business_numbers"]>;
  booking: TextFields<StoreSettings["booking"]>;
  /** The ZIP codes as typed: separated by spaces, commas or new lines. */
  service_area_zips: string;
  samples: TextFields<StoreSettings["samples"]>;
  tax_rates: Array<{ state: string; rate_percent: string }>;
  freight_zones: Array<{ from_miles: string; percent: string }>;
}

const dollarsText = (cents: number) => toDollars(cents).toFixed(2);

export function toForm(settings: StoreSettings): SettingsForm {
  return {
    ...settings,
    map_url: settings.map_url ?? "",
    room_visualizer_url: settings.room_visualizer_url ?? "",
    delivery: Object.fromEntries(
      Object.entries(settings.delivery).map(([key, cents]) => [key, dollarsText(cents)]),
    ) as SettingsForm["delivery"],
    delivery_limits: {
      ...(Object.fromEntries(
        Object.entries(settings.delivery_limits).map(([key, value]) => [key, String(value)]),
      ) as SettingsForm["delivery_limits"]),
      closed_days: settings.delivery_limits.closed_days.join("\n"),
    },
    business_numbers: Object.fromEntries(
      Object.entries(settings.business_numbers).map(([key, value]) => [key, String(value)]),
    ) as SettingsForm["business_numbers"],
    booking: Object.fromEntries(
      Object.entries(settings.booking).map(([key, value]) => [key, String(value)]),
    ) as SettingsForm["booking"],
    service_area_zips: settings.service_area_zips.join(", "),
    samples: Object.fromEntries(
      Object.entries(settings.samples).map(([key, cents]) => [key, dollarsText(cents)]),
    ) as SettingsForm["samples"],
    tax_rates: settings.tax_rates.map((r) => ({
      state: r.state,
      rate_percent: String(r.rate_percent),
    })),
    freight_zones: settings.freight_zones.map((zone) => ({
      from_miles: String(zone.from_miles),
      percent: String(zone.percent),
    })),
    partners: settings.partners.map((p) => ({ ...p, logo: p.logo ?? "" })),
  };
}

/** Dollars typed → cents; text that is not a number stays text, for the schema to refuse. */
function centsOf(text: string): number | string {
  const value = Number(text.trim());
  return text.trim() !== "" && Number.isFinite(value) ? toCents(value) : text;
}

function numberOf(text: string): number | string {
  const value = Number(text.trim());
  return text.trim() !== "" && Number.isFinite(value) ? value : text;
}

/**
 * The ZIP codes typed, split on spaces, commas, semicolons and new lines; a code typed twice is
 * kept once (the schema refuses duplicates, and the owner means the same area either way).
 */
export function zipListOf(text: string): string[] {
  return [...new Set(text.split(/[\s,;]+/).filter((zip) => zip !== ""))];
}

/**
 * The closed days typed, one a line (commas and spaces separate them too); a date typed twice is
 * kept once, and the list is saved in date order.
 */
export function closedDaysOf(text: string): string[] {
  return [...new Set(text.split(/[\s,;]+/).filter((day) => day !== ""))].sort();
}

/** The body PUT /api/admin/settings takes. */
export function fromForm(form: SettingsForm): unknown {
  return {
    ...form,
    delivery: Object.fromEntries(
      Object.entries(form.delivery).map(([key, text]) => [key, centsOf(text)]),
    ),
    delivery_limits: {
      ...Object.fromEntries(
        Object.entries(form.delivery_limits).map(([key, text]) => [key, numberOf(text)]),
      ),
      closed_days: closedDaysOf(form.delivery_limits.closed_days),
    },
    business_numbers: Object.fromEntries(
      Object.entries(form.business_numbers).map(([key, text]) => [key, numberOf(text)]),
    ),
    booking: Object.fromEntries(
      Object.entries(form.booking).map(([key, text]) => [key, numberOf(text)]),
    ),
    service_area_zips: zipListOf(form.service_area_zips),
    samples: Object.fromEntries(
      Object.entries(form.samples).map(([key, text]) => [key, centsOf(text)]),
    ),
    tax_rates: form.tax_rates.map((r) => ({
      state: r.state,
      rate_percent: numberOf(r.rate_percent),
    })),
    freight_zones: form.freight_zones.map((zone) => ({
      from_miles: numberOf(zone.from_miles),
      percent: numberOf(zone.percent),
    })),
  };
}

/** Field path ("address.zip", "tax_rates.0.rate_percent") → its message. */
export type FieldErrors = Record<string, string>;

/**
 * The same checks the server makes (one schema), so each field says what is wrong before
 * anything is sent; null when the form is ready to save.
 */
export function checkForm(form: SettingsForm): FieldErrors | null {
  const result = storeSettingsSchema.safeParse(fromForm(form));
  if (result.success) return null;
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const path = fieldPathOf(issue.path);
    // A number field that got text: say it in dollars, as the form shows it.
    const message =
      issue.code === "invalid_type" && /_cents$/.test(path)
        ? "Enter an amount in dollars, like 75.00"
        : issue.code === "invalid_type" && path.endsWith("rate_percent")
          ? "Enter a percentage, like 10"
          : issue.message;
    addError(errors, path, message);
  }
  return errors;
}

/** The fields typed as one text that the settings keep as a list. */
const listFields = ["service_area_zips", "delivery_limits.closed_days"];

/** A list typed as one field: an entry's issue ("service_area_zips.3") is the list's. */
function fieldPathOf(parts: readonly PropertyKey[]): string {
  const path = parts.join(".");
  return listFields.find((list) => path.startsWith(`${list}.`)) ?? path;
}

/** One message per field; a list field names its first few bad entries, one after another. */
function addError(errors: FieldErrors, path: string, message: string) {
  const kept = errors[path];
  if (kept === undefined) errors[path] = message;
  else if (listFields.includes(path)) {
    const messages = kept.split("; ");
    if (messages.length < 3 && !messages.includes(message)) errors[path] = `${kept}; ${message}`;
  }
}

/** The server's 422 `detail` list ({loc: ["body", ...path], msg}) as field messages. */
export function serverFieldErrors(body: unknown): FieldErrors | null {
  const detail = (body as { detail?: unknown } | null)?.detail;
  if (!Array.isArray(detail)) return null;
  const errors: FieldErrors = {};
  for (const item of detail as Array<{ loc?: unknown[]; msg?: string }>) {
    const path = fieldPathOf(
      (item.loc ?? []).filter((part): part is PropertyKey => part !== "body"),
    );
    if (item.msg) addError(errors, path, item.msg);
  }
  return errors;
}
