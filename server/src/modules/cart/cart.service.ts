import {
  type BackorderSplit,
  backorderMessage,
  backorderSplit,
} from "@mcf/contracts/backorder-options";
import { salesTaxRates, shippingDefaults } from "@mcf/contracts/business";
import type { CartCalculationResult, ProductBackorder } from "@mcf/contracts/cart";
import { type CartItemKind, sampleRules } from "@mcf/contracts/cart-kinds";
import type { DeliveryMethod, FreightServices } from "@mcf/contracts/delivery";
import { lotShortMessage } from "@mcf/contracts/lots";
import { multiplyCents, toDollars } from "@mcf/contracts/money";
import type { PriceSource } from "@mcf/contracts/pricing";
import { shortStockMessage } from "@mcf/contracts/stock-options";
import type { StoreSettings } from "@mcf/contracts/store-settings";
import { zipStateMismatch } from "@mcf/contracts/us-states";
import type { DbOrTx } from "../../db/client.ts";
import { invalid, notFound } from "../../errors.ts";
import { storeIdentity } from "../../mail/store-identity.ts";
import {
  findLotsByIds,
  findProductRows,
  type ProductLotRow,
  type ProductRow,
} from "../catalog/catalog.service.ts";
import {
  type CouponCheck,
  customerHasUsedCoupon,
  evaluateCoupon,
  findCoupon,
} from "../coupons/coupons.service.ts";
import {
  type DeliveryLimits,
  type DeliveryPrices,
  type DeliveryQuote,
  quoteDelivery,
  taxStateFor,
} from "../delivery/delivery.service.ts";
import type { PartnerUserRow } from "../partners/partners.service.ts";
import { sampleLinePrices, sellingPrice } from "../pricing/pricing.service.ts";
import { expectedBoxes } from "../purchasing/purchasing.service.ts";

export interface CartLineInput {
  product_id: number;
  quantity: number;
  /** Boxes when absent. */
  kind?: CartItemKind;
  /** Boxes from this dye lot only ("order more from the same lot"). */
  lot_id?: number | null;
}

/** A line's chosen dye lot as the cart sees it now. */
export interface LineLot {
  lotId: number;
  /** Null when the lot is gone (deleted, or of another product). */
  lotCode: string | null;
  boxesLeft: number;
  /** Null while the lot covers the line; else the sentence the payment would refuse with. */
  message: string | null;
}

export interface PricedLine {
  product: ProductRow;
  kind: CartItemKind;
  quantity: number;
  /** Samples of this line that are free (the first of the order); 0 for boxes. */
  freeQuantity: number;
  unitPriceCents: number;
  totalCents: number;
  sqftPerBox: number;
  totalSqft: number;
  source: PriceSource;
  cartonsPerPallet: number;
  /** The dye lot the line asked for, or null. */
  lot: LineLot | null;
  /**
   * When the product's boxes in the cart are more than are available and open purchase orders
   * cover the rest: the boxes available now, backordered, and when they are expected; else null.
   */
  backorder: BackorderSplit | null;
}

/**
 * Boxes of a closeout are final sale: they cannot be returned, and the shopper says so before
 * paying. A sample of a closeout is a hand-cut piece, never returned, so it asks nothing.
 */
export const isFinalSale = (line: Pick<PricedLine, "kind" | "product">): boolean =>
  line.kind === "box" && line.product.is_closeout;

export interface CartTotals {
  lines: PricedLine[];
  subtotalCents: number;
  coupon: CouponCheck | null;
  discountCents: number;
  shippingCents: number;
  totalCartons: number;
  palletsNeeded: number;
  /** Shared by every line, else null. */
  cartonsPerPallet: number | null;
  taxRate: number;
  taxCents: number;
  totalCents: number;
  totalSqft: number;
  /** Every delivery method priced and dated, and the chosen one whose cost is `shippingCents`. */
  delivery: DeliveryQuote;
}

