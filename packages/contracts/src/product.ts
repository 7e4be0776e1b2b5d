import "./zod-without-eval.ts";
import { z } from "zod";
import { accessoryKinds, sellingUnits } from "./accessories.ts";
import { rowIdParam } from "./ids.ts";
import { featureKeyPattern, maxFeatureFilters } from "./product-features.ts";
import { productImageSchema } from "./product-images.ts";
import {
  defaultProductPerPage,
  defaultProductSort,
  productPerPageOptions,
  productPriceBounds,
  productSortOptions,
} from "./product-options.ts";

const nullableText = z.string().nullable();
const nullableMoney = z.number().nullable();

/** A product as the public store sees it: never the partner prices. */
export const publicProductSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  brand: nullableText,
  type: nullableText,
  construction: nullableText,
  collection: nullableText,
  style_color: nullableText,
  color: nullableText,
  color_code: nullableText,
  size: nullableText,
  description: nullableText,
  sku: nullableText,
  price_per_box: nullableMoney,
  our_price: nullableMoney,
  competitor_price: nullableMoney,
  /** "Their price" per box: the competitor's price × sq ft per box, else price_per_box / 0.75. */
  their_price_per_box: nullableMoney,
  msrp: nullableMoney,
  sqft_per_carton: z.number().nullable(),
  cartons_per_pallet: z.number().int().nullable(),
  pallet_shipping_cost: nullableMoney,
  stock_quantity: z.number().int(),
  overall_thickness: nullableText,
  wear_layer_thickness: nullableText,
  thumbnail_image_url: nullableText,
  main_image_url: nullableText,
  secondary_image_url: nullableText,
  image_url: nullableText,
  /** Photos uploaded in the back office, in the order staff set (the first is the card's). */
  images: z.array(productImageSchema),
  features: z.record(z.string(), z.union([z.boolean(), z.string(), z.number()])),
  specifications: z.record(z.string(), z.string()),
  is_closeout: z.boolean(),
  /** Whether "Order a free sample" is offered. */
  samples_available: z.boolean(),
  /**
   * "box" for flooring. An accessory's unit ("piece", "roll", "pail"): its our_price and
   * price_per_box are then the price of one unit, and it has no per-sq-ft price.
   */
  selling_unit: z.enum(sellingUnits),
  /** What kind of accessory it is; null for flooring. */
  accessory_kind: z.enum(accessoryKinds).nullable(),
  /** Sq ft one unit covers (an underlayment roll, an adhesive pail); null otherwise. */
  unit_coverage_sqft: z.number().nullable(),
  /** The flooring types an accessory suits; null: every type (and null for flooring). */
  fits_types: z.array(z.string()).nullable(),
  /** When the product last changed (sitemap lastmod). */
  updated_at: z.string(),
  /** The average of its approved reviews' stars (two decimals); null when it has none. */
  rating_average: z.number().nullable(),
  /** How many approved reviews it has. */
  rating_count: z.number().int(),
});
export type PublicProduct = z.infer<typeof publicProductSchema>;

