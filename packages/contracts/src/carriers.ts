// The carriers our orders leave with, without zod, for browser code and the server alike.

/** LTL freight lines move pallets (tracked by PRO number); parcel carriers move boxes. */
export type CarrierKind = "ltl" | "parcel" | "own";

export interface Carrier {
  name: string;
  kind: CarrierKind;
  /** The carrier's public tracking page, `{number}` standing for the PRO or tracking number. */
  trackingUrl: string | null;
}

/**
 * Every carrier staff can choose when an order ships. The LTL lines are the ones flooring
 * freight leaves Birmingham with (regional Southeast carriers included); a carrier's page
 * moving is one edit here. "Freight carrier" (any other LTL line) and "Local delivery" (our
 * own truck) have no public tracking page.
 */
export const carriers = [
  {
    name: "Estes",
    kind: "ltl",
    trackingUrl: "https://www.estes-express.com/myestes/shipment-tracking/?type=PRO&query={number}",
  },
  {
    name: "R+L Carriers",
    kind: "ltl",
    trackingUrl:
      "https://www2.rlcarriers.com/freight/shipping/shipment-tracing?pro={number}&docType=PRO",
  },
  {
    name: "Old Dominion",
    kind: "ltl",
    trackingUrl: "https://www.odfl.com/Trace/standardResult.faces?pro={number}",
  },
  {
    name: "XPO",
    kind: "ltl",
    trackingUrl: "https://ltl.xpo.com/tracking?reqid=quicktrack&pros={number}",
  },
  {
    name: "Saia",
    kind: "ltl",
    trackingUrl: "https://www.saia.com/track/details?proNumber={number}",
  },
  {
    name: "ABF Freight",
    kind: "ltl",
    trackingUrl: "https://arcb.com/tools/tracking.html#/{number}",
  },
  {
    name: "Southeastern Freight Lines",
    kind: "ltl",
    trackingUrl: "https://www.sefl.com/Tracing/index.jsp?Type=PN&RefNum1={number}",
  },
  {
    name: "TForce Freight",
    kind: "ltl",
    trackingUrl: "https://www.tforcefreight.com/ltl/apps/Tracking?proNumbers={number}",
  },
  {
    name: "AAA Cooper",
    kind: "ltl",
    trackingUrl: "https://www.aaacooper.com/pwb/Transit/ProTrackResults.aspx?ProNum={number}",
  },
  {
    name: "Averitt Express",
    kind: "ltl",
    trackingUrl:
      "https://www.averittexpress.com/trackLTLById.avrt?serviceType=LTL&trackPro={number}",
  },
  {
    name: "FedEx Freight",
    kind: "ltl",
    trackingUrl: "https://www.fedex.com/fedextrack/?trknbr={number}",
  },
  { name: "Freight carrier", kind: "ltl", trackingUrl: null },
  { name: "UPS", kind: "parcel", trackingUrl: "https://www.ups.com/track?tracknum={number}" },
  {
    name: "FedEx",
    kind: "parcel",
    trackingUrl: "https://www.fedex.com/fedextrack/?trknbr={number}",
  },
  {
    name: "USPS",
    kind: "parcel",
    trackingUrl: "https://tools.usps.com/go/TrackConfirmAction?tLabels={number}",
  },
  { name: "Local delivery", kind: "own", trackingUrl: null },
] as const satisfies readonly Carrier[];

export type CarrierName = (typeof carriers)[number]["name"];

/** The names staff choose from, in the order of the list. */
export const shippingCarriers = carriers.map((carrier) => carrier.name) as [
  CarrierName,
  ...CarrierName[],
];

/** The carrier of a stored name (case-insensitive), or null for a name not in the list. */
export function findCarrier(name: string | null): Carrier | null {
  if (!name) return null;
  const wanted = name.trim().toLowerCase();
  return carriers.find((carrier) => carrier.name.toLowerCase() === wanted) ?? null;
}

/** What the carrier calls its number: LTL lines track by PRO number. */
export function trackingNumberLabel(carrierName: string | null): string {
  return findCarrier(carrierName)?.kind === "ltl" ? "PRO number" : "Tracking number";
}

/** The carrier's tracking page for a number, or null without a carrier page or number. */
export function carrierTrackingUrl(
  carrierName: string | null,
  trackingNumber: string | null,
): string | null {
  const template = findCarrier(carrierName)?.trackingUrl;
  const number = trackingNumber?.trim();
  if (!template || !number) return null;
  return template.replace("{number}", encodeURIComponent(number));
}