export interface CartPricingOptions {
  couponCode?: string | null;
  shippingState?: string | null;
  /** Where the order goes (five digits or ZIP+4); null until the shopper gives one. */
  shippingZip?: string | null;
  /** Freight when none is given (the cheapest delivery to the ZIP code with `cheapestDelivery`). */
  deliveryMethod?: DeliveryMethod | null;
  cheapestDelivery?: boolean;
  freightServices?: FreightServices | null;
  partner: PartnerUserRow | null;
  /** The store's prices from its settings: tax rates, delivery prices and limits, samples. */
  rates: StoreRates;
  /** Locks the coupon row (payment time) and counts unpaid orders holding it. */
  couponLock?: (code: string) => Promise<number>;
  /** The paying customer's email: a one-per-customer coupon it has used is refused. */
  customerEmail?: string;
  now?: Date;
  /**
   * Where the product rows come from: the catalogue's per-version rows for totals shown while
   * shopping; by default a read through `db` (a payment reads in its own transaction).
   */
  readProducts?: (ids: number[]) => Promise<ProductRow[]>;
}

/**
 * Sales tax rate of a ship-to state, as a fraction; 0 when none is given or the state has no rate
 * in the settings (`rates`; the shipped table when absent).
 */
export function taxRateFor(
  state: string | null | undefined,
  rates: Record<string, number> = salesTaxRates,
): number {
  if (!state) return 0;
  return rates[state.toUpperCase()] ?? 0;
}

export interface SampleSettings {
  pricePerSampleCents: number;
  parcelRateCents: number;
}

/**
 * Every price, lead time and delivery limit of a cart the owner sets in the Settings tab, as the
 * cart and checkout use them.
 */
export interface StoreRates {
  /** Sales tax by state, as fractions. */
  taxRates: Record<string, number>;
  delivery: DeliveryPrices;
  deliveryLimits: DeliveryLimits;
  samples: SampleSettings;
  /** Where a showroom pickup is taxed. */
  showroomState: string;
}

/**
 * The cart's prices and delivery limits from the store settings (money in cents, tax
 * percentages as fractions). Kept per settings object: the settings source hands out the same
 * object until a save, so each request does not build the service area's set anew.
 */
export function storeRatesFrom(settings: StoreSettings): StoreRates {
  let rates = ratesOfSettings.get(settings);
  if (!rates) {
    rates = ratesFrom(settings);
    ratesOfSettings.set(settings, rates);
  }
  return rates;
}
const ratesOfSettings = new WeakMap<StoreSettings, StoreRates>();

function ratesFrom(settings: StoreSettings): StoreRates {
  const limits = settings.delivery_limits;
  return {
    taxRates: Object.fromEntries(
      settings.tax_rates.map((rate) => [rate.state, rate.rate_percent / 100]),
    ),
    delivery: {
      localPerPalletCents: settings.delivery.local_per_pallet_cents,
      localFreeFromCents: settings.delivery.local_free_from_cents,
      palletShippingCents: settings.delivery.pallet_shipping_cents,
      residentialCents: settings.delivery.residential_cents,
      liftgateCents: settings.delivery.liftgate_cents,
      parcelPerBoxCents: settings.delivery.parcel_per_box_cents,
      parcelPerPoundCents: settings.delivery.parcel_per_pound_cents,
      freightZones: settings.freight_zones.map((zone) => ({
        fromMiles: zone.from_miles,
        percent: zone.percent,
      })),
    },
    deliveryLimits: {
      handlingBusinessDays: limits.handling_business_days,
      localBusinessDays: limits.local_business_days,
      parcelMaxBoxes: limits.parcel_max_boxes,
      parcelMaxWeightLbs: limits.parcel_max_weight_lbs,
      serviceAreaZips: new Set(settings.service_area_zips),
      originZip: settings.address.zip,
      closedDays: new Set(limits.closed_days),
    },
    samples: {
      pricePerSampleCents: settings.samples.price_cents,
      parcelRateCents: settings.samples.shipping_cents,
    },
    showroomState: settings.address.state,
  };
}

interface MergedLine {
  product_id: number;
  quantity: number;
  kind: CartItemKind;
  lot_id: number | null;
}

/**
 * Same product and kind on several lines counts once, with the quantities added (boxes and
 * samples of one product stay two lines), in the order the cart first lists them.
 */
function mergeLines(items: CartLineInput[]): MergedLine[] {
  const byKey = new Map<string, MergedLine>();
  for (const item of items) {
    const kind = item.kind ?? "box";
    // Boxes of a chosen lot stay their own line: they come from that lot only.
    const lotId = kind === "box" ? (item.lot_id ?? null) : null;
    const key = `${kind}:${item.product_id}:${lotId ?? ""}`;
    const line = byKey.get(key);
    if (line) line.quantity += item.quantity;
    else
      byKey.set(key, { product_id: item.product_id, quantity: item.quantity, kind, lot_id: lotId });
  }
  return [...byKey.values()];
}

