import { storeTimeZone } from "@mcf/contracts/business";
import type { ExportRange } from "@mcf/contracts/dashboard";
import { dollarsText } from "@mcf/contracts/money";
import { stringify } from "csv-stringify/sync";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { lineCost } from "./line-cost.ts";

/**
 * A cell a spreadsheet would read as a formula (=, +, -, @, tab, return at the start) gets a
 * leading apostrophe: a customer's name must never run as a formula on the owner's computer.
 */
function safeCell(value: unknown): string {
  const text = value === null || value === undefined ? "" : String(value);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

const toCsv = (columns: string[], rows: unknown[][]) =>
  stringify(
    rows.map((row) => row.map(safeCell)),
    { header: true, columns, record_delimiter: "\r\n" },
  );

/** Cost of goods and margin in dollars, or two empty cells when no line's cost is known. */
function marginCells(costedRevenueCents: unknown, costCents: unknown): string[] {
  if (costCents === null || costCents === undefined) return ["", ""];
  const cost = Number(costCents);
  return [dollarsText(cost), dollarsText(Number(costedRevenueCents ?? 0) - cost)];
}

/** From the first day's midnight to the midnight after the last day, in Birmingham. */
const within = (column: ReturnType<typeof sql>, range: ExportRange) =>
  sql`${column} >= (${range.from}::date::timestamp at time zone ${storeTimeZone})
    and ${column} < ((${range.to}::date + 1)::timestamp at time zone ${storeTimeZone})`;

/** Each order's charged and refunded cents, summed from its payments ledger. */
export const ledgerTotals = sql`select order_id,
    sum(amount_cents) filter (where kind = 'charge') as charged,
    sum(amount_cents) filter (where kind = 'refund') as refunded
  from order_payments group by order_id`;

/** Cents from SQL (a number, or bigint and numeric sums as text) as dollars text for a cell. */
const cents = (value: unknown) => dollarsText(Number(value ?? 0));

/** Paid, refunded and net (paid less refunded) as CSV cells in dollars. */
function paidRefundedNetCells(paid: unknown, refunded: unknown): string[] {
  return [cents(paid), cents(refunded), cents(Number(paid ?? 0) - Number(refunded ?? 0))];
}

/**
 * Every order placed in the range, oldest first: one row per order with its amounts, and its
 * margin over the lines with a cost per box (cost of goods at the cost when the order was placed;
 * both empty when no line has one).
 */
export async function ordersCsv(db: DbOrTx, range: ExportRange): Promise<string> {
  const { rows } = await db.execute(sql`
    select friendly_order_id,
      (select sum(oi.quantity * ${lineCost}) from order_items oi
        left join products p on p.id = oi.product_id
        where oi.order_id = orders.id and oi.kind <> 'sample') as cost_cents,
      (select sum(oi.total_price_cents) from order_items oi
        left join products p on p.id = oi.product_id
        where oi.order_id = orders.id and oi.kind <> 'sample'
          and ${lineCost} is not null) as costed_revenue_cents,
      to_char(created_at at time zone ${storeTimeZone}, 'YYYY-MM-DD HH24:MI') as placed,
      status, payment_status, customer_name, customer_email, customer_phone,
      billing_address->>'city' as city, billing_address->>'state' as state,
      billing_address->>'zip_code' as zip_code, delivery_method, coupon_code, total_cartons,
      subtotal_cents, discount_amount_cents, shipping_cost_cents, tax_amount_cents,
      total_amount_cents,
      coalesce(ledger.charged, 0) as paid_cents, coalesce(ledger.refunded, 0) as refunded_cents
    from orders left join (${ledgerTotals}) ledger on ledger.order_id = orders.id
    where ${within(sql`created_at`, range)}
    order by created_at, friendly_order_id`);
  const columns = [
    "order",
    "placed (Birmingham time)",
    "status",
    "payment",
    "customer",
    "email",
    "phone",
    "city",
    "state",
    "zip code",
    "delivery",
    "coupon",
    "boxes",
    "subtotal",
    "discount",
    "shipping",
    "tax",
    "total",
    // From the payments ledger, after the order's own amounts.
    "paid",
    "refunded",
    "net",
    // At each product's cost per box today (empty where no line has a cost).
    "cost of goods",
    "margin",
  ];
  return toCsv(
    columns,
    (rows as Array<Record<string, unknown>>).map((r) => [
      r.friendly_order_id,
      r.placed,
      r.status,
      r.payment_status,
      r.customer_name,
      r.customer_email,
      r.customer_phone,
      r.city,
      r.state,
      r.zip_code,
      r.delivery_method,
      r.coupon_code,
      r.total_cartons,
      cents(r.subtotal_cents),
      cents(r.discount_amount_cents),
      cents(r.shipping_cost_cents),
      cents(r.tax_amount_cents),
      cents(r.total_amount_cents),
      ...paidRefundedNetCells(r.paid_cents, r.refunded_cents),
      ...marginCells(r.costed_revenue_cents, r.cost_cents),
    ]),
  );
}

/**
 * The customers who placed an order in the range, one row per email address (any case): the
 * latest name and phone they gave, their orders in the range, what their paid ones came to, and
 * their first and last order in it.
 */
export async function customersCsv(db: DbOrTx, range: ExportRange): Promise<string> {
  const { rows } = await db.execute(sql`
    select lower(customer_email) as email,
      (array_agg(customer_name order by created_at desc))[1] as name,
      (array_agg(customer_phone order by created_at desc))[1] as phone,
      count(*)::int as orders,
      count(*) filter (where payment_status = 'paid')::int as paid_orders,
      coalesce(sum(total_amount_cents) filter (where payment_status = 'paid'), 0) as paid_total_cents,
      to_char(min(created_at) at time zone ${storeTimeZone}, 'YYYY-MM-DD') as first_order,
      to_char(max(created_at) at time zone ${storeTimeZone}, 'YYYY-MM-DD') as last_order
    from orders where ${within(sql`created_at`, range)}
    group by lower(customer_email)
    order by lower(customer_email)`);
  return toCsv(
    ["email", "name", "phone", "orders", "paid orders", "paid total", "first order", "last order"],
    (rows as Array<Record<string, unknown>>).map((r) => [
      r.email,
      r.name,
      r.phone,
      r.orders,
      r.paid_orders,
      cents(r.paid_total_cents),
      r.first_order,
      r.last_order,
    ]),
  );
}
