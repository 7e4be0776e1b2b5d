import { storeTimeZone } from "@mcf/contracts/business";
import { formatUsd, toDollars } from "@mcf/contracts/money";
import type { ReconciliationReport, ReconciliationRow } from "@mcf/contracts/order-money";
import { stringify } from "csv-stringify/sync";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { ledgerTotals } from "./exports.ts";

/** What the payment provider says a payment session took and gave back, in cents. */
export interface ProviderMoneyReader {
  readonly name: string;
  sessionMoney(sessionId: string): Promise<{ chargedCents: number; refundedCents: number }>;
}

/** An order and its ledger's sums, as the report reads them. */
export interface LedgerFacts {
  status: string;
  payment_status: string;
  totalCents: number;
  chargedCents: number;
  refundedCents: number;
}

const usd = (cents: number) => formatUsd(toDollars(cents));

/**
 * Where an order's ledger disagrees with the order itself, each in a sentence: a paid order with
 * no charge, a charge other than the total, an order not marked paid that was charged, more
 * refunded than charged, a cancelled order whose money was not all given back.
 */
export function ledgerProblems(order: LedgerFacts): string[] {
  const problems: string[] = [];
  const paid = order.payment_status === "paid";
  if (paid && order.totalCents > 0 && order.chargedCents === 0)
    problems.push(`Marked paid, but the ledger has no charge for its ${usd(order.totalCents)}.`);
  else if (paid && order.chargedCents !== order.totalCents)
    problems.push(
      `Charged ${usd(order.chargedCents)}, but the order total is ${usd(order.totalCents)}.`,
    );
  if (!paid && order.chargedCents > 0)
    problems.push(
      `Not marked paid (${order.payment_status}), but the ledger has ${usd(order.chargedCents)} charged.`,
    );
  if (order.refundedCents > order.chargedCents)
    problems.push(
      `Refunded ${usd(order.refundedCents)}, more than the ${usd(order.chargedCents)} charged.`,
    );
  const held = order.chargedCents - order.refundedCents;
  if (order.status === "cancelled" && held > 0)
    problems.push(`Cancelled, but ${usd(held)} of the customer's money was not refunded.`);
  return problems;
}

interface DayRow {
  id: string;
  friendly_order_id: string;
  status: string;
  payment_status: string;
  payment_provider: string;
  payment_session_id: string | null;
  total_amount_cents: number;
  charged: string | number | null;
  refunded: string | number | null;
}

/**
 * The reconciliation of one Birmingham day: the orders placed, paid, changed or with money moved
 * that day whose ledger disagrees with their totals and, when `provider` is given (Stripe mode),
 * whose provider's amounts disagree with their ledger. A provider that cannot be reached is a
 * problem of the order (staff look again later), never a failed report.
 */
export async function reconciliationReport(
  db: DbOrTx,
  date: string,
  provider: ProviderMoneyReader | null,
): Promise<ReconciliationReport> {
  const start = sql`(${date}::date::timestamp at time zone ${storeTimeZone})`;
  const end = sql`((${date}::date + 1)::timestamp at time zone ${storeTimeZone})`;
  const inDay = (column: ReturnType<typeof sql>) =>
    sql`(${column} >= ${start} and ${column} < ${end})`;
  const { rows } = await db.execute(sql`
    select o.id, o.friendly_order_id, o.status, o.payment_status, o.payment_provider,
      o.payment_session_id, o.total_amount_cents, p.charged, p.refunded
    from orders o left join (${ledgerTotals}) p on p.order_id = o.id
    where ${inDay(sql`o.created_at`)} or ${inDay(sql`o.paid_at`)} or ${inDay(sql`o.updated_at`)}
      or exists (select 1 from order_payments x where x.order_id = o.id and ${inDay(sql`x.created_at`)})
    order by o.created_at, o.id`);
  const report: ReconciliationRow[] = [];
  for (const row of rows as unknown as DayRow[]) {
    const facts = {
      status: row.status,
      payment_status: row.payment_status,
      totalCents: Number(row.total_amount_cents),
      chargedCents: Number(row.charged ?? 0),
      refundedCents: Number(row.refunded ?? 0),
    };
    const problems = ledgerProblems(facts);
    const fromProvider = await providerSide(provider, row, facts);
    problems.push(...fromProvider.problems);
    if (problems.length === 0) continue;
    report.push({
      order_id: row.id,
      friendly_order_id: row.friendly_order_id,
      status: row.status,
      payment_status: row.payment_status,
      payment_provider: row.payment_provider,
      total: toDollars(facts.totalCents),
      paid: toDollars(facts.chargedCents),
      refunded: toDollars(facts.refundedCents),
      net: toDollars(facts.chargedCents - facts.refundedCents),
      provider_paid: fromProvider.paid,
      provider_refunded: fromProvider.refunded,
      problems,
    });
  }
  return { date, checked: rows.length, provider_checked: provider !== null, orders: report };
}

/** What the provider says of an order it took money for, against the ledger. */
async function providerSide(
  provider: ProviderMoneyReader | null,
  row: DayRow,
  facts: LedgerFacts,
): Promise<{ paid: number | null; refunded: number | null; problems: string[] }> {
  const none = { paid: null, refunded: null, problems: [] };
  if (!provider || row.payment_provider !== provider.name || !row.payment_session_id) return none;
  if (facts.chargedCents === 0 && facts.payment_status !== "paid") return none;
  try {
    const money = await provider.sessionMoney(row.payment_session_id);
    const problems: string[] = [];
    if (money.chargedCents !== facts.chargedCents)
      problems.push(
        `Stripe took ${usd(money.chargedCents)}, but the ledger has ${usd(facts.chargedCents)} charged.`,
      );
    if (money.refundedCents !== facts.refundedCents)
      problems.push(
        `Stripe refunded ${usd(money.refundedCents)}, but the ledger has ${usd(facts.refundedCents)} refunded.`,
      );
    return {
      paid: toDollars(money.chargedCents),
      refunded: toDollars(money.refundedCents),
      problems,
    };
  } catch (error) {
    return {
      ...none,
      problems: [
        `Stripe could not be asked about this payment (${error instanceof Error ? error.message : String(error)}): check again later.`,
      ],
    };
  }
}

/** The report as CSV: one row per order, its problems joined. */
export function reconciliationCsv(report: ReconciliationReport): string {
  const money = (value: number | null) => (value === null ? "" : value.toFixed(2));
  return stringify(
    report.orders.map((row) => [
      row.friendly_order_id,
      row.status,
      row.payment_status,
      row.payment_provider,
      money(row.total),
      money(row.paid),
      money(row.refunded),
      money(row.net),
      money(row.provider_paid),
      money(row.provider_refunded),
      row.problems.join(" "),
    ]),
    {
      header: true,
      columns: [
        "order",
        "status",
        "payment",
        "provider",
        "total",
        "paid",
        "refunded",
        "net",
        "provider paid",
        "provider refunded",
        "problems",
      ],
      record_delimiter: "\r\n",
    },
  );
}
