import "./zod-without-eval.ts";
import { z } from "zod";
import { adminOrderSchema } from "./admin.ts";
import { staffRoles } from "./staff.ts";

// ------------------------------------------------------------ cancelling some lines of an order

/** `POST /api/admin/orders/{id}/cancel-lines`: boxes of some lines, cancelled before they ship. */
export const cancelLinesRequestSchema = z.object({
  lines: z
    .array(
      z.object({
        order_item_id: z.number().int().positive(),
        boxes: z
          .number({ message: "Boxes must be a whole number of at least 1" })
          .int("Boxes must be a whole number of at least 1")
          .min(1, "Boxes must be a whole number of at least 1"),
      }),
    )
    .min(1, "Choose at least one line to cancel")
    .refine(
      (lines) => new Set(lines.map((line) => line.order_item_id)).size === lines.length,
      "Name each line once",
    ),
  reason: z
    .string()
    .trim()
    .min(1, "Say why the lines are cancelled")
    .max(500, "The reason must be at most 500 characters"),
  /** True: only say what the cancel would refund; nothing changes. */
  preview: z.boolean().default(false),
  /**
   * The boxes of the order already cancelled when staff looked (the sum of its lines'
   * `cancelled_quantity`). When given, a cancel made since (a second click, another staff
   * member) refuses this one with 409, so one look refunds once.
   */
  cancelled_before: z.number().int().min(0).optional(),
});
export type CancelLinesRequest = z.infer<typeof cancelLinesRequestSchema>;

/** What a cancel of some lines refunds (dollars), and whether the order is left with no lines. */
export const cancelLinesQuoteSchema = z.object({
  refund: z.number(),
  /** Each line's boxes' price, less their share of the discount, plus their share of the tax. */
  lines: z.array(
    z.object({ order_item_id: z.number().int(), boxes: z.number().int(), refund: z.number() }),
  ),
  /** True when no box is left: the delivery is refunded too and the order becomes cancelled. */
  cancels_order: z.boolean(),
});
export type CancelLinesQuote = z.infer<typeof cancelLinesQuoteSchema>;

/** The answer: the quote (carried out unless it was a preview) and the order as it is now. */
export const cancelLinesResultSchema = cancelLinesQuoteSchema.extend({
  order: adminOrderSchema,
});

// ------------------------------------------------------------------------- who may refund

/** One role's right to give money back: whether it may, and the most one refund may be. */
export const refundPermissionSchema = z.object({
  role: z.enum(staffRoles),
  may_refund: z.boolean(),
  /** Dollars; null: no limit. */
  max_refund: z.number().positive("The limit must be more than $0").nullable(),
});
export type RefundPermission = z.infer<typeof refundPermissionSchema>;

export const refundPermissionsSchema = z.object({ roles: z.array(refundPermissionSchema) });

/** What the signed-in staff member may refund, for the order panel to disable what it may not. */
export const refundAllowanceSchema = z.object({
  may_refund: z.boolean(),
  /** Dollars; null: no limit. */
  max_refund: z.number().nullable(),
  /** Why this staff member cannot refund at all, or null. */
  refusal: z.string().nullable(),
});
export type RefundAllowance = z.infer<typeof refundAllowanceSchema>;

/** The 403 of a refund a role may not give. */
export function refundRefusalMessage(role: string, amount: string, limit: string | null): string {
  return limit === null
    ? `Your role (${role}) may not give refunds, so nothing was refunded. Ask the owner to do it, or to allow your role in Settings.`
    : `A refund of ${amount} is more than the ${limit} your role (${role}) may refund at once, so nothing was refunded. Ask the owner to do it.`;
}

// ------------------------------------------------------------------ daily reconciliation

const reportDay = z
  .string({ message: "must be a date (YYYY-MM-DD)" })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: "must be a date (YYYY-MM-DD)" })
  .refine((day) => new Date(`${day}T12:00:00Z`).toISOString().startsWith(day), {
    message: "must be a date (YYYY-MM-DD)",
  });

/** `?date=YYYY-MM-DD`: a Birmingham day; the store's today when left out. */
export const reconciliationQuerySchema = z.object({ date: reportDay.optional() });

/** An order whose payments ledger disagrees with its totals, or with the payment provider. */
export const reconciliationRowSchema = z.object({
  order_id: z.string(),
  friendly_order_id: z.string(),
  status: z.string(),
  payment_status: z.string(),
  payment_provider: z.string(),
  /** Dollars: the order's total, and what its ledger says was paid, refunded and kept. */
  total: z.number(),
  paid: z.number(),
  refunded: z.number(),
  net: z.number(),
  /** Dollars the provider reports taken and given back (Stripe mode), else null. */
  provider_paid: z.number().nullable(),
  provider_refunded: z.number().nullable(),
  /** Each disagreement, in a sentence staff can act on. */
  problems: z.array(z.string()),
});
export type ReconciliationRow = z.infer<typeof reconciliationRowSchema>;

export const reconciliationReportSchema = z.object({
  date: z.string(),
  /** Orders placed, paid, changed or with money moved that day: the ones checked. */
  checked: z.number().int(),
  /** Whether the provider was asked too (Stripe mode). */
  provider_checked: z.boolean(),
  orders: z.array(reconciliationRowSchema),
});
export type ReconciliationReport = z.infer<typeof reconciliationReportSchema>;
