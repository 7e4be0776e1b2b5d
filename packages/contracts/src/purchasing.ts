import "./zod-without-eval.ts";
import { z } from "zod";
import { rowIdParam } from "./ids.ts";
import { purchaseOrderStatuses } from "./purchasing-options.ts";

export {
  type PurchaseOrderStatus,
  purchaseOrderNumber,
  purchaseOrderStatuses,
  purchaseOrderStatusLabels,
} from "./purchasing-options.ts";

const boxes = z
  .number({ message: "Boxes must be a number" })
  .int("Boxes must be a whole number")
  .min(1, "Boxes must be 1 or more")
  .max(1_000_000, "Boxes must be at most 1,000,000");

/** A purchase order staff create: the supplier, when it should arrive, and what it brings. */
export const purchaseOrderCreateSchema = z.object({
  vendor: z
    .string({ message: "Vendor is required" })
    .trim()
    .min(1, "Vendor is required")
    .max(200, "Vendor must be at most 200 characters"),
  /** YYYY-MM-DD, the store's calendar; empty: not known yet. */
  expected_date: z.preprocess(
    (v) => (v === "" ? null : v),
    z.iso.date({ message: "Expected date must be a date (YYYY-MM-DD)" }).nullish(),
  ),
  notes: z.string().trim().max(2000, "Notes must be at most 2000 characters").nullish(),
  lines: z
    .array(
      z.object({
        product_id: z.number({ message: "Choose a product" }).int().positive("Choose a product"),
        boxes_ordered: boxes,
        /** Dollars per box. */
        cost_per_box: z
          .number({ message: "Cost per box must be a number" })
          .min(0, "Cost per box must be 0 or more")
          .max(1_000_000, "Cost per box is too large")
          .multipleOf(0.01, "Cost per box has at most two decimals"),
      }),
    )
    .min(1, "Add at least one line")
    .max(200, "A purchase order has at most 200 lines"),
});
export type PurchaseOrderCreate = z.infer<typeof purchaseOrderCreateSchema>;

/**
 * Boxes that arrived, line by line, with the dye lot printed on them (empty: no lot). One line
 * may come in several lots.
 */
export const purchaseReceiptSchema = z.object({
  lines: z
    .array(
      z.object({
        line_id: z.number({ message: "Choose a line" }).int().positive("Choose a line"),
        boxes,
        lot_code: z.preprocess(
          (v) => (typeof v === "string" && v.trim() === "" ? null : v),
          z.string().trim().max(50, "Lot code must be at most 50 characters").nullish(),
        ),
      }),
    )
    .min(1, "Receive at least one line")
    .max(400),
});
export type PurchaseReceipt = z.infer<typeof purchaseReceiptSchema>;

export const purchaseOrderLineSchema = z.object({
  id: z.number().int(),
  /** Null once the product was deleted (the name stays). */
  product_id: z.number().int().nullable(),
  product_name: z.string(),
  boxes_ordered: z.number().int(),
  boxes_received: z.number().int(),
  boxes_remaining: z.number().int(),
  /** Dollars per box. */
  cost_per_box: z.number(),
});

export const purchaseOrderSchema = z.object({
  id: z.number().int(),
  /** What staff read: "PO-12". */
  number: z.string(),
  vendor: z.string(),
  expected_date: z.string().nullable(),
  status: z.enum(purchaseOrderStatuses),
  notes: z.string().nullable(),
  created_by: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  boxes_ordered: z.number().int(),
  boxes_received: z.number().int(),
  /** Dollars: boxes ordered × cost per box, every line. */
  total_cost: z.number(),
  lines: z.array(purchaseOrderLineSchema),
});
export type PurchaseOrder = z.infer<typeof purchaseOrderSchema>;

export const purchaseOrderListQuerySchema = z.object({
  status: z
    .enum(purchaseOrderStatuses, {
      message: `Status must be one of ${purchaseOrderStatuses.join(", ")}`,
    })
    .optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(200),
});

export const purchaseOrderListSchema = z.object({ purchase_orders: z.array(purchaseOrderSchema) });

export const purchaseOrderIdParamsSchema = z.object({ id: rowIdParam() });
