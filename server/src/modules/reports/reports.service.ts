import type { SellingUnit } from "@mcf/contracts/accessories";
import { storeTimeZone } from "@mcf/contracts/business";
import { closeoutRunningOutAt, type Dashboard } from "@mcf/contracts/dashboard";
import { toDollars } from "@mcf/contracts/money";
import { orderStatuses } from "@mcf/contracts/orders-options";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { lineCost } from "./line-cost.ts";

const rowsOf = async <T>(db: DbOrTx, query: ReturnType<typeof sql>) =>
  (await db.execute(query)).rows as unknown as T[];
/** Sums of cents come back as bigint text (pg) or numbers (PGlite). */
const cents = (value: unknown) => Number(value ?? 0);

/**
 * The owner's dashboard for the last `days` days, today included, in Birmingham days: sales by
 * day (orders paid that day), orders by status, the average order, top products, inquiries turned
 * into jobs, products to reorder and closeouts about to run out. Every figure is one SQL query
 * over indexed columns (paid orders by `paid_at`), so it stays quick on a large order history.
 */
export async function getDashboard(db: DbOrTx, days: number, now = new Date()): Promise<Dashboard> {
  const [range] = await rowsOf<{ from: string; to: string; start: Date }>(
    db,
    sql`select to_char(today - (${days}::int - 1), 'YYYY-MM-DD') as "from",
          to_char(today, 'YYYY-MM-DD') as "to",
          ((today - (${days}::int - 1))::timestamp at time zone ${storeTimeZone}) as start
        from (select (${now.toISOString()}::timestamptz at time zone ${storeTimeZone})::date as today) t`,
  );
  if (!range) throw new Error("the dashboard's date range query answered nothing");
  const start = new Date(range.start).toISOString();
  const paidSince = sql`o.payment_status = 'paid' and o.paid_at >= ${start}::timestamptz`;

  const [byDay, byStatus, top, inquiries, lowStock, closeouts, margin] = await Promise.all([
    // Refunds count on the day they were given, whenever the order was paid.
    rowsOf<{ day: string; orders: number; revenue_cents: string; refunds_cents: string }>(
      db,
      sql`select to_char(d, 'YYYY-MM-DD') as day, coalesce(s.orders, 0)::int as orders,
            coalesce(s.revenue_cents, 0) as revenue_cents, coalesce(r.cents, 0) as refunds_cents
          from generate_series(${range.from}::date, ${range.to}::date, interval '1 day') d
          left join (
            select (o.paid_at at time zone ${storeTimeZone})::date as day, count(*) as orders,
              sum(o.total_amount_cents) as revenue_cents
            from orders o where ${paidSince} group by 1
          ) s on s.day = d::date
          left join (
            select (p.created_at at time zone ${storeTimeZone})::date as day,
              sum(p.amount_cents) as cents
            from order_payments p
            where p.kind = 'refund' and p.created_at >= ${start}::timestamptz group by 1
          ) r on r.day = d::date
          order by d`,
    ),
    rowsOf<{ status: string; count: number }>(
      db,
      sql`select status, count(*)::int as count from orders
          where created_at >= ${start}::timestamptz group by status`,
    ),
    // Sold units only: a sample is a hand-cut piece, not a box, and never a top seller.
    rowsOf<{
      product_id: number | null;
      name: string;
      boxes: number;
      unit: SellingUnit | null;
      revenue_cents: string;
    }>(
      db,
      sql`select oi.product_id, max(oi.product_name) as name, sum(oi.quantity)::int as boxes,
            max(p.selling_unit) as unit, sum(oi.total_price_cents) as revenue_cents
          from order_items oi join orders o on o.id = oi.order_id
            left join products p on p.id = oi.product_id
          where ${paidSince} and oi.product_id is not null and oi.kind = 'box'
          group by oi.product_id
          order by sum(oi.total_price_cents) desc, oi.product_id
          limit 5`,
    ),
    rowsOf<{ received: number; turned_into_jobs: number }>(
      db,
      sql`select count(*)::int as received, count(j.id)::int as turned_into_jobs
          from project_inquiries i left join install_jobs j on j.inquiry_id = i.id
          where i.created_at >= ${start}::timestamptz`,
    ),
    rowsOf<{ id: number; name: string; stock_quantity: number; reorder_point: number }>(
      db,
      sql`select id, name, stock_quantity, reorder_point from products
          where reorder_point is not null and stock_quantity <= reorder_point
          order by stock_quantity, name limit 50`,
    ),
    rowsOf<{ id: number; name: string; stock_quantity: number }>(
      db,
      sql`select id, name, stock_quantity from products
          where is_closeout and stock_quantity between 1 and ${closeoutRunningOutAt}
          order by stock_quantity, name limit 50`,
    ),
    // Sold units only (a sample is no box sold); cost of goods at the cost when each order was
    // placed (older lines: the product's cost today, see lineCost).
    rowsOf<{ revenue_cents: string; cost_cents: string; without_cost: number }>(
      db,
      sql`select coalesce(sum(oi.total_price_cents) filter (where ${lineCost} is not null), 0) as revenue_cents,
            coalesce(sum(oi.quantity * ${lineCost}), 0) as cost_cents,
            count(*) filter (where ${lineCost} is null)::int as without_cost
          from order_items oi join orders o on o.id = oi.order_id
            left join products p on p.id = oi.product_id
          where ${paidSince} and oi.kind <> 'sample'`,
    ),
  ]);

  const salesByDay = byDay.map((d) => {
    const revenueCents = cents(d.revenue_cents);
    const refundsCents = cents(d.refunds_cents);
    return {
      day: d.day,
      orders: Number(d.orders),
      revenue: toDollars(revenueCents),
      refunds: toDollars(refundsCents),
      net: toDollars(revenueCents - refundsCents),
    };
  });
  const paidOrders = salesByDay.reduce((sum, d) => sum + d.orders, 0);
  const revenueCents = byDay.reduce((sum, d) => sum + cents(d.revenue_cents), 0);
  const refundCents = byDay.reduce((sum, d) => sum + cents(d.refunds_cents), 0);
  const ordersByStatus = Object.fromEntries(orderStatuses.map((s) => [s, 0])) as Record<
    (typeof orderStatuses)[number],
    number
  >;
  const costedRevenueCents = cents(margin[0]?.revenue_cents);
  const costCents = cents(margin[0]?.cost_cents);
  for (const row of byStatus)
    if (row.status in ordersByStatus)
      ordersByStatus[row.status as keyof typeof ordersByStatus] = Number(row.count);
  return {
    days,
    from: range.from,
    to: range.to,
    sales_by_day: salesByDay,
    paid_orders: paidOrders,
    revenue: toDollars(revenueCents),
    refunds: toDollars(refundCents),
    net_revenue: toDollars(revenueCents - refundCents),
    average_order_value: paidOrders ? toDollars(Math.round(revenueCents / paidOrders)) : 0,
    margin: {
      revenue: toDollars(costedRevenueCents),
      cost_of_goods: toDollars(costCents),
      margin: toDollars(costedRevenueCents - costCents),
      lines_without_cost: Number(margin[0]?.without_cost ?? 0),
    },
    orders_by_status: ordersByStatus,
    top_products: top.map((p) => ({
      product_id: p.product_id,
      name: p.name,
      boxes: Number(p.boxes),
      unit: p.unit ?? "box",
      revenue: toDollars(cents(p.revenue_cents)),
    })),
    inquiries: {
      received: Number(inquiries[0]?.received ?? 0),
      turned_into_jobs: Number(inquiries[0]?.turned_into_jobs ?? 0),
    },
    low_stock: lowStock.map((p) => ({ ...p, stock_quantity: Number(p.stock_quantity) })),
    closeouts_running_out: closeouts.map((p) => ({
      ...p,
      stock_quantity: Number(p.stock_quantity),
    })),
  };
}

export { customersCsv, ordersCsv } from "./exports.ts";
export {
  type ProviderMoneyReader,
  reconciliationCsv,
  reconciliationReport,
} from "./reconciliation.ts";
export { reorderReport, reorderReportCsv, suggestedReorder } from "./reorder-report.ts";
