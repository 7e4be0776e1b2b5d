import "./zod-without-eval.ts";
import { z } from "zod";
import { rowId } from "./ids.ts";

/** Dye lots: boxes made in one run share one shade (decision 080). */

/** A lot as staff see and edit it. */
export const productLotSchema = z.object({
  id: z.number().int(),
  lot_code: z.string(),
  boxes: z.number().int(),
});
export type ProductLot = z.infer<typeof productLotSchema>;

/** The product's lots and how its stock splits between them. */
export const productLotsSchema = z.object({
  product_id: z.number().int(),
  stock_quantity: z.number().int(),
  lots: z.array(productLotSchema),
  /** Boxes in stock that belong to no recorded lot. */
  boxes_outside_lots: z.number().int(),
});
export type ProductLots = z.infer<typeof productLotsSchema>;

/** Staff save the whole list: rows with an id are edited, new rows added, missing ones removed. */
export const productLotsUpdateSchema = z.object({
  lots: z
    .array(
      z.object({
        id: rowId().optional(),
        lot_code: z
          .string()
          .trim()
          .min(1, "Each lot needs a lot code")
          .max(40, "A lot code has at most 40 characters")
          // The product CSV keeps a product's lots in one cell, "A1203:14; B2210:6".
          .refine((code) => !code.includes(";"), "A lot code cannot contain a semicolon (;)"),
        boxes: z
          .number({ message: "Boxes must be a whole number" })
          .int("Boxes must be a whole number")
          .min(0, "Boxes cannot be negative")
          .max(1000000, "Boxes is too large"),
      }),
    )
    .max(200, "A product has at most 200 lots"),
});
export type ProductLotsUpdate = z.infer<typeof productLotsUpdateSchema>;

/** The lot of one order line, as the order panel, the packing list and /track show it. */
export const orderLineLotSchema = z.object({
  /** The lot the boxes came from when one lot covered the line, else null. */
  lot_id: z.number().int().nullable(),
  /** The code(s) the boxes came from ("A-17", or "A-17 (6), B-02 (4)" when spread). */
  lot_code: z.string().nullable(),
  /** The product had lots but none could cover the line alone: check the shades before shipping. */
  lot_warning: z.string().nullable(),
});

/** A lot of a line's product, as the order panel's lot picker offers it. */
export const orderLineLotChoiceSchema = z.object({
  lot_id: z.number().int(),
  lot_code: z.string(),
  /** Boxes the lot holds now (those no order has taken). */
  boxes_left: z.number().int(),
  /** All the line's boxes can come from this lot (counting those it already gave the line). */
  covers_line: z.boolean(),
  /** All the line's boxes come from this lot now. */
  current: z.boolean(),
});
export type OrderLineLotChoice = z.infer<typeof orderLineLotChoiceSchema>;

/** `GET /api/admin/orders/{id}/items/{itemId}/lots`: the lots a line's boxes may come from. */
export const orderLineLotChoicesSchema = z.object({
  order_item_id: z.number().int(),
  product_id: z.number().int(),
  quantity: z.number().int(),
  lots: z.array(orderLineLotChoiceSchema),
});
export type OrderLineLotChoices = z.infer<typeof orderLineLotChoicesSchema>;

/** `PUT /api/admin/orders/{id}/items/{itemId}/lot`: every box of the line from this lot. */
export const orderLineLotUpdateSchema = z.object({
  lot_id: rowId(),
});
export type OrderLineLotUpdate = z.infer<typeof orderLineLotUpdateSchema>;

/** What staff read when no single lot could cover a line. */
export const lotWarning =
  "No single dye lot could cover this line: the boxes may differ in shade. Check them before packing.";

/** The sentence the cart and the payment show when the chosen lot no longer covers a line. */
export function lotShortMessage(
  productName: string,
  lotCode: string | null,
  boxesLeft: number,
): string {
  const elsewhere = "remove the line and add the product again to get boxes from another lot.";
  if (lotCode === null)
    return `The dye lot you chose for "${productName}" is no longer available: ${elsewhere}`;
  if (boxesLeft <= 0) return `Lot ${lotCode} of "${productName}" is sold out: ${elsewhere}`;
  return `Lot ${lotCode} of "${productName}" has only ${boxesLeft} ${boxesLeft === 1 ? "box" : "boxes"} left. Lower the quantity to ${boxesLeft}, or ${elsewhere}`;
}
