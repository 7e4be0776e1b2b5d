import "./zod-without-eval.ts";
import { z } from "zod";

/**
 * One line of a stock count: the boxes staff found on the shelf for a product, or for one of its
 * dye lots. A count sets on hand; what open orders hold stays theirs.
 */
export const stockCountLineSchema = z.object({
  product_id: z.number({ message: "Choose a product" }).int().min(1),
  /** The dye lot counted; absent: the product's whole shelf. */
  lot_id: z.number().int().min(1).nullish(),
  on_hand: z
    .number({ message: "Enter the boxes counted" })
    .int("The count must be a whole number of boxes")
    .min(0, "The count cannot be negative")
    .max(1_000_000, "The count is too large"),
});
export type StockCountLine = z.infer<typeof stockCountLineSchema>;

/** Counts saved together: all of them, or none when one line is refused. */
export const stockCountBatchSchema = z.object({
  counts: z
    .array(stockCountLineSchema)
    .min(1, "Count at least one product")
    .max(500, "Save at most 500 counts at once"),
  /** Why the count was taken ("Monthly count"): the reference of its ledger rows. */
  note: z.string().trim().max(200).optional(),
});
export type StockCountBatch = z.infer<typeof stockCountBatchSchema>;

/** Each saved line: the difference written to the ledger and the product's numbers after. */
export const stockCountResultSchema = z.object({
  counts: z.array(
    z.object({
      product_id: z.number().int(),
      lot_id: z.number().int().nullable(),
      difference: z.number().int(),
      on_hand: z.number().int(),
      available: z.number().int(),
    }),
  ),
});
export type StockCountResult = z.infer<typeof stockCountResultSchema>;

/** A product at or below its reorder point, with what it sold and what to order. */
export const reorderLineSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  sku: z.string().nullable(),
  on_hand: z.number().int(),
  available: z.number().int(),
  reorder_point: z.number().int(),
  /** Boxes sold in the last 90 days (paid orders, not cancelled; samples excluded). */
  sold_90_days: z.number().int(),
  /** Boxes to order: enough for the next 90 days at that rate, less what is available. */
  suggested: z.number().int(),
});
export type ReorderLine = z.infer<typeof reorderLineSchema>;

export const reorderReportSchema = z.object({ products: z.array(reorderLineSchema) });
export type ReorderReport = z.infer<typeof reorderReportSchema>;
