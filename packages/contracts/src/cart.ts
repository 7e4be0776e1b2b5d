import "./zod-without-eval.ts";
import { z } from "zod";
import { sellingUnits } from "./accessories.ts";
import { cartItemKinds } from "./cart-kinds.ts";
import {
  deliveryMethodSchema,
  deliveryMethods,
  deliveryOptionSchema,
  freightServicesSchema,
  zipCodeSchema,
} from "./delivery.ts";
import { rowId } from "./ids.ts";
import { priceSourceValues } from "./pricing.ts";

const kindSchema = z.enum(cartItemKinds, { message: 'Item kind must be "box" or "sample"' });

/** One line of the browser's cart, as saved in localStorage["flooringCart"]. */
export const cartItemSchema = z.object({
  product_id: z.number().int(),
  product_name: z.string(),
  quantity: z.number().int(),
  /** Price per box in dollars, 0 when the product has none. */
  unit_price: z.number(),
  total_price: z.number(),
  /** sqft_per_carton, or 0. */
  sqft_per_box: z.number(),
  total_sqft: z.number(),
  thumbnail_image_url: z.string(),
  /** True when the line was priced for a signed-in partner (ACE); repriced on sign-in/out. */
  partner_price: z.boolean().optional(),
  /** Boxes (absent: boxes, as carts saved before samples) or samples of the product. */
  kind: kindSchema.optional(),
  /** "Order more from the same lot": the dye lot the boxes must come from, and its code. */
  lot_id: z.number().int().optional(),
  lot_code: z.string().optional(),
  /** An accessory's unit ("piece", "roll", "pail"); absent for flooring, sold by the box. */
  selling_unit: z.enum(sellingUnits).optional(),
});
export type CartItem = z.infer<typeof cartItemSchema>;

/** What the server needs of a cart line: it prices everything itself. */
export const cartLineInputSchema = z.object({
  product_id: rowId(),
  quantity: z
    .number()
    .int()
    .min(1, "Quantity must be at least 1")
    .max(100000, "Quantity is too large"),
  /** "box" when absent. Samples are priced and shipped by the sample rules. */
  kind: kindSchema.default("box"),
  /** Boxes from this dye lot only (a box line; optional). */
  lot_id: rowId().nullish(),
});

const stateCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, "State must be a two-letter code");

export const cartCalculationRequestSchema = z.object({
  cart_items: z
    .array(cartLineInputSchema)
    .min(1, "The cart is empty")
    .max(200, "Too many cart lines"),
  coupon_code: z.string().trim().max(64).nullish(),
  shipping_state: stateCode.nullish(),
  /** Where the order goes; prices and dates local delivery, freight and parcel. */
  shipping_zip: zipCodeSchema.nullish(),
  /** The chosen method; freight when none is given, unless `cheapest_delivery` asks otherwise. */
  delivery_method: deliveryMethodSchema.nullish(),
  /**
   * With no method chosen and a ZIP code given: quote the cheapest method that delivers there
   * (our own truck before a paid carrier) instead of freight. The checkout asks this until the
   * shopper chooses.
   */
  cheapest_delivery: z.boolean().nullish(),
  freight_services: freightServicesSchema.nullish(),
});
export type CartCalculationRequest = z.infer<typeof cartCalculationRequestSchema>;

export const cartCalculationItemSchema = z.object({
  product_id: z.number().int(),
  product_name: z.string(),
  quantity: z.number().int(),
  unit_price: z.number(),
  sqft_per_box: z.number(),
  total_sqft: z.number(),
  total_price: z.number(),
  price_source: z.enum(priceSourceValues),
  /** A closeout: final sale, never returned (the checkout asks the shopper to acknowledge it). */
  final_sale: z.boolean(),
  kind: kindSchema,
  /** Samples of this line that are free (the first of the order); 0 for boxes. */
  free_quantity: z.number().int(),
  /** Present when the line asked for a dye lot: its code, boxes left, and why it cannot cover. */
  lot: z
    .object({
      lot_id: z.number().int(),
      lot_code: z.string().nullable(),
      boxes_left: z.number().int(),
      /** Null while the lot covers the line; else what to do (payment would be refused). */
      message: z.string().nullable(),
    })
    .optional(),
  /** What unit_price prices: a box of flooring, or an accessory's piece, roll or pail. */
  selling_unit: z.enum(sellingUnits),
  /**
   * Present when the line wants more than is available now: how many are, and the sentence
   * checkout would refuse the cart with. Such a cart gets no delivery date.
   */
  short_stock: z.object({ available: z.number().int(), message: z.string() }).optional(),
  /**
   * Present when the line wants more than is available now and open purchase orders cover the
   * rest: the boxes available now, the boxes backordered, the date the last of them is expected,
   * and the sentence to show. Checkout accepts such a line; the delivery date follows the
   * expected date.
   */
  backorder: z
    .object({
      available_now: z.number().int(),
      backordered: z.number().int(),
      expected_date: z.string(),
      message: z.string(),
    })
    .optional(),
});

/**
 * `GET /api/products/{id}/backorder`: the boxes available now and the boxes open purchase orders
 * will bring that no other backorder is promised (earliest first). Never the purchase order or
 * its vendor.
 */
export const productBackorderSchema = z.object({
  product_id: z.number().int(),
  available: z.number().int(),
  expected: z.array(z.object({ boxes: z.number().int(), expected_date: z.string() })),
});
export type ProductBackorder = z.infer<typeof productBackorderSchema>;

/** The cart calculation result, plus the discount and tax rate it applied. */
export const cartCalculationResultSchema = z.object({
  items: z.array(cartCalculationItemSchema),
  shipping: z.object({
    total_cartons: z.number().int(),
    pallets_needed: z.number().int(),
    /** When every line shares one value; else null. */
    cartons_per_pallet: z.number().int().nullable(),
    cost: z.number(),
    /** The chosen delivery method, its name and its date (see `delivery_options`). */
    method: z.enum(deliveryMethods),
    label: z.string(),
    estimated_date: z.string().nullable(),
  }),
  /** Every delivery method, priced and dated for this cart and ZIP code. */
  delivery_options: z.array(deliveryOptionSchema),
  subtotal: z.number(),
  coupon_code: z.string().nullable(),
  discount: z.number(),
  /** The coupon's message when a code was given (valid or not). */
  coupon_message: z.string().nullable(),
  tax_rate: z.number(),
  tax: z.number(),
  total: z.number(),
  total_sqft: z.number(),
});
export type CartCalculationResult = z.infer<typeof cartCalculationResultSchema>;

/** The answer to a coupon check. */
export const couponCheckResultSchema = z.object({
  is_valid: z.boolean(),
  message: z.string(),
  discount_amount: z.number(),
});
export type CouponCheckResult = z.infer<typeof couponCheckResultSchema>;

/** `GET /api/coupons/{code}?amount=`: a code of letters, digits, dashes or underscores. */
export const couponCheckParamsSchema = z.object({
  code: z
    .string()
    .trim()
    .min(1, "Please enter a coupon code")
    .max(64, "Coupon code is too long")
    .regex(/^[A-Za-z0-9_-]+$/, "Coupon codes contain only letters, digits, dashes and underscores"),
});
export const couponCheckQuerySchema = z.object({
  /** The cart subtotal in dollars the coupon would apply to. */
  amount: z.coerce
    .number({ message: "amount must be a number" })
    .min(0, "amount must not be negative")
    .max(10_000_000, "amount is too large"),
});
