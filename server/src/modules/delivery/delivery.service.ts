import { business, shippingDefaults } from "@mcf/contracts/business";
import {
  type DeliveryMethod,
  deliveryMethods,
  type FreightServiceId,
  type FreightServices,
  freightServiceIds,
} from "@mcf/contracts/delivery";
import { multiplyCents } from "@mcf/contracts/money";
import { invalid } from "../../errors.ts";
import { storeIdentity } from "../../mail/store-identity.ts";
import { addBusinessDays, storeToday } from "./delivery-dates.ts";
import { deliveryRates } from "./delivery-rates.ts";
import { federalHolidaysOf } from "./federal-holidays.ts";
import { shippedServiceAreaZips } from "./service-area-zips.ts";
import { lookUpUsZip, milesBetweenZips } from "./zip-table.ts";

/**
 * The delivery prices the owner sets in the back office's Settings tab (cents). Labels and
 * transit bands stay in delivery-rates.ts.
 */
export interface DeliveryPrices {
  localPerPalletCents: number;
  localFreeFromCents: number;
  /** Freight per pallet for products that do not name their own. */
  palletShippingCents: number;
  residentialCents: number;
  liftgateCents: number;
  parcelPerBoxCents: number;
  parcelPerPoundCents: number;
  /** Freight zones, near to far: from this many miles, this percent of the pallet rate. */
  freightZones: ReadonlyArray<{ fromMiles: number; percent: number }>;
}

/** The prices the store shipped with: the settings' defaults until the owner saves others. */
export const shippedDeliveryPrices: DeliveryPrices = {
  localPerPalletCents: deliveryRates.local.perPalletCents,
  localFreeFromCents: deliveryRates.local.freeFromCents,
  palletShippingCents: shippingDefaults.palletShippingCostCents,
  residentialCents: deliveryRates.freightServices.residential.cents,
  liftgateCents: deliveryRates.freightServices.liftgate.cents,
  parcelPerBoxCents: deliveryRates.parcel.perBoxCents,
  parcelPerPoundCents: deliveryRates.parcel.perPoundCents,
  freightZones: deliveryRates.freightZones,
};

/**
 * The percent of the pallet rate a pallet pays to go this far: the farthest zone that starts at
 * or before the distance. Without a ZIP code yet, the nearest zone's.
 */
export function freightZonePercent(prices: DeliveryPrices, miles: number | null): number {
  const zones = prices.freightZones;
  const reached = miles === null ? zones.slice(0, 1) : zones.filter((z) => z.fromMiles <= miles);
  return reached.at(-1)?.percent ?? 100;
}

/**
 * The lead times, parcel limits and local delivery area the owner sets in the Settings tab.
 * Times are business days: Monday to Friday, except the closed days.
 */
export interface DeliveryLimits {
  /** An order whose every line is in stock is ready this many business days after it is placed. */
  handlingBusinessDays: number;
  /** Our own truck delivers this many business days after the order is ready. */
  localBusinessDays: number;
  /** Parcel carries at most this many boxes and this many pounds; more go by truck. */
  parcelMaxBoxes: number;
  parcelMaxWeightLbs: number;
  /** The five-digit ZIP codes our own truck delivers to. */
  serviceAreaZips: ReadonlySet<string>;
  /** Where transit is measured from: the showroom's ZIP code as the settings give its address. */
  originZip: string;
  /** Dates (YYYY-MM-DD) neither the store nor its carriers pick up or deliver on. */
  closedDays: ReadonlySet<string>;
}

/** The limits the store shipped with: the settings' defaults until the owner saves others. */
export const shippedDeliveryLimits: DeliveryLimits = {
  handlingBusinessDays: deliveryRates.handlingBusinessDays,
  localBusinessDays: deliveryRates.local.businessDays,
  parcelMaxBoxes: deliveryRates.parcel.maxBoxes,
  parcelMaxWeightLbs: deliveryRates.parcel.maxWeightLbs,
  serviceAreaZips: new Set(shippedServiceAreaZips),
  originZip: business.address.zip,
  // Until the owner lists the store's own, the US federal holidays of this year and the next.
  closedDays: new Set(federalHolidaysOf(Number(storeToday().slice(0, 4)))),
};

/** What delivery needs to know of one cart line. */
export interface DeliveryLine {
  quantity: number;
  /** The product's cartons per pallet, or null for the default. */
  cartonsPerPallet: number | null;
  /** The product's freight cost per pallet in cents, or null for the default. */
  palletCostCents: number | null;
  /** Pounds per box, or null for the default. */
  boxWeightLbs: number | null;
  /** Boxes the store holds of this product now. */
  stockQuantity: number;
  /**
   * YYYY-MM-DD: when open purchase orders bring the boxes beyond `stockQuantity` (a backorder);
   * absent or null when they do not.
   */
  backorderDate?: string | null;
}

