import type { ReorderLine } from "@mcf/contracts/stock-counts";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";

/** The days of sales the reorder report reads, and the days of stock a suggestion covers. */
export const reorderWindowDays = 90;

/**
 * Boxes to order for a product: enough to sell for the next 90 days at the rate of the last 90,
 * less what is available now, rounded up to whole boxes and never below 0. Both windows are 90
 * days, so "enough for the next 90 days" is the boxes sold in the last 90 (a whole number: no
 * rounding left to do). A product that sold nothing gets 0: staff decide.
 */
export function suggestedReorder(soldInWindow: number, available: number): number {
  return Math.max(0, Math.ceil(soldInWindow - available));
}

/**
 * Products whose available boxes are at or below their reorder point, fewest available first,
 * with the boxes sold in the last 90 days (paid orders not cancelled; samples are not boxes) and
 * the suggested quantity.
 */
export async function reorderReport(db: DbOrTx, now = new Date()): Promise<ReorderLine[]> {
  const since = new Date(now.getTime() - reorderWindowDays * 86_400_000).toISOString();
  const result = await db.execute(
    sql`select p.id, p.name, p.sku, p.on_hand, p.stock_quantity as available, p.reorder_point,
          coalesce(s.sold, 0)::int as sold
        from products p
        left join (
          select oi.product_id, sum(oi.quantity) as sold
          from order_items oi join orders o on o.id = oi.order_id
          where oi.kind = 'box' and o.payment_status = 'paid' and o.status <> 'cancelled'
            and o.paid_at >= ${since}::timestamptz
          group by oi.product_id
        ) s on s.product_id = p.id
        where p.reorder_point is not null and p.stock_quantity <= p.reorder_point
        order by p.stock_quantity, lower(p.name), p.id`,
  );
  const rows = result.rows as unknown as Array<{
    id: number;
    name: string;
    sku: string | null;
    on_hand: number;
    available: number;
    reorder_point: number;
    sold: number;
  }>;
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    sku: row.sku,
    on_hand: Number(row.on_hand),
    available: Number(row.available),
    reorder_point: Number(row.reorder_point),
    sold_90_days: Number(row.sold),
    suggested: suggestedReorder(Number(row.sold), Number(row.available)),
  }));
}

/** A CSV cell: quoted when it holds a comma, quote or line break; formula starts defused. */
function csvCell(value: string | number | null): string {
  if (value === null) return "";
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The reorder report as a CSV file (the same columns the back office shows). */
export function reorderReportCsv(lines: ReorderLine[]): string {
  const header = [
    "sku",
    "name",
    "on_hand",
    "available",
    "reorder_point",
    "sold_90_days",
    "suggested",
  ];
  const rows = lines.map((line) =>
    [
      line.sku,
      line.name,
      line.on_hand,
      line.available,
      line.reorder_point,
      line.sold_90_days,
      line.suggested,
    ]
      .map(csvCell)
      .join(","),
  );
  return `${[header.join(","), ...rows].join("\r\n")}\r\n`;
}
