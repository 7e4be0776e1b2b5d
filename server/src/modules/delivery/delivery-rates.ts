import type { DeliveryMethod, FreightServiceId } from "@mcf/contracts/delivery";

/**
 * The one table of delivery prices, limits and lead times. Money in cents, times in business
 * days (Monday to Friday, Birmingham time). The prices, lead times and parcel limits here are
 * only the store settings' defaults (`shippedDeliveryPrices`, `shippedDeliveryLimits`): the
 * owner changes them in the Settings tab, and quotes read the settings, never these fields.
 * Labels, freight extras' names, transit bands and the states not shipped to apply as they are.
 */
export const deliveryRates = {
  /** Boxes in stock are picked and ready this many business days after the order. */
  handlingBusinessDays: 1,
  labels: {
    pickup: "Showroom pickup",
    local: "Local delivery",
    freight: "Freight delivery",
    parcel: "Parcel delivery",
  } satisfies Record<DeliveryMethod, string>,
  /** Our own truck, in the service area: a flat fee per pallet, free from a merchandise total. */
  local: {
    perPalletCents: 7500,
    /** Merchandise after discount at or above this delivers free. */
    freeFromCents: 150000,
    businessDays: 1,
  },
  /** LTL freight: the pallets at the dearest pallet rate of the cart's lines, plus extras. */
  freightServices: {
    residential: { label: "Residential delivery", cents: 7500 },
    liftgate: { label: "Liftgate at delivery", cents: 9500 },
  } satisfies Record<FreightServiceId, { label: string; cents: number }>,
  /** Parcel carrier: small orders only, priced per box and per pound. */
  parcel: {
    maxBoxes: 5,
    maxWeightLbs: 150,
    perBoxCents: 1200,
    perPoundCents: 50,
  },
  /**
   * Freight by distance until the owner sets other zones: the pallet rate in full within 300
   * miles, then more for each band farther out.
   */
  freightZones: [
    { fromMiles: 0, percent: 100 },
    { fromMiles: 300, percent: 115 },
    { fromMiles: 700, percent: 135 },
    { fromMiles: 1200, percent: 160 },
  ],
  /** Transit after the order is ready, by straight-line miles from the showroom. */
  transitByMiles: [
    { upToMiles: 150, freight: 2, parcel: 1 },
    { upToMiles: 500, freight: 3, parcel: 2 },
    { upToMiles: 1000, freight: 4, parcel: 3 },
    { upToMiles: 1800, freight: 5, parcel: 4 },
  ],
  /** Past the last band (the West Coast). */
  transitBeyond: { freight: 7, parcel: 5 },
  /** Freight and parcel go to the 48 contiguous states and DC; elsewhere staff quote by phone. */
  notShippedStates: new Set(["AK", "HI", "PR", "VI", "GU", "AS", "MP", "FM", "MH", "PW"]),
} as const;
