// The delivery methods and their choices without zod, for browser code (decision 022): the
// checkout reads a saved choice with them, and importing delivery.ts there would ship zod too.

/**
 * How an order reaches the customer. The server prices and dates every method (the rules live in
 * the server's delivery module); these are the shapes the checkout sends and reads.
 */
export const deliveryMethods = ["pickup", "local", "freight", "parcel"] as const;
export type DeliveryMethod = (typeof deliveryMethods)[number];

/** The priced extras of a freight (LTL) delivery. */
export const freightServiceIds = ["residential", "liftgate"] as const;
export type FreightServiceId = (typeof freightServiceIds)[number];

/** Where a truck can reach, asked before a freight or local delivery is booked. */
export const siteAccessValues = ["full_truck", "small_truck_only"] as const;
export type SiteAccess = (typeof siteAccessValues)[number];