/** The admin sees every field, partner prices included. */
export const adminProductSchema = publicProductSchema.extend({
  ace_price: nullableMoney,
  ace_shown_price: nullableMoney,
  /** Pounds per box (parcel limits); null takes the documented default. */
  box_weight_lbs: z.number().nullable(),
  /** Boxes at or below which the dashboard asks to reorder; null: never. */
  reorder_point: z.number().int().nullable(),
  /** Dollars one box cost us (the last receipt's, or what staff entered); null: not known. */
  cost_per_box: nullableMoney,
  /** Boxes in the building (the sum of the product's stock ledger). */
  on_hand: z.number().int(),
  /** Boxes of paid orders not yet shipped or picked up. */
  allocated: z.number().int(),
  /** Boxes of open checkouts (unpaid orders whose payment is still open). */
  reserved: z.number().int(),
  /** What the store sells from: on hand - allocated - reserved (the public stock_quantity). */
  available: z.number().int(),
  created_at: z.string(),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;

export const productIdParamsSchema = z.object({
  id: rowIdParam(),
});

/** An empty query value means "not given" (a blank search box, an "All" dropdown). */
const blankToUndefined = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;
const exactFilter = z.preprocess(blankToUndefined, z.string().trim().max(200).optional());
const featuresMessage = `Features must be up to ${maxFeatureFilters} names like waterproof or pet_friendly, separated by commas`;
/** `features=waterproof,pet_friendly`: every one must be true of the product. */
const featureFilter = z.preprocess(
  blankToUndefined,
  z
    .string()
    .max(700, featuresMessage)
    .transform((value) => [...new Set(value.split(",").map((key) => key.trim().toLowerCase()))])
    .pipe(
      z
        .array(z.string().regex(featureKeyPattern, featuresMessage))
        .max(maxFeatureFilters, featuresMessage),
    )
    .optional(),
);
const priceBound = z.preprocess(
  blankToUndefined,
  z.coerce
    .number({ error: "Price must be a number" })
    .min(
      productPriceBounds.min,
      `Price must be between ${productPriceBounds.min} and ${productPriceBounds.max}`,
    )
    .max(
      productPriceBounds.max,
      `Price must be between ${productPriceBounds.min} and ${productPriceBounds.max}`,
    )
    .optional(),
);

/**
 * The product list's query (public `/api/products`, and the partner list with its own price).
 * Exact filters, price bounds per sq ft (0 and 999 mean no bound), a search, sort and paging.
 */
export const productListQuerySchema = z.object({
  type: exactFilter,
  construction: exactFilter,
  style_color: exactFilter,
  brand: exactFilter,
  collection: exactFilter,
  min_price: priceBound,
  max_price: priceBound,
  q: exactFilter,
  features: featureFilter,
  /** Products whose approved reviews average at least this many stars ("4 stars & up"). */
  min_rating: z.preprocess(
    blankToUndefined,
    z.coerce
      .number()
      .int("min_rating must be a whole number of stars")
      .min(1, "min_rating must be 1 to 5")
      .max(5, "min_rating must be 1 to 5")
      .optional(),
  ),
  sort: z.preprocess(blankToUndefined, z.enum(productSortOptions).default(defaultProductSort)),
  page: z.preprocess(
    blankToUndefined,
    z.coerce.number().int("Page must be a whole number").min(1).max(1_000_000).default(1),
  ),
  per_page: z.preprocess(
    blankToUndefined,
    z.coerce
      .number()
      .int()
      .refine((value) => (productPerPageOptions as readonly number[]).includes(value), {
        message: `per_page must be one of ${productPerPageOptions.join(", ")}`,
      })
      .default(defaultProductPerPage),
  ),
  /** `true`: every closeout, unpaged, as `{"products": [...]}`. */
  closeout: z.preprocess(blankToUndefined, z.enum(["true", "false"]).optional()),
});
export type ProductListQuery = z.infer<typeof productListQuerySchema>;
/** The same query before defaults apply (what a caller may send). */
export type ProductListQueryInput = z.input<typeof productListQuerySchema>;

export const productListResponseSchema = z.array(publicProductSchema);
export const closeoutListResponseSchema = z.object({ products: z.array(publicProductSchema) });
export type CloseoutListResponse = z.infer<typeof closeoutListResponseSchema>;

/** Distinct filter values for the list's dropdowns. */
export const productFacetsSchema = z.object({
  types: z.array(z.string()),
  brands: z.array(z.string()),
  collections: z.array(z.string()),
  constructions: z.array(z.string()),
  style_colors: z.array(z.string()),
  /** Yes/no features true of at least one product, in the filter panel's order. */
  features: z.array(z.string()),
});
export type ProductFacets = z.infer<typeof productFacetsSchema>;

/** `GET /api/search/suggest?q=`: what the search box offers while the shopper types. */
export const searchSuggestQuerySchema = z.object({
  q: z.string().trim().max(200, { error: "Search must be at most 200 characters" }).default(""),
});

export const searchSuggestionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: nullableText,
  /** The public price per sq ft; null for "Contact for Price" and for an accessory. */
  price_per_sqft: nullableMoney,
  url: z.string(),
  /** An accessory's public price of one unit (null: "Contact for Price"); absent for flooring. */
  unit_price: nullableMoney.optional(),
  /** What an accessory is sold by (`unit_price` is for one); absent for flooring. */
  selling_unit: z.enum(sellingUnits).optional(),
});
export type SearchSuggestion = z.infer<typeof searchSuggestionSchema>;

export const searchSuggestResponseSchema = z.object({
  suggestions: z.array(searchSuggestionSchema),
});
export type SearchSuggestResponse = z.infer<typeof searchSuggestResponseSchema>;

/** `GET /api/accessories`: every accessory, by kind then name; `?kind=` narrows to one kind. */
export const accessoryListQuerySchema = z.object({
  kind: z.preprocess(
    blankToUndefined,
    z
      .enum(accessoryKinds, {
        message: `Kind must be one of ${accessoryKinds.join(", ")}`,
      })
      .optional(),
  ),
});
export const accessoryListResponseSchema = z.object({ products: z.array(publicProductSchema) });
export type AccessoryListResponse = z.infer<typeof accessoryListResponseSchema>;

/** One companion of a floor: the accessory, and the rule that chose it. */
export const companionSchema = z.object({
  kind: z.enum(accessoryKinds),
  /** Why it goes with this floor, in a sentence ("Matches the Heritage Plank collection"). */
  reason: z.string(),
  product: publicProductSchema,
});
export type Companion = z.infer<typeof companionSchema>;

/** `GET /api/products/{id}/companions`: at most one accessory of each kind, in project order. */
export const companionListResponseSchema = z.object({ companions: z.array(companionSchema) });
export type CompanionListResponse = z.infer<typeof companionListResponseSchema>;