/** Refuses more samples than one order may hold, before anything is read. */
function checkSampleCount(lines: MergedLine[]): void {
  const samples = lines.reduce(
    (sum, line) => sum + (line.kind === "sample" ? line.quantity : 0),
    0,
  );
  if (samples > sampleRules.maxPerOrder)
    throw invalid(
      `You can order up to ${sampleRules.maxPerOrder} samples at a time; this cart has ${samples.toLocaleString("en-US")}. Please remove some samples.`,
    );
}

function priceBoxLine(
  product: ProductRow,
  quantity: number,
  partner: PartnerUserRow | null,
): PricedLine {
  const price = sellingPrice(product, partner);
  if (!price)
    throw invalid(
      `"${product.name}" is not available for online purchase. Please contact us for pricing.`,
    );
  return {
    product,
    kind: "box",
    quantity,
    freeQuantity: 0,
    unitPriceCents: price.unitPriceCents,
    totalCents: price.unitPriceCents * quantity,
    sqftPerBox: price.sqftPerBox,
    totalSqft: Math.round(price.sqftPerBox * quantity * 100) / 100,
    source: price.source,
    cartonsPerPallet: product.cartons_per_pallet ?? shippingDefaults.cartonsPerPallet,
    lot: null,
    backorder: null,
  };
}

/** Sample lines priced together: the first samples of the order are free (contracts' rule). */
function priceSampleLinesOf(
  lines: Array<{ product: ProductRow; quantity: number }>,
  settings: SampleSettings,
): PricedLine[] {
  const prices = sampleLinePrices(
    lines.map((line) => line.quantity),
    settings.pricePerSampleCents,
  );
  return lines.map(({ product, quantity }, index) => {
    if (!product.samples_available)
      throw invalid(
        `Samples of "${product.name}" are not available. Please remove the sample from your cart, or call us at ${storeIdentity().phone} to see it in our showroom.`,
      );
    const price = prices[index] ?? { freeQuantity: 0, totalCents: 0 };
    return {
      product,
      kind: "sample",
      quantity,
      freeQuantity: price.freeQuantity,
      unitPriceCents: settings.pricePerSampleCents,
      totalCents: price.totalCents,
      sqftPerBox: 0,
      totalSqft: 0,
      source: "public",
      cartonsPerPallet: product.cartons_per_pallet ?? shippingDefaults.cartonsPerPallet,
      lot: null,
      backorder: null,
    };
  });
}

/**
 * A chosen lot as it stands: the price never changes with the lot; the payment takes the boxes
 * from it or refuses with the same sentence (orders/order-lots.ts).
 */
function lineLot(
  line: { product: ProductRow; quantity: number; lot_id: number | null },
  lot: ProductLotRow | undefined,
): LineLot {
  const mine = lot && lot.product_id === line.product.id ? lot : null;
  const boxesLeft = mine?.boxes ?? 0;
  return {
    lotId: line.lot_id ?? 0,
    lotCode: mine?.lot_code ?? null,
    boxesLeft,
    message:
      mine && boxesLeft >= line.quantity
        ? null
        : lotShortMessage(line.product.name, mine?.lot_code ?? null, boxesLeft),
  };
}

/**
 * What the product page offers beyond the boxes available now: the boxes open purchase orders
 * will bring that no backorder is promised yet, earliest first. 404 for an unknown product.
 */
export async function backorderOffer(db: DbOrTx, productId: number): Promise<ProductBackorder> {
  const [row] = await findProductRows(db, [productId]);
  if (!row) throw notFound("Product not found");
  const product = { available: row.stock_quantity };
  const expected = await expectedBoxes(db, [productId]);
  return {
    product_id: productId,
    available: Math.max(0, product.available),
    expected: expected.get(productId) ?? [],
  };
}

/**
 * A product whose box lines want more than is available is offered as a backorder when open
 * purchase orders cover the rest (none of its lines asking for a dye lot): each of its lines
 * carries the split. Read only when some line is short, so a cart in stock costs no query.
 */
