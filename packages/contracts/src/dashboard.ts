import "./zod-without-eval.ts";
import { z } from "zod";
import { sellingUnits } from "./accessories.ts";
import { orderStatuses } from "./orders-options.ts";

/** The periods the dashboard offers, in days back from today (Birmingham time). */
export const dashboardPeriods = [30, 90] as const;

/** A closeout with this many boxes or fewer is "about to run out". */
export const closeoutRunningOutAt = 10;

export const dashboardQuerySchema = z.object({
  days: z.coerce
    .number({ message: "must be 30 or 90" })
    .refine((days) => (dashboardPeriods as readonly number[]).includes(days), {
      message: "must be 30 or 90",
    })
    .default(30),
});

export const dashboardSchema = z.object({
  days: z.number().int(),
  /** The first and last day of the period (YYYY-MM-DD, Birmingham time). */
  from: z.string(),
  to: z.string(),
  /**
   * Every day of the period, oldest first: the orders paid that day and their gross total (sales
   * tax and orders refunded since included), the refunds given that day, and gross less refunds.
   */
  sales_by_day: z.array(
    z.object({
      day: z.string(),
      orders: z.number().int(),
      revenue: z.number(),
      refunds: z.number(),
      net: z.number(),
    }),
  ),
  /** Paid orders in the period: how many, their gross total and the average order. */
  paid_orders: z.number().int(),
  revenue: z.number(),
  /** Refunds given in the period (from the payments ledger), and gross less them. */
  refunds: z.number(),
  net_revenue: z.number(),
  average_order_value: z.number(),
  /**
   * Margin of the period's paid orders, over the lines whose product has a cost per box: what
   * those lines brought in, what their boxes cost (today's cost per box), and the difference.
   * Lines without a known cost are counted apart.
   */
  margin: z.object({
    revenue: z.number(),
    cost_of_goods: z.number(),
    margin: z.number(),
    lines_without_cost: z.number().int(),
  }),
  /** Orders placed in the period, by status. */
  orders_by_status: z.record(z.enum(orderStatuses), z.number().int()),
  /** The five products that brought in the most from paid orders in the period (samples aside). */
  top_products: z.array(
    z.object({
      product_id: z.number().int().nullable(),
      name: z.string(),
      /** Units sold, in the product's selling unit (boxes of flooring, pieces of trim, rolls…). */
      boxes: z.number().int(),
      unit: z.enum(sellingUnits),
      revenue: z.number(),
    }),
  ),
  /** Project inquiries received in the period, and how many of them became jobs. */
  inquiries: z.object({ received: z.number().int(), turned_into_jobs: z.number().int() }),
  /** Products at or below their reorder point, fewest boxes first. */
  low_stock: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      stock_quantity: z.number().int(),
      reorder_point: z.number().int(),
    }),
  ),
  /** Closeouts with a few boxes left (1 to closeoutRunningOutAt), fewest first. */
  closeouts_running_out: z.array(
    z.object({ id: z.number().int(), name: z.string(), stock_quantity: z.number().int() }),
  ),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

const isoDay = z
  .string({ message: "must be a date (YYYY-MM-DD)" })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: "must be a date (YYYY-MM-DD)" })
  .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)), {
    message: "must be a date (YYYY-MM-DD)",
  });

/** The longest range one export covers, in days. */
export const exportMaxDays = 366;

/** A CSV export's range: from and to are Birmingham days, both included. */
export const exportRangeQuerySchema = z
  .object({ from: isoDay, to: isoDay })
  .refine((range) => range.from <= range.to, {
    message: "The first day must not be after the last day",
    path: ["to"],
  })
  .refine(
    (range) =>
      (Date.parse(`${range.to}T00:00:00Z`) - Date.parse(`${range.from}T00:00:00Z`)) / 86_400_000 <
      exportMaxDays,
    { message: `An export covers at most ${exportMaxDays} days`, path: ["to"] },
  );
export type ExportRange = z.infer<typeof exportRangeQuerySchema>;
