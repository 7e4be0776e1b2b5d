import { business, salesTaxRates } from "@mcf/contracts/business";
import type { Partner } from "@mcf/contracts/content";
import { returnWindowDays } from "@mcf/contracts/returns-options";
import {
  type AdminSettingsResponse,
  type BusinessNumberChange,
  type BusinessNumberField,
  businessNumberLabels,
  defaultReviewSettings,
  formatBusinessNumber,
  placeholderFields,
  type StoreSettings,
  shippedBookingRules,
  storeSettingsSchema,
  withoutEmptyUrls,
} from "@mcf/contracts/store-settings";
import { eq } from "drizzle-orm";
import type { Database, Db, DbOrTx } from "../../db/client.ts";
import { storeSettings } from "../../db/schema/settings.ts";
import { changedFields, listAudit, writeAudit } from "../audit/audit.service.ts";
import { contentVersionSource } from "../content/content.service.ts";
import { shippedDeliveryLimits, shippedDeliveryPrices } from "../delivery/delivery.service.ts";

export { placeholderFields } from "@mcf/contracts/store-settings";

/**
 * The store settings: one row (`store_settings`) holding the owner's saved document. With none
 * saved, the shipped defaults apply: today's business details (some of them placeholders), the
 * tax table, the delivery prices, lead times, parcel limits and service-area ZIP codes of the
 * delivery module, the sample prices from SAMPLE_PRICE / SAMPLE_SHIPPING, the staff alerts
 * address from STAFF_EMAIL, the business numbers from RESTOCKING_FEE_PERCENT,
 * INSTALL_DEPOSIT_PERCENT and SAMPLE_FOLLOW_UP_DAYS (those variables only seed them) and the
 * partners of content/partners.json. Saving moves the content version at commit (the table's
 * trigger), so every process re-reads the settings and re-renders its pages on the next request.
 */

/** What the shipped defaults take from the environment and the content folder. */
export interface SettingsDefaultsSource {
  samples: { pricePerSampleCents: number; parcelRateCents: number; followUpDays: number };
  restockingFeePercent: number;
  installDepositPercent: number;
  /** STAFF_EMAIL: where staff alerts go until the owner saves another address. */
  staffEmail: string;
  partners: Partner[];
}

