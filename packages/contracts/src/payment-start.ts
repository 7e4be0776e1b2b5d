import "./zod-without-eval.ts";
import { z } from "zod";

/**
 * Headers of `POST /api/payments/process`. `Idempotency-Key` (as Stripe's API takes it) makes
 * starting a payment safe to repeat: the same key with the same request returns the same payment
 * session and never reserves stock twice.
 */
export const paymentStartHeadersSchema = z.object({
  "idempotency-key": z
    .string()
    .trim()
    .min(8, "Idempotency-Key must be 8 to 255 characters")
    .max(255, "Idempotency-Key must be 8 to 255 characters")
    .regex(/^[\x21-\x7e]+$/, "Idempotency-Key may hold only visible ASCII characters")
    .optional(),
});

/** Which product ran out while the shopper was checking out, and how many boxes are left. */
export const soldOutSchema = z.object({
  product_id: z.number().int(),
  product_name: z.string(),
  /** Boxes still on the shelf (0: sold out). */
  available: z.number().int(),
});
export type SoldOut = z.infer<typeof soldOutSchema>;

/** The 409 answer when stock is short: the sentence to show, and the product in detail. */
export const stockConflictResponseSchema = z.object({
  detail: z.string(),
  sold_out: soldOutSchema,
});
export type StockConflictResponse = z.infer<typeof stockConflictResponseSchema>;
