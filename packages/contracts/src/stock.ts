import "./zod-without-eval.ts";
import { z } from "zod";
import { stockReasons } from "./stock-options.ts";

export { type StockReason, stockReasonLabels, stockReasons } from "./stock-options.ts";

/**
 * One row of a product's stock ledger. `boxes` is the change of on hand (the boxes in the
 * building): on hand is the sum of a product's rows. Allocating or reserving boxes moves none in
 * or out, so its row has 0 boxes and says how the held boxes changed.
 */
export const stockLedgerRowSchema = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  lot_id: z.number().int().nullable(),
  /** The dye lot's code when the row concerns one lot (null: the product, or a lot deleted since). */
  lot_code: z.string().nullable(),
  boxes: z.number().int(),
  allocated_change: z.number().int(),
  reserved_change: z.number().int(),
  on_hand_after: z.number().int(),
  available_after: z.number().int(),
  reason: z.enum(stockReasons),
  /** What the change belongs to: an order number, a return, a count. */
  reference: z.string().nullable(),
  order_id: z.string().nullable(),
  return_id: z.number().int().nullable(),
  /** Who made the change; null when the store did (a checkout, a payment, an expiry). */
  staff: z.string().nullable(),
  created_at: z.string(),
});
export type StockLedgerRow = z.infer<typeof stockLedgerRowSchema>;

/** One dye lot's numbers: its boxes are what it has available; open orders hold the rest. */
export const lotStockSchema = z.object({
  id: z.number().int(),
  lot_code: z.string(),
  on_hand: z.number().int(),
  allocated: z.number().int(),
  reserved: z.number().int(),
  available: z.number().int(),
});
export type LotStock = z.infer<typeof lotStockSchema>;

/** A product's four numbers now (and each dye lot's), and its ledger rows, newest first. */
export const stockLedgerSchema = z.object({
  product_id: z.number().int(),
  on_hand: z.number().int(),
  allocated: z.number().int(),
  reserved: z.number().int(),
  available: z.number().int(),
  lots: z.array(lotStockSchema),
  rows: z.array(stockLedgerRowSchema),
});
export type StockLedger = z.infer<typeof stockLedgerSchema>;

/** Staff write off damaged boxes: how many, and a note the ledger row keeps as its reference. */
export const damagedBoxesSchema = z.object({
  boxes: z
    .number({ message: "Must be a number" })
    .int("Must be a whole number")
    .min(1, "Must be 1 or more")
    .max(1_000_000),
  note: z.string().trim().max(200).optional(),
});
export type DamagedBoxes = z.infer<typeof damagedBoxesSchema>;

export const stockLedgerQuerySchema = z.object({
  /** Only rows of this reason. */
  reason: z
    .enum(stockReasons, { message: `Reason must be one of ${stockReasons.join(", ")}` })
    .optional(),
  /** Only rows of this dye lot. */
  lot_id: z.coerce.number({ message: "Lot must be a number" }).int().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(10_000).default(500),
});
export type StockLedgerQuery = z.infer<typeof stockLedgerQuerySchema>;