async function offerBackorders(db: DbOrTx, lines: PricedLine[]): Promise<void> {
  const wanted = new Map<number, number>();
  for (const line of lines)
    if (line.kind === "box")
      wanted.set(line.product.id, (wanted.get(line.product.id) ?? 0) + line.quantity);
  const short = lines
    .filter(
      (line) =>
        line.kind === "box" && (wanted.get(line.product.id) ?? 0) > line.product.stock_quantity,
    )
    .map((line) => line.product.id);
  if (short.length === 0) return;
  const expected = await expectedBoxes(db, short);
  for (const line of lines) {
    if (line.kind !== "box" || !short.includes(line.product.id)) continue;
    const withLot = lines.some((other) => other.product.id === line.product.id && other.lot);
    if (withLot) continue;
    line.backorder = backorderSplit(
      wanted.get(line.product.id) ?? line.quantity,
      line.product.stock_quantity,
      expected.get(line.product.id) ?? [],
    );
  }
}

/**
 * Prices a cart from the database: the per-box price from the pricing service (the one the
 * product pages show), sample lines (the first of the order free, then the sample price),
 * coupon discount, every delivery method (box lines share pallets, samples add none; the chosen
 * method's cost is the shipping), tax on merchandise after discount by ship-to state (a pickup
 * is taxed where the showroom is). Throws 422 for unknown or unpriced products, a sample of a
 * product without samples, more samples than an order may hold, an unknown ZIP code or a
 * delivery method not offered for it, or a ZIP code of another state than the ship-to state.
 * An invalid coupon is not an error: it gives no discount and its reason is in `coupon.message`.
 */
export async function priceCart(
  db: DbOrTx,
  items: CartLineInput[],
  options: CartPricingOptions,
): Promise<CartTotals> {
  // A ZIP code of another state than the chosen one is a typo in the address: refused, never
  // priced or shipped on a guess of which of the two is right.
  const mismatch =
    options.shippingZip && options.shippingState
      ? zipStateMismatch(options.shippingZip, options.shippingState)
      : null;
  if (mismatch) throw invalid(mismatch);
  const merged = mergeLines(items);
  checkSampleCount(merged);
  const ids = [...new Set(merged.map((line) => line.product_id))];
  const rows = options.readProducts
    ? await options.readProducts(ids)
    : await findProductRows(db, ids);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const withProducts = merged.map((line) => {
    const product = byId.get(line.product_id);
    if (!product)
      throw invalid(
        `Product ${line.product_id} is not in our catalogue. Please remove it from your cart.`,
      );
    return { ...line, product };
  });
  const sampleLines = priceSampleLinesOf(
    withProducts.filter((line) => line.kind === "sample"),
    options.rates.samples,
  );
  // Lines keep the cart's order: boxes priced one by one, samples as one group.
  const lots = await findLotsByIds(
    db,
    withProducts.flatMap((line) => (line.lot_id === null ? [] : [line.lot_id])),
  );
  const lines: PricedLine[] = withProducts.map((line) =>
    line.kind === "sample"
      ? (sampleLines.shift() as PricedLine)
      : {
          ...priceBoxLine(line.product, line.quantity, options.partner),
          lot: line.lot_id === null ? null : lineLot(line, lots.get(line.lot_id)),
        },
  );
  await offerBackorders(db, lines);
  const boxLines = lines.filter((line) => line.kind === "box");

  const subtotalCents = lines.reduce((sum, line) => sum + line.totalCents, 0);
  let coupon: CouponCheck | null = null;
  const code = options.couponCode?.trim();
  if (code) {
    const row = await findCoupon(db, code, { forUpdate: Boolean(options.couponLock) });
    const reserved = row && options.couponLock ? await options.couponLock(row.code) : 0;
    const used =
      row?.once_per_customer && options.customerEmail
        ? await customerHasUsedCoupon(db, row.code, options.customerEmail)
        : false;
    coupon = evaluateCoupon(row, subtotalCents, options.now ?? new Date(), reserved, used);
  }
  const discountCents = coupon?.discountCents ?? 0;
  const delivery = quoteDelivery({
    lines: boxLines.map(({ product, quantity }) => ({
      quantity,
      cartonsPerPallet: product.cartons_per_pallet,
      palletCostCents: product.pallet_shipping_cost_cents,
      boxWeightLbs: product.box_weight_lbs === null ? null : Number(product.box_weight_lbs),
      stockQuantity: product.stock_quantity,
      backorderDate: boxLines.find((l) => l.product.id === product.id && l.backorder)?.backorder
        ?.expectedDate,
    })),
    samples: {
      count: lines.reduce((sum, line) => sum + (line.kind === "sample" ? line.quantity : 0), 0),
      parcelRateCents: options.rates.samples.parcelRateCents,
    },
    merchandiseCents: subtotalCents - discountCents,
    zip: options.shippingZip ?? null,
    method: options.deliveryMethod ?? null,
    cheapestByDefault: options.cheapestDelivery ?? false,
    freightServices: options.freightServices ?? null,
    now: options.now ?? new Date(),
    prices: options.rates.delivery,
    limits: options.rates.deliveryLimits,
  });
  // Tax is on merchandise after discount, never on delivery.
  const taxRate = taxRateFor(
    taxStateFor(
      options.deliveryMethod ?? null,
      options.shippingState ?? null,
      options.rates.showroomState,
    ),
    options.rates.taxRates,
  );
  const taxCents = multiplyCents(subtotalCents - discountCents, taxRate);
  const shippingCents = delivery.chosen.costCents;
  const sharedCpp = new Set(boxLines.map((line) => line.cartonsPerPallet));
  return {
    lines,
    subtotalCents,
    coupon,
    discountCents,
    shippingCents,
    // Cartons are boxes of flooring: trim pieces, rolls and pails ride along but are not counted.
    totalCartons: boxLines.reduce(
      (sum, line) => sum + (line.product.selling_unit === "box" ? line.quantity : 0),
      0,
    ),
    palletsNeeded: delivery.pallets,
    cartonsPerPallet: sharedCpp.size === 1 ? (boxLines[0]?.cartonsPerPallet ?? null) : null,
    taxRate,
    taxCents,
    totalCents: subtotalCents - discountCents + shippingCents + taxCents,
    totalSqft: Math.round(lines.reduce((sum, line) => sum + line.totalSqft, 0) * 100) / 100,
    delivery,
  };
}