/** The samples of a cart: they travel by parcel and never add pallets, boxes or weight. */
export interface DeliverySamples {
  count: number;
  /** The flat parcel rate of an order of samples only, in cents (0: free). */
  parcelRateCents: number;
}

export interface DeliveryRequest {
  /** The box lines; empty for an order of samples only. */
  lines: DeliveryLine[];
  samples?: DeliverySamples;
  /** Merchandise after discount, in cents: what the free local delivery threshold reads. */
  merchandiseCents: number;
  /** Five digits or ZIP+4, already well formed; null when the shopper has not given one yet. */
  zip: string | null;
  /** Null: freight, as before there was a choice (or the cheapest, with `cheapestByDefault`). */
  method: DeliveryMethod | null;
  /** With no method chosen and a ZIP code known: the cheapest method that delivers there. */
  cheapestByDefault?: boolean;
  freightServices: FreightServices | null;
  now: Date;
  /** The store's delivery prices (settings); the shipped ones when absent. */
  prices?: DeliveryPrices;
  /** The store's lead times, parcel limits and local area (settings); the shipped ones when absent. */
  limits?: DeliveryLimits;
}

export interface QuotedService {
  id: FreightServiceId;
  label: string;
  costCents: number;
  selected: boolean;
}

export interface QuotedDelivery {
  method: DeliveryMethod;
  label: string;
  costCents: number;
  available: boolean;
  reason: string | null;
  estimatedDate: string | null;
  services: QuotedService[];
}

export interface DeliveryQuote {
  /** Boxes of every line share pallets: ceil(Σ boxes ÷ cartons per pallet of each line). */
  pallets: number;
  /** Every method, in the order the checkout lists them. */
  options: QuotedDelivery[];
  chosen: QuotedDelivery;
  /** The chosen method as the order summary, payment page and email name it. */
  summaryLabel: string;
  /** The chosen freight extras. */
  services: FreightServiceId[];
}

