/**
 * The details the shop shipped with: the store settings' defaults (server/src/modules/settings).
 * Pages, emails, JSON-LD and prices read the settings, never these, except the brand in titles.
 */
/** The store's clock: days, opening hours, dates and times are Birmingham's. */
export const storeTimeZone = "America/Chicago";

export const business = {
  name: "Magic City Floors",
  tagline: "Flooring sold by the box, installed by people who live here.",
  phone: "(205) 555-0148",
  phoneHref: "tel:+12055550148",
  email: "hello@magiccityfloors.example",
  address: {
    street: "4217 Crestwood Blvd",
    city: "Birmingham",
    state: "AL",
    zip: "35212",
    country: "US",
  },
  hours: [
    { days: "Mon-Fri", time: "8AM-6PM" },
    { days: "Saturday", time: "by appointment" },
    { days: "Sunday", time: "closed" },
  ],
  /** schema.org openingHours for JSON-LD. */
  openingHours: ["Mo-Fr 08:00-18:00"],
  installationDays: "1-3 days",
  inquiryReplyWindow: "24-48 hours",
  roomVisualizerUrl: "https://visualizer.roomvo.example/magic-city-floors",
} as const;

export const formattedAddress = `${business.address.street}, ${business.address.city}, ${business.address.state} ${business.address.zip}`;

export const productTypes = ["hardwood", "laminate", "vinyl", "tile", "carpet"] as const;
export type ProductType = (typeof productTypes)[number];

/** "hardwood" → "Hardwood": types are stored lowercase and shown capitalised. */
export function displayType(type: string | null | undefined): string {
  if (!type) return "";
  return type.charAt(0).toUpperCase() + type.slice(1);
}

/** Sales tax by ship-to state, as a fraction. States not listed are 0 until configured. */
export const salesTaxRates: Record<string, number> = {
  AL: 0.1, // Birmingham's combined state, county and city rate
};

/** Shipping defaults for products that leave these fields empty. */
export const shippingDefaults = {
  cartonsPerPallet: 40,
  palletShippingCostCents: 19500,
  /** A box of flooring weighs 30-60 lb; parcel limits read this when the product has none. */
  boxWeightLbs: 45,
} as const;

export const lowStockThreshold = 5;
/** Competitor "their price" per box = price_per_box / 0.75 (a 25% saving claim). */
export const competitorPriceFactor = 0.75;
export const perPageOptions = [25, 50, 75, 100, 200, -1] as const;
export const defaultPerPage = 100;
export const priceFilterMin = 0;
export const priceFilterMax = 999;
export const storageKeys = { cart: "flooringCart", aceToken: "ace_token" } as const;
export const buildVersion = "0.0.0-automated";