/** The JSON answer of `POST /api/cart/calculate`. */
export function toCalculationResult(totals: CartTotals): CartCalculationResult {
  return {
    items: totals.lines.map((line) => ({
      product_id: line.product.id,
      product_name: line.product.name,
      quantity: line.quantity,
      unit_price: toDollars(line.unitPriceCents),
      sqft_per_box: line.sqftPerBox,
      total_sqft: line.totalSqft,
      total_price: toDollars(line.totalCents),
      price_source: line.source,
      final_sale: isFinalSale(line),
      kind: line.kind,
      free_quantity: line.freeQuantity,
      ...(line.lot
        ? {
            lot: {
              lot_id: line.lot.lotId,
              lot_code: line.lot.lotCode,
              boxes_left: line.lot.boxesLeft,
              message: line.lot.message,
            },
          }
        : {}),
      selling_unit: line.kind === "sample" ? "box" : line.product.selling_unit,
      ...(line.backorder
        ? {
            backorder: {
              available_now: line.backorder.availableNow,
              backordered: line.backorder.backordered,
              expected_date: line.backorder.expectedDate,
              message: backorderMessage(line.backorder),
            },
          }
        : line.kind === "box" && line.quantity > line.product.stock_quantity
          ? {
              short_stock: {
                available: Math.max(0, line.product.stock_quantity),
                message: shortStockMessage(line.product.name, line.product.stock_quantity),
              },
            }
          : {}),
    })),
    shipping: {
      total_cartons: totals.totalCartons,
      pallets_needed: totals.palletsNeeded,
      cartons_per_pallet: totals.cartonsPerPallet,
      cost: toDollars(totals.shippingCents),
      method: totals.delivery.chosen.method,
      label: totals.delivery.summaryLabel,
      estimated_date: totals.delivery.chosen.estimatedDate,
    },
    delivery_options: totals.delivery.options.map((option) => ({
      method: option.method,
      label: option.label,
      cost: toDollars(option.costCents),
      available: option.available,
      reason: option.reason,
      estimated_date: option.estimatedDate,
      services: option.services.map((service) => ({
        id: service.id,
        label: service.label,
        cost: toDollars(service.costCents),
        selected: service.selected,
      })),
    })),
    subtotal: toDollars(totals.subtotalCents),
    coupon_code: totals.coupon?.code ?? null,
    discount: toDollars(totals.discountCents),
    coupon_message: totals.coupon?.message ?? null,
    tax_rate: totals.taxRate,
    tax: toDollars(totals.taxCents),
    total: toDollars(totals.totalCents),
    total_sqft: totals.totalSqft,
  };
}
