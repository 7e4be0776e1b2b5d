import { toDollars } from "@mcf/contracts/money";
import type { AdminProduct, PublicProduct } from "@mcf/contracts/product";
import type { products } from "../../db/schema/catalog.ts";
import { publicPriceOf, theirPricePerBoxCents } from "../pricing/pricing.service.ts";

export type ProductRow = typeof products.$inferSelect;

export const numberOrNull = (value: string | number | null): number | null =>
  value === null || value === undefined ? null : Number(value);

/** Cents to JSON dollars, keeping "no price" as null. */
export const dollarsOrNull = (cents: number | null): number | null =>
  cents === null ? null : toDollars(cents);

/** The public view of a product: the public per-box price and "their price", no partner prices. */
export function toPublicProduct(row: ProductRow): PublicProduct {
  return {
    id: row.id,
    name: row.name,
    brand: row.brand,
    type: row.type,
    construction: row.construction,
    collection: row.collection,
    style_color: row.style_color,
    color: row.color,
    color_code: row.color_code,
    size: row.size,
    description: row.description,
    sku: row.sku,
    price_per_box: dollarsOrNull(publicPriceOf(row).perBoxCents),
    our_price: dollarsOrNull(row.our_price_cents),
    competitor_price: dollarsOrNull(row.competitor_price_cents),
    their_price_per_box: dollarsOrNull(theirPricePerBoxCents(row)),
    msrp: dollarsOrNull(row.msrp_cents),
    sqft_per_carton: numberOrNull(row.sqft_per_carton),
    cartons_per_pallet: row.cartons_per_pallet,
    pallet_shipping_cost: dollarsOrNull(row.pallet_shipping_cost_cents),
    stock_quantity: row.stock_quantity,
    overall_thickness: row.overall_thickness,
    wear_layer_thickness: row.wear_layer_thickness,
    thumbnail_image_url: row.thumbnail_image_url,
    main_image_url: row.main_image_url,
    secondary_image_url: row.secondary_image_url,
    image_url: row.image_url,
    images: row.images ?? [],
    features: row.features ?? {},
    specifications: row.specifications ?? {},
    is_closeout: row.is_closeout,
    samples_available: row.samples_available,
    selling_unit: row.selling_unit,
    accessory_kind: row.accessory_kind,
    unit_coverage_sqft: numberOrNull(row.unit_coverage_sqft),
    fits_types: row.fits_types,
    updated_at: row.updated_at.toISOString(),
    ...productRating(row),
  };
}

/** The average of the approved reviews' stars to two decimals (null with none), and their count. */
export function productRating(row: Pick<ProductRow, "rating_count" | "rating_total">): {
  rating_average: number | null;
  rating_count: number;
} {
  return {
    rating_average:
      row.rating_count > 0 ? Math.round((row.rating_total * 100) / row.rating_count) / 100 : null,
    rating_count: row.rating_count,
  };
}

export function toAdminProduct(row: ProductRow): AdminProduct {
  return {
    ...toPublicProduct(row),
    ace_price: dollarsOrNull(row.ace_price_cents),
    ace_shown_price: dollarsOrNull(row.ace_shown_price_cents),
    box_weight_lbs: numberOrNull(row.box_weight_lbs),
    reorder_point: row.reorder_point,
    cost_per_box: dollarsOrNull(row.cost_per_box_cents),
    on_hand: row.on_hand,
    allocated: row.allocated,
    reserved: row.reserved,
    available: row.stock_quantity,
    created_at: row.created_at.toISOString(),
  };
}
