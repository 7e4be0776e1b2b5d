// Order statuses and carriers without zod, for browser code (decision 022).

export const orderStatusValues = [
  "pending",
  "processing",
  "shipped",
  "delivered",
  "cancelled",
] as const;
export type OrderStatus = (typeof orderStatusValues)[number];

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