interface ZipInfo {
  zip5: string;
  state: string;
  miles: number;
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

/** A well-formed ZIP code that no US post office uses is refused: nothing can be quoted for it. */
function lookUpZip(zip: string, originZip: string): ZipInfo {
  const zip5 = zip.slice(0, 5);
  const found = lookUpUsZip(zip5);
  if (!found) throw invalid(`We could not find ZIP code ${zip5}. Please check it and try again.`);
  return {
    zip5,
    state: found.state,
    miles: milesBetweenZips(originZip, zip5) ?? Number.POSITIVE_INFINITY,
  };
}

/**
 * Pallets the order needs when its lines share pallets: each line fills its fraction of a pallet
 * (boxes ÷ that product's cartons per pallet), the fractions add up, and a started pallet counts.
 * 3 + 1 boxes of products that fit 50 a pallet need 1 pallet, not 2.
 */
export function sharedPallets(lines: DeliveryLine[]): number {
  const filled = lines.reduce(
    (sum, line) =>
      sum + line.quantity / Math.max(1, line.cartonsPerPallet ?? shippingDefaults.cartonsPerPallet),
    0,
  );
  // Fractions such as 1/3 + 2/3 may land a hair above a whole number in floating point.
  return Math.max(1, Math.ceil(filled - 1e-9));
}

/**
 * In stock: the handling time after today. A backordered line: the handling time after its
 * boxes are expected (today when that date is past), so the order ships when the rest arrives.
 * A line wanting more boxes than are available and not backordered has no date: checkout refuses
 * such a cart (409), so the quote never promises one.
 */
function readyDate(limits: DeliveryLimits, lines: DeliveryLine[], now: Date): string | null {
  const today = storeToday(now);
  let from = today;
  for (const line of lines) {
    if (line.stockQuantity >= line.quantity) continue;
    if (!line.backorderDate) return null;
    if (line.backorderDate > from) from = line.backorderDate;
  }
  return addBusinessDays(from, limits.handlingBusinessDays, limits.closedDays);
}

/** `days` business days after `ready`; no date when the order has none. */
function after(limits: DeliveryLimits, ready: string | null, days: number): string | null {
  return ready === null ? null : addBusinessDays(ready, days, limits.closedDays);
}

function transitFor(miles: number): { freight: number; parcel: number } {
  const band = deliveryRates.transitByMiles.find((row) => miles <= row.upToMiles);
  return band ?? deliveryRates.transitBeyond;
}

function notShippedReason(zip: ZipInfo): string | null {
  if (!deliveryRates.notShippedStates.has(zip.state)) return null;
  return `We ship to the 48 contiguous states and DC only. Please call us at ${storeIdentity().phone} about ZIP code ${zip.zip5}.`;
}

function quotePickup(ready: string | null): QuotedDelivery {
  return {
    method: "pickup",
    label: deliveryRates.labels.pickup,
    costCents: 0,
    available: true,
    reason: null,
    estimatedDate: ready,
    services: [],
  };
}

function quoteLocal(
  prices: DeliveryPrices,
  limits: DeliveryLimits,
  pallets: number,
  merchandiseCents: number,
  zip: ZipInfo | null,
  ready: string | null,
): QuotedDelivery {
  const free = merchandiseCents >= prices.localFreeFromCents;
  const base = {
    method: "local" as const,
    label: deliveryRates.labels.local,
    costCents: free ? 0 : pallets * prices.localPerPalletCents,
    services: [],
  };
  if (!zip)
    return {
      ...base,
      available: false,
      reason: "Enter your ZIP code to see if our own truck delivers there.",
      estimatedDate: null,
    };
  // Only the service area's ZIP codes as the owner last saved them get our truck.
  if (!limits.serviceAreaZips.has(zip.zip5))
    return {
      ...base,
      available: false,
      reason: `Our own truck delivers around Birmingham only, and ZIP code ${zip.zip5} is outside that area.`,
      estimatedDate: null,
    };
  return {
    ...base,
    available: true,
    reason: null,
    estimatedDate: after(limits, ready, limits.localBusinessDays),
  };
}

function quoteFreight(
  prices: DeliveryPrices,
  limits: DeliveryLimits,
  lines: DeliveryLine[],
  pallets: number,
  chosen: FreightServices | null,
  zip: ZipInfo | null,
  ready: string | null,
): QuotedDelivery {
  // A shared pallet travels at the dearest pallet rate among the products on it, priced for
  // the distance zone of the ZIP code (to the cent, once per pallet).
  const baseRate = Math.max(
    ...lines.map((line) => line.palletCostCents ?? prices.palletShippingCents),
  );
  const palletRate = Math.round(
    (baseRate * freightZonePercent(prices, zip ? zip.miles : null)) / 100,
  );
  const services = freightServiceIds.map((id) => ({
    id,
    label: deliveryRates.freightServices[id].label,
    costCents: id === "residential" ? prices.residentialCents : prices.liftgateCents,
    selected: Boolean(chosen?.[id]),
  }));
  const extras = services.reduce((sum, s) => sum + (s.selected ? s.costCents : 0), 0);
  const reason = zip ? notShippedReason(zip) : null;
  return {
    method: "freight",
    label: deliveryRates.labels.freight,
    costCents: pallets * palletRate + extras,
    available: reason === null,
    reason,
    estimatedDate: zip && !reason ? after(limits, ready, transitFor(zip.miles).freight) : null,
    services,
  };
}

function quoteParcel(
  prices: DeliveryPrices,
  limits: DeliveryLimits,
  lines: DeliveryLine[],
  zip: ZipInfo | null,
  ready: string | null,
): QuotedDelivery {
  const boxes = lines.reduce((sum, line) => sum + line.quantity, 0);
  const pounds = lines.reduce(
    (sum, line) => sum + line.quantity * (line.boxWeightLbs ?? shippingDefaults.boxWeightLbs),
    0,
  );
  const costCents =
    boxes * prices.parcelPerBoxCents + multiplyCents(prices.parcelPerPoundCents, pounds);
  let reason = zip ? notShippedReason(zip) : null;
  // The settings' limits: more boxes or pounds than these go by truck.
  if (boxes > limits.parcelMaxBoxes)
    reason = `Parcel delivery is for orders of up to ${limits.parcelMaxBoxes} ${limits.parcelMaxBoxes === 1 ? "box" : "boxes"}; this one has ${boxes}.`;
  else if (pounds > limits.parcelMaxWeightLbs)
    reason = `Parcel delivery is for orders up to ${limits.parcelMaxWeightLbs} lb; this one weighs about ${Math.round(pounds)} lb.`;
  return {
    method: "parcel",
    label: deliveryRates.labels.parcel,
    costCents,
    available: reason === null,
    reason,
    estimatedDate: zip && !reason ? after(limits, ready, transitFor(zip.miles).parcel) : null,
    services: [],
  };
}

/**
 * A delivery method as order summaries, payment pages and emails name it: the trucks say how
 * many pallets they carry ("Freight delivery (1 pallet)").
 */
export function deliverySummaryLabel(method: DeliveryMethod, pallets: number): string {
  const label = deliveryRates.labels[method];
  if (method === "freight" || method === "local") return `${label} (${plural(pallets, "pallet")})`;
  return label;
}

/**
 * An order of samples only: one small parcel at the flat sample rate (or free), or picked up at
 * the showroom; the trucks carry boxes, so they are not offered.
 */
function quoteSamplesOnly(
  samples: DeliverySamples,
  limits: DeliveryLimits,
  zip: ZipInfo | null,
  now: Date,
): Record<DeliveryMethod, QuotedDelivery> {
  const ready = addBusinessDays(storeToday(now), limits.handlingBusinessDays, limits.closedDays);
  const truckReason = "Samples travel by parcel; our trucks and freight carry boxes only.";
  const truck = (method: "local" | "freight"): QuotedDelivery => ({
    method,
    label: deliveryRates.labels[method],
    costCents: 0,
    available: false,
    reason: truckReason,
    estimatedDate: null,
    services: [],
  });
  const reason = zip ? notShippedReason(zip) : null;
  return {
    pickup: quotePickup(ready),
    local: truck("local"),
    freight: truck("freight"),
    parcel: {
      method: "parcel",
      label: deliveryRates.labels.parcel,
      costCents: samples.parcelRateCents,
      available: reason === null,
      reason,
      estimatedDate: zip && !reason ? after(limits, ready, transitFor(zip.miles).parcel) : null,
      services: [],
    },
  };
}

/** The methods that bring the boxes to the door, in the order a tie is settled: our own truck first. */
const deliveredMethods = ["local", "freight", "parcel"] as const satisfies DeliveryMethod[];

/**
 * The method quoted before the shopper chooses: parcel for samples only; freight, unless the
 * checkout asks for the cheapest method that delivers to a known ZIP code (our free local truck
 * before a paid freight carrier).
 */
function defaultMethod(
  byMethod: Record<DeliveryMethod, QuotedDelivery>,
  samplesOnly: boolean,
  cheapest: boolean,
): DeliveryMethod {
  if (samplesOnly) return "parcel";
  if (!cheapest) return "freight";
  const offered = deliveredMethods.filter((method) => byMethod[method].available);
  if (offered.length === 0) return "freight";
  return offered.reduce((best, method) =>
    byMethod[method].costCents < byMethod[best].costCents ? method : best,
  );
}

/**
 * Prices and dates every delivery method for a cart and ZIP code, and picks the chosen one
 * (when none is chosen, the one `defaultMethod` names). Samples never add pallets,
 * boxes or weight: in an order with boxes they ride with the boxes' delivery at no charge. Throws 422 for a ZIP code no post office uses, and for a chosen
 * method that is not offered for this cart and ZIP code, naming why.
 */
export function quoteDelivery(request: DeliveryRequest): DeliveryQuote {
  const prices = request.prices ?? shippedDeliveryPrices;
  const limits = request.limits ?? shippedDeliveryLimits;
  const zip = request.zip ? lookUpZip(request.zip, limits.originZip) : null;
  const samplesOnly = request.lines.length === 0;
  const pallets = samplesOnly ? 0 : sharedPallets(request.lines);
  const ready = readyDate(limits, request.lines, request.now);
  const byMethod: Record<DeliveryMethod, QuotedDelivery> = samplesOnly
    ? quoteSamplesOnly(
        request.samples ?? { count: 0, parcelRateCents: 0 },
        limits,
        zip,
        request.now,
      )
    : {
        pickup: quotePickup(ready),
        local: quoteLocal(prices, limits, pallets, request.merchandiseCents, zip, ready),
        freight: quoteFreight(
          prices,
          limits,
          request.lines,
          pallets,
          request.freightServices,
          zip,
          ready,
        ),
        parcel: quoteParcel(prices, limits, request.lines, zip, ready),
      };
  const chosen =
    byMethod[
      request.method ??
        defaultMethod(byMethod, samplesOnly, zip !== null && request.cheapestByDefault === true)
    ];
  if (!chosen.available)
    throw invalid(
      `${chosen.label} is not available: ${chosen.reason} Please choose another delivery method.`,
    );
  return {
    pallets,
    options: deliveryMethods.map((method) => byMethod[method]),
    chosen,
    summaryLabel: deliverySummaryLabel(chosen.method, pallets),
    services: chosen.services.filter((s) => s.selected).map((s) => s.id),
  };
}

/**
 * The state whose sales tax applies: the ship-to state, and for a showroom pickup the
 * showroom's own state, where the customer takes the boxes.
 */
export function taxStateFor(
  method: DeliveryMethod | null,
  shipToState: string | null,
  showroomState: string = business.address.state,
) {
  return method === "pickup" ? showroomState : shipToState;
}
