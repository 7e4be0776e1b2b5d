import "./zod-without-eval.ts";
import { z } from "zod";
import { sellingUnits } from "./accessories.ts";
import { rowId } from "./ids.ts";

import { returnStatuses } from "./returns-options.ts";

export {
  finalSaleAcknowledgement,
  finalSaleNotAcknowledged,
  finalSaleNotice,
  type ReturnStatus,
  returnStatuses,
} from "./returns-options.ts";

/** `POST /api/track/{token}/returns`: which boxes of which lines, and why. */
export const returnRequestSchema = z.object({
  lines: z
    .array(
      z.object({
        order_item_id: rowId(),
        quantity: z.number().int("Boxes must be whole boxes").min(1, "Return at least 1 box"),
      }),
    )
    .min(1, "Choose at least one box to return")
    .max(50),
  reason: z
    .string({ message: "Please tell us why you are returning the boxes" })
    .trim()
    .min(3, "Please tell us why you are returning the boxes")
    .max(2000, "The reason is too long (2,000 characters at most)"),
  unopened: z.literal(true, {
    message: "Returns are for unopened boxes only: please confirm the boxes are unopened",
  }),
});
export type ReturnRequest = z.infer<typeof returnRequestSchema>;

/** Dollars of one return: what the boxes cost, less their share of the discount and the fee. */
export const returnAmountsSchema = z.object({
  merchandise: z.number(),
  discount: z.number(),
  tax: z.number(),
  restocking_fee: z.number(),
  refund_total: z.number(),
});

/** How the boxes of one line came back: sellable again, or written off as damaged. */
export const receivedBoxesSchema = z.object({
  restocked: z.number().int(),
  written_off: z.number().int(),
});

export const returnViewSchema = z.object({
  id: z.number().int(),
  status: z.enum(returnStatuses),
  created_at: z.string(),
  reason: z.string(),
  lines: z.array(
    z.object({
      order_item_id: z.number().int(),
      product_name: z.string(),
      quantity: z.number().int(),
      /** Null until the line's boxes are received. */
      received: receivedBoxesSchema.nullable(),
    }),
  ),
  /** Until the boxes are received, the amounts of every box asked back; then of those received. */
  amounts: returnAmountsSchema,
  /** How to send the boxes back, once staff approved the return. */
  instructions: z.string().nullable(),
  approved_at: z.string().nullable(),
  received_at: z.string().nullable(),
  refunded_at: z.string().nullable(),
});
export type ReturnView = z.infer<typeof returnViewSchema>;

/** What /track shows about returning boxes of an order. */
export const returnOptionsSchema = z.object({
  /** Null when a return can be requested; else why not, as a sentence. */
  unavailable_reason: z.string().nullable(),
  /** YYYY-MM-DD: the last day a return can be requested, once the order has shipped. */
  window_ends: z.string().nullable(),
  /** How many days after delivery (or shipping) returns stay open: a business number in Settings. */
  return_window_days: z.number().int(),
  restocking_fee_percent: z.number(),
  lines: z.array(
    z.object({
      order_item_id: z.number().int(),
      product_name: z.string(),
      quantity: z.number().int(),
      /** Boxes (pieces, rolls, pails of an accessory) not already asked back. */
      returnable: z.number().int(),
      /** What one of `returnable` is: a box of flooring, or an accessory's piece, roll or pail. */
      selling_unit: z.enum(sellingUnits),
      /** Closeouts are final sale. */
      final_sale: z.boolean(),
    }),
  ),
  returns: z.array(returnViewSchema),
});
export type ReturnOptions = z.infer<typeof returnOptionsSchema>;

/** A return as staff see it, with the provider's refund id once refunded. */
export const adminReturnSchema = returnViewSchema.extend({
  order_id: z.string(),
  refund_id: z.string().nullable(),
  staff_note: z.string().nullable(),
  /** Why staff refunded before the boxes came back; null when refunded after receipt. */
  refund_before_receipt_reason: z.string().nullable(),
});
export type AdminReturn = z.infer<typeof adminReturnSchema>;

export const adminReturnListSchema = z.object({ returns: z.array(adminReturnSchema) });

export const returnDecisionSchema = z.object({
  staff_note: z.string().trim().max(2000).nullish(),
});

const staffNote = z.string().trim().max(2000).nullish();

/** `POST /api/admin/returns/{id}/approve`: how the customer sends the boxes back. */
export const returnApprovalSchema = z.object({
  instructions: z
    .string({ message: "Tell the customer how to send the boxes back" })
    .trim()
    .min(3, "Tell the customer how to send the boxes back")
    .max(4000, "The instructions are too long (4,000 characters at most)"),
  staff_note: staffNote,
});
export type ReturnApproval = z.infer<typeof returnApprovalSchema>;

/** `POST /api/admin/returns/{id}/receive`: per line, the boxes that came back and their state. */
export const returnReceiptSchema = z.object({
  lines: z
    .array(
      z.object({
        order_item_id: rowId(),
        restocked: z.number().int("Boxes must be whole boxes").min(0, "Boxes cannot be negative"),
        written_off: z.number().int("Boxes must be whole boxes").min(0, "Boxes cannot be negative"),
      }),
    )
    .min(1, "Record at least one line")
    .max(50),
  staff_note: staffNote,
});
export type ReturnReceipt = z.infer<typeof returnReceiptSchema>;

/**
 * `POST /api/admin/returns/{id}/refund`: a received return needs nothing; refunding before the
 * boxes come back needs the reason.
 */
export const returnRefundSchema = z.object({
  before_receipt_reason: z
    .string()
    .trim()
    .min(3, "Say why the refund cannot wait for the boxes")
    .max(2000, "The reason is too long (2,000 characters at most)")
    .nullish(),
});
export type ReturnRefund = z.infer<typeof returnRefundSchema>;
