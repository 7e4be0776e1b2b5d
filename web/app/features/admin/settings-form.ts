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

type DollarFields<T> = { [K in keyof T]: string };

/** What the form holds: the settings, with prices and tax rates as the text typed. */
export interface SettingsForm
  extends Omit<
    StoreSettings,
    "delivery" | "samples" | "tax_rates" | "map_url" | "room_visualizer_url"
  > {
  map_url: string;
  room_visualizer_url: string;
  delivery: DollarFields<StoreSettings["delivery"]>;
  samples: DollarFields<StoreSettings["samples"]>;
  tax_rates: Array<{ state: string; rate_percent: string }>;
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
    samples: Object.fromEntries(
      Object.entries(settings.samples).map(([key, cents]) => [key, dollarsText(cents)]),
    ) as SettingsForm["samples"],
    tax_rates: settings.tax_rates.map((r) => ({
      state: r.state,
      rate_percent: String(r.rate_percent),
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

/** The body PUT /api/admin/settings takes. */
export function fromForm(form: SettingsForm): unknown {
  return {
    ...form,
    delivery: Object.fromEntries(
      Object.entries(form.delivery).map(([key, text]) => [key, centsOf(text)]),
    ),
    samples: Object.fromEntries(
      Object.entries(form.samples).map(([key, text]) => [key, centsOf(text)]),
    ),
    tax_rates: form.tax_rates.map((r) => ({
      state: r.state,
      rate_percent: numberOf(r.rate_percent),
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
    const path = issue.path.join(".");
    // A number field that got text: say it in dollars, as the form shows it.
    const message =
      issue.code === "invalid_type" && /_cents$/.test(path)
        ? "Enter an amount in dollars, like 75.00"
        : issue.code === "invalid_type" && path.endsWith("rate_percent")
          ? "Enter a percentage, like 10"
          : issue.message;
    errors[path] ??= message;
  }
  return errors;
}

/** The server's 422 `detail` list ({loc: ["body", ...path], msg}) as field messages. */
export function serverFieldErrors(body: unknown): FieldErrors | null {
  const detail = (body as { detail?: unknown } | null)?.detail;
  if (!Array.isArray(detail)) return null;
  const errors: FieldErrors = {};
  for (const item of detail as Array<{ loc?: unknown[]; msg?: string }>) {
    const path = (item.loc ?? []).filter((part) => part !== "body").join(".");
    if (item.msg) errors[path] ??= item.msg;
  }
  return errors;
}
