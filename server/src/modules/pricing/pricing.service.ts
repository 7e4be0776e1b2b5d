import type { SellingUnit } from "@mcf/contracts/accessories";
import { sampleRules } from "@mcf/contracts/cart-kinds";
import {
  type PriceAudience,
  type PriceSource,
  type ProductPrice,
  type ProductPriceInputs,
  priceSampleLines,
  productPrice,
  theirBoxPriceCents,
} from "@mcf/contracts/pricing";
import { type AnyColumn, type SQL, sql } from "drizzle-orm";

/**
 * Every price the store shows or charges is decided here, from the rules in the contracts:
 * the product mappers (public, admin, ACE), the cart calculation, payments and the test
 * factories all call these functions; nothing else multiplies a price.
 */

/** The product columns the price rules read: prices in cents, sq ft as numeric text. */
export interface PricedProductRow {
  our_price_cents: number | null;
  ace_shown_price_cents: number | null;
  competitor_price_cents: number | null;
  sqft_per_carton: string | null;
  selling_unit: SellingUnit;
}

/** The signed-in partner, if any: only an approved one sees partner prices. */
export type PriceBuyer = { status: string } | null;

/**
 * A price that can be charged online: for flooring both the per-sq-ft and the per-box price are
 * known; for an accessory the price of one unit.
 */
export interface SellingPrice {
  /** Null for an accessory (priced per unit). */
  pricePerSqftCents: number | null;
  /** Per-sq-ft price × sq ft per box, rounded half up once per box; an accessory's unit price. */
  unitPriceCents: number;
  /** Sq ft of flooring one unit adds to the order's coverage: 0 for an accessory. */
  sqftPerBox: number;
  source: PriceSource;
}

function priceInputs(row: PricedProductRow): ProductPriceInputs {
  return {
    sellingUnit: row.selling_unit,
    ourPriceCents: row.our_price_cents,
    partnerPriceCents: row.ace_shown_price_cents,
    competitorPriceCents: row.competitor_price_cents,
    sqftPerBox: row.sqft_per_carton === null ? null : Number(row.sqft_per_carton),
  };
}

/** The public price of a product (what the store shows anyone who is not a partner). */
export function publicPriceOf(row: PricedProductRow): ProductPrice {
  return productPrice(priceInputs(row), "public");
}

/**
 * What an approved partner sees and pays: the partner price where the product has one, the
 * public price (source "public") where it has none.
 */
export function partnerPriceOf(row: PricedProductRow): ProductPrice {
  return productPrice(priceInputs(row), "partner");
}

/** The price this buyer sees and pays: partner prices for an approved partner only. */
export function priceFor(row: PricedProductRow, buyer: PriceBuyer): ProductPrice {
  return buyer?.status === "approved" ? partnerPriceOf(row) : publicPriceOf(row);
}

/** The per-box price the product page crosses out as "Their price", in cents, or null. */
export function theirPricePerBoxCents(row: PricedProductRow): number | null {
  return theirBoxPriceCents(priceInputs(row));
}

/**
 * The price a cart line is charged for this buyer, or null when the product cannot be sold
 * online (no price, or flooring without a box size): exactly the per-box (per-unit for an
 * accessory) price the product pages show.
 */
export function sellingPrice(row: PricedProductRow, buyer: PriceBuyer): SellingPrice | null {
  const price = priceFor(row, buyer);
  if (price.perBoxCents === null) return null;
  if (row.selling_unit !== "box")
    return {
      pricePerSqftCents: null,
      unitPriceCents: price.perBoxCents,
      sqftPerBox: 0,
      source: price.source,
    };
  if (price.perSqftCents === null) return null;
  return {
    pricePerSqftCents: price.perSqftCents,
    unitPriceCents: price.perBoxCents,
    sqftPerBox: Number(row.sqft_per_carton),
    source: price.source,
  };
}

/**
 * The sample lines of one order, in cart order: the first samples of the order are free, each
 * one after costs the sample price (a setting). Per line: how many are free, and its total.
 */
export function sampleLinePrices(quantities: number[], pricePerSampleCents: number) {
  return priceSampleLines(quantities, {
    freePerOrder: sampleRules.freePerOrder,
    pricePerSampleCents,
  });
}

/**
 * The per-sq-ft price a product list filters and sorts by, as SQL: what this audience pays, by
 * the same rule as `priceFor` (a partner pays the partner price where there is a positive one,
 * else the public price), so a list's price order and bounds match the prices it shows. In cents;
 * the catalog passes its price columns and compares with bounds in cents.
 */
export function listPriceSql(
  audience: PriceAudience,
  columns: { our_price_cents: AnyColumn; ace_shown_price_cents: AnyColumn },
): SQL {
  if (audience === "public") return sql`${columns.our_price_cents}`;
  return sql`coalesce(case when ${columns.ace_shown_price_cents} > 0 then ${columns.ace_shown_price_cents} end, ${columns.our_price_cents})`;
}
