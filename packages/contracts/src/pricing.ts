import type { SellingUnit } from "./accessories.ts";
import { competitorPriceFactor } from "./business.ts";
import { multiplyCents } from "./money.ts";

/**
 * The price rules of the store, in integer cents, with no database and no display: the server
 * applies them to product rows and answers the results; the web shows what the server answers.
 */

/** Where a price comes from: the public price, or an approved partner's price. */
export const priceSourceValues = ["public", "partner"] as const;
export type PriceSource = (typeof priceSourceValues)[number];

/** Who the price is for: an approved partner, or anyone else. */
export type PriceAudience = "public" | "partner";

/**
 * What the rules read of a product: per-sq-ft prices in cents, the box size in sq ft. For an
 * accessory (sold by the piece, roll or pail) the prices are per unit and the box size is unused.
 */
export interface ProductPriceInputs {
  /** "box" (flooring) when absent. */
  sellingUnit?: SellingUnit;
  /** our_price: the public price per sq ft (per unit for an accessory). */
  ourPriceCents: number | null;
  /** ace_shown_price: what an approved partner sees and pays per sq ft. */
  partnerPriceCents: number | null;
  /** competitor_price: the competitor's price per sq ft, as staff entered it. */
  competitorPriceCents: number | null;
  /** sqft_per_carton. */
  sqftPerBox: number | null;
}

/** A product's price as shown and charged. */
export interface ProductPrice {
  /**
   * Per sq ft; null when the product has no price (shown "Contact for Price"), and always null
   * for an accessory, which has no per-sq-ft price.
   */
  perSqftCents: number | null;
  /**
   * Per selling unit: a box of flooring, or one accessory unit (piece, roll, pail). Null without
   * a price (or, for flooring, a box size): then it cannot be bought online.
   */
  perBoxCents: number | null;
  source: PriceSource;
}

/** A price or a box size of zero or less is no price at all: nothing is sold for $0. */
const positive = (value: number | null): value is number => value !== null && value > 0;

/**
 * Per-box price = per-sq-ft price × sq ft per box, rounded half up to the cent once per box.
 * Null when either is missing or not positive.
 */
export function boxPriceCents(perSqftCents: number | null, sqftPerBox: number | null) {
  if (!positive(perSqftCents) || !positive(sqftPerBox)) return null;
  return multiplyCents(perSqftCents, sqftPerBox);
}

const isAccessory = (product: ProductPriceInputs) =>
  product.sellingUnit !== undefined && product.sellingUnit !== "box";

function priceFrom(
  perSqftCents: number | null,
  sqftPerBox: number | null,
  source: PriceSource,
): ProductPrice {
  return {
    perSqftCents: positive(perSqftCents) ? perSqftCents : null,
    perBoxCents: boxPriceCents(perSqftCents, sqftPerBox),
    source,
  };
}

/**
 * The price for an audience. The public pays our_price. An approved partner pays the partner
 * price where the product has one, and the public price (source "public", so pages can say so)
 * where it has none: a partner can buy everything the public can.
 */
export function productPrice(product: ProductPriceInputs, audience: PriceAudience): ProductPrice {
  const partner = audience === "partner" && positive(product.partnerPriceCents);
  const cents = partner ? product.partnerPriceCents : product.ourPriceCents;
  const source: PriceSource = partner ? "partner" : "public";
  // An accessory's price is the price of one unit, as entered: nothing to multiply.
  if (isAccessory(product))
    return { perSqftCents: null, perBoxCents: positive(cents) ? cents : null, source };
  return priceFrom(cents, product.sqftPerBox, source);
}

/**
 * "Their price" per box (per unit for an accessory): the competitor's per-sq-ft price × sq ft per box when staff entered one;
 * otherwise our public box price / 0.75 (the 25% saving claim). Null without a box size, or
 * without either price.
 */
export function theirBoxPriceCents(product: ProductPriceInputs): number | null {
  // An accessory is compared only with a competitor's unit price staff entered: no 25% claim.
  if (isAccessory(product))
    return positive(product.competitorPriceCents) ? product.competitorPriceCents : null;
  const competitor = boxPriceCents(product.competitorPriceCents, product.sqftPerBox);
  if (competitor !== null) return competitor;
  const ours = boxPriceCents(product.ourPriceCents, product.sqftPerBox);
  // Dividing whole cents by 0.75 leaves a third or two thirds, never a half: one rounding is exact.
  return ours === null ? null : Math.round(ours / competitorPriceFactor);
}

/** Closeout discount: rounded 100 × (1 − our_price / msrp); null without both prices. */
export function closeoutDiscountPercent(
  ourPrice: number | null,
  msrp: number | null,
): number | null {
  if (ourPrice === null || msrp === null || msrp <= 0) return null;
  return Math.round(100 * (1 - ourPrice / msrp));
}

/**
 * The price of each sample line: the first `freePerOrder` samples of the order (in cart order)
 * are free, every one after costs `pricePerSampleCents`. Returns, per line, how many of its
 * samples are free and its total in cents.
 */
export function priceSampleLines(
  quantities: number[],
  rules: { freePerOrder: number; pricePerSampleCents: number },
): Array<{ freeQuantity: number; totalCents: number }> {
  let freeLeft = rules.freePerOrder;
  return quantities.map((quantity) => {
    const freeQuantity = Math.min(quantity, freeLeft);
    freeLeft -= freeQuantity;
    return { freeQuantity, totalCents: (quantity - freeQuantity) * rules.pricePerSampleCents };
  });
}
