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

/** Parcel carriers whose tracking pages we can link to. */
export const shippingCarriers = [
  "UPS",
  "FedEx",
  "USPS",
  "Freight carrier",
  "Local delivery",
] as const;

export function carrierTrackingUrl(
  carrier: string | null,
  trackingNumber: string | null,
): string | null {
  if (!carrier || !trackingNumber) return null;
  const n = encodeURIComponent(trackingNumber);
  switch (carrier.toLowerCase()) {
    case "ups":
      return `https://www.ups.com/track?tracknum=${n}`;
    case "fedex":
      return `https://www.fedex.com/fedextrack/?trknbr=${n}`;
    case "usps":
      return `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}`;
    default:
      return null;
  }
}
