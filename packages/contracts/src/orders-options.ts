// Order statuses and carriers without zod, for browser code (decision 022).

/** Where an order is in its life; the database refuses any other value. */
export const orderStatuses = [
  "pending",
  "processing",
  "shipped",
  "delivered",
  "cancelled",
] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** Where an order's payment is: cancelled by the shopper, failed (declined) or expired unpaid. */
export const paymentStatuses = ["unpaid", "paid", "failed", "expired", "cancelled"] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/**
 * What an order pays for: goods (flooring, samples, accessories) or an installation's deposit or
 * balance, whose pages and emails speak of the installation, never of boxes or shipping.
 */
export const orderPurposes = ["goods", "installation"] as const;
export type OrderPurpose = (typeof orderPurposes)[number];

// The carriers and their tracking links live in carriers.ts; these names stay for old imports.
export { carrierTrackingUrl, shippingCarriers } from "./carriers.ts";