/** The map search for an address: the map link the store ships with and keeps up to date. */
export function mapSearchLink(address: StoreSettings["address"]): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(
    `${address.street}, ${address.city}, ${address.state} ${address.zip}`,
  )}`;
}

/**
 * A map link that was the search for the old address follows a new address (as does the page's
 * `hasMap`); a link the owner chose stays as it is.
 */
function withMapFollowingAddress(settings: StoreSettings, before: StoreSettings): StoreSettings {
  if (settings.map_url !== mapSearchLink(before.address)) return settings;
  return { ...settings, map_url: mapSearchLink(settings.address) };
}

/** The settings the store uses until the owner saves some. */
export function shippedSettings(source: SettingsDefaultsSource): StoreSettings {
  const { address } = business;
  return {
    business_name: business.name,
    phone: business.phone,
    email: business.email,
    staff_email: source.staffEmail,
    address: { street: address.street, city: address.city, state: address.state, zip: address.zip },
    map_url: mapSearchLink(address),
    hours: business.hours.map((line) => ({ days: line.days, time: line.time })),
    tax_rates: Object.entries(salesTaxRates).map(([state, rate]) => ({
      state,
      rate_percent: Math.round(rate * 100_000) / 1000,
    })),
    delivery: {
      local_per_pallet_cents: shippedDeliveryPrices.localPerPalletCents,
      local_free_from_cents: shippedDeliveryPrices.localFreeFromCents,
      pallet_shipping_cents: shippedDeliveryPrices.palletShippingCents,
      residential_cents: shippedDeliveryPrices.residentialCents,
      liftgate_cents: shippedDeliveryPrices.liftgateCents,
      parcel_per_box_cents: shippedDeliveryPrices.parcelPerBoxCents,
      parcel_per_pound_cents: shippedDeliveryPrices.parcelPerPoundCents,
    },
    delivery_limits: {
      handling_business_days: shippedDeliveryLimits.handlingBusinessDays,
      local_business_days: shippedDeliveryLimits.localBusinessDays,
      parcel_max_boxes: shippedDeliveryLimits.parcelMaxBoxes,
      parcel_max_weight_lbs: shippedDeliveryLimits.parcelMaxWeightLbs,
      closed_days: [...shippedDeliveryLimits.closedDays],
    },
    service_area_zips: [...shippedDeliveryLimits.serviceAreaZips],
    freight_zones: shippedDeliveryPrices.freightZones.map((zone) => ({
      from_miles: zone.fromMiles,
      percent: zone.percent,
    })),
    samples: {
      price_cents: source.samples.pricePerSampleCents,
      shipping_cents: source.samples.parcelRateCents,
    },
    business_numbers: {
      restocking_fee_percent: source.restockingFeePercent,
      install_deposit_percent: source.installDepositPercent,
      return_window_days: returnWindowDays,
      sample_follow_up_days: source.samples.followUpDays,
      install_full_refund_days: 7,
      install_cancel_kept_percent: 10,
    },
    reviews: { ...defaultReviewSettings },
    booking: { ...shippedBookingRules },
    partners: source.partners.map((p) => ({ ...p, logo: p.logo ?? null })),
    price_claims: { estimate_their_price: true },
    room_visualizer_url: business.roomVisualizerUrl,
    collection_names: [{ code: "AR", name: "ACE Reserve" }],
  };
}

/**
 * The saved document over the defaults, section by section: a section saved by an older version
 * of the store, or one it did not have yet, takes its default. A saved document that no longer
 * validates (a rule tightened since) falls back to the defaults for its invalid sections. A
 * field added to the delivery limits since (the closed days) takes its default, and the saved
 * lead times stay.
 */
function withDefaults(saved: unknown, defaults: StoreSettings): StoreSettings {
  if (!saved || typeof saved !== "object") return defaults;
  const merged: Record<string, unknown> = { ...defaults };
  for (const [key, section] of Object.entries(saved as Record<string, unknown>)) {
    if (!(key in defaults)) continue;
    const value =
      key === "delivery_limits" && section && typeof section === "object"
        ? { ...defaults.delivery_limits, ...section }
        : section;
    const field = storeSettingsSchema.shape[key as keyof StoreSettings];
    if (field.safeParse(value).success) merged[key] = value;
  }
  return storeSettingsSchema.parse(merged);
}

interface SavedRow {
  settings: StoreSettings;
  updatedAt: Date | null;
  updatedBy: string | null;
}

async function readSaved(db: DbOrTx, defaults: StoreSettings, lock = false): Promise<SavedRow> {
  const query = db.select().from(storeSettings).where(eq(storeSettings.id, 1));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) return { settings: defaults, updatedAt: null, updatedBy: null };
  return {
    settings: withDefaults(row.settings, defaults),
    updatedAt: row.updated_at,
    updatedBy: row.updated_by,
  };
}

/** Where every part of the app reads the settings. */
export interface SettingsSource {
  /** The current settings: re-read when the content version moved (any process's save). */
  read(): Promise<StoreSettings>;
  /** The settings this process read last (for answers that do not read them per request). */
  latest(): StoreSettings;
  /** The shipped defaults. */
  readonly defaults: StoreSettings;
}

/**
 * The settings, kept per content version: one read of the version per request (a shared read on
 * PostgreSQL, a notification count on the embedded database, as the page cache does) and one
 * read of the row when it moved.
 */
export async function createSettingsSource(
  database: Database,
  defaults: StoreSettings,
): Promise<SettingsSource> {
  const version = await contentVersionSource(database);
  let kept: { version: string; settings: StoreSettings } | null = null;
  let loading: { version: string; settings: Promise<StoreSettings> } | null = null;
  const read = async () => {
    const current = await version();
    if (kept?.version === current) return kept.settings;
    if (loading?.version !== current) {
      const settings = readSaved(database.db, defaults).then((row) => row.settings);
      loading = { version: current, settings };
      settings.then(
        (value) => {
          kept = { version: current, settings: value };
        },
        () => {
          if (loading?.settings === settings) loading = null;
        },
      );
    }
    return loading.settings;
  };
  // Nothing is read at start: the app starts (and answers its health checks) with the database
  // down; until the first read, `latest` is the defaults.
  return { read, latest: () => kept?.settings ?? defaults, defaults };
}

/** The owner's view: the values, which are placeholders, and who saved them last. */
export async function getAdminSettings(
  db: DbOrTx,
  defaults: StoreSettings,
): Promise<AdminSettingsResponse> {
  return toAdminView(db, await readSaved(db, defaults));
}

async function toAdminView(db: DbOrTx, row: SavedRow): Promise<AdminSettingsResponse> {
  return {
    settings: row.settings,
    placeholders: placeholderFields(row.settings),
    updated_at: row.updatedAt?.toISOString() ?? null,
    updated_by: row.updatedBy,
    business_history: await businessNumberHistory(db),
  };
}

/** Where each business number sits in a saved settings document. */
function businessNumberOf(
  section: Record<string, unknown> | null,
  field: BusinessNumberField,
): unknown {
  if (field === "sample_price_cents")
    return (section?.samples as Record<string, unknown> | undefined)?.price_cents;
  return (section?.business_numbers as Record<string, unknown> | undefined)?.[field];
}

/**
 * The changes of the business numbers, newest first, read from the settings' audit entries (each
 * save records the sections it changed, before and after): who, when, the old and new value.
 */
export async function businessNumberHistory(db: DbOrTx): Promise<BusinessNumberChange[]> {
  const entries = await listAudit(db, {
    entity_type: "settings",
    entity_id: "1",
    limit: 200,
    offset: 0,
  });
  const fields = Object.keys(businessNumberLabels) as BusinessNumberField[];
  return entries.flatMap((entry) =>
    fields.flatMap((field) => {
      const before = businessNumberOf(entry.before as Record<string, unknown> | null, field);
      const after = businessNumberOf(entry.after as Record<string, unknown> | null, field);
      if (after === undefined || before === after) return [];
      return [
        {
          field,
          label: businessNumberLabels[field],
          before: formatBusinessNumber(field, before),
          after: formatBusinessNumber(field, after),
          actor: entry.actor,
          changed_at: entry.created_at,
        },
      ];
    }),
  );
}

/**
 * Saves the whole settings document (already validated), with an audit entry naming the staff
 * member and the fields that changed, in one transaction. The table's trigger moves the content
 * version at commit.
 */
export async function saveSettings(
  db: Db,
  input: StoreSettings,
  defaults: StoreSettings,
  actor: string,
): Promise<AdminSettingsResponse> {
  let settings = withoutEmptyUrls(input);
  const saved = await db.transaction(async (tx) => {
    const before = await readSaved(tx, defaults, true);
    settings = withMapFollowingAddress(settings, before.settings);
    const [row] = await tx
      .insert(storeSettings)
      .values({ id: 1, settings, updated_by: actor })
      .onConflictDoUpdate({
        target: storeSettings.id,
        set: { settings, updated_by: actor, updated_at: new Date() },
      })
      .returning();
    const diff = changedFields(before.settings, settings);
    await writeAudit(tx, {
      actor,
      action: "settings.update",
      entityType: "settings",
      entityId: 1,
      before: diff.before,
      after: diff.after,
    });
    return row;
  });
  return toAdminView(db, {
    settings,
    updatedAt: saved?.updated_at ?? new Date(),
    updatedBy: saved?.updated_by ?? actor,
  });
}
