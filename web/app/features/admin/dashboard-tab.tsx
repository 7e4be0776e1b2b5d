import { unitName } from "@mcf/contracts/accessories";
import { type Dashboard, dashboardPeriods } from "@mcf/contracts/dashboard";
import { formatUsd } from "@mcf/contracts/money";
import { orderStatuses } from "@mcf/contracts/orders-options";
import type { AdminSettingsResponse } from "@mcf/contracts/store-settings";
import { type ReactNode, useState } from "react";
import { useSearchParams } from "react-router";
import { SummaryRow } from "../../components/summary-row.tsx";
import { capitalize } from "./admin-format.ts";
import { errorText, useAdminQuery } from "./admin-queries.ts";
import { dashboardKey } from "./admin-query-keys.ts";
import { ListError } from "./admin-table.tsx";
import { ExportPanel } from "./export-panel.tsx";
import { ReconciliationPanel } from "./reconciliation-panel.tsx";
import { SalesChart } from "./sales-chart.tsx";
import { PlaceholderNotice, settingsQueryKey } from "./settings-tab.tsx";

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section
      aria-label={title}
      className="space-y-2 rounded-lg border border-stone-200 bg-white p-4 shadow-sm"
    >
      <h2 className="font-sans text-base font-semibold text-navy-800">{title}</h2>
      {children}
    </section>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg border border-stone-200 bg-white p-4 shadow-sm">
      <p className="text-sm text-stone-600">{label}</p>
      <p className="text-2xl font-bold text-navy-800 tabular-nums">{value}</p>
    </div>
  );
}

/** The owner's first screen: how the business did over the last 30 or 90 days. */
export function DashboardTab() {
  const [days, setDays] = useState<number>(dashboardPeriods[0]);
  const query = useAdminQuery<Dashboard>(dashboardKey(days), `/api/admin/dashboard?days=${days}`, {
    keepPrevious: true,
  });
  const board = query.data;
  const settings = useAdminQuery<AdminSettingsResponse>(settingsQueryKey, "/api/admin/settings");
  const [, setParams] = useSearchParams();
  return (
    <div className="space-y-4">
      <PlaceholderNotice
        fields={settings.data?.placeholders ?? []}
        action={
          <button
            type="button"
            className="min-h-6 py-0.5 font-semibold text-amber-950 underline"
            onClick={() => setParams({ tab: "settings" }, { replace: true })}
          >
            Open Settings
          </button>
        }
      />
      <div className="flex flex-wrap items-center gap-3">
        <fieldset
          aria-label="Period"
          className="inline-flex rounded-md border border-stone-300 bg-white p-0.5"
        >
          {dashboardPeriods.map((period) => (
            <button
              key={period}
              type="button"
              aria-pressed={days === period}
              onClick={() => setDays(period)}
              className={`rounded px-3 py-1.5 text-sm font-semibold ${days === period ? "bg-navy-800 text-white" : "text-stone-700 hover:bg-stone-100"}`}
            >
              Last {period} days
            </button>
          ))}
        </fieldset>
        {board ? (
          <span className="text-sm text-stone-600">
            {board.from} to {board.to}
          </span>
        ) : null}
      </div>
      {query.error ? (
        <ListError
          message={errorText(query.error, "Failed to load the dashboard")}
          onRetry={() => void query.refetch()}
        />
      ) : null}
      {!board ? (
        query.error ? null : (
          <p className="p-4 text-stone-600">Loading…</p>
        )
      ) : (
        <DashboardFigures board={board} />
      )}
    </div>
  );
}

function DashboardFigures({ board }: { board: Dashboard }) {
  return (
    <>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-3">
        <Figure
          label="Gross sales (paid orders, with sales tax and refunded orders)"
          value={formatUsd(board.revenue)}
        />
        <Figure label="Refunds given" value={formatUsd(board.refunds)} />
        <Figure label="Net sales (gross less refunds)" value={formatUsd(board.net_revenue)} />
        <Figure label="Paid orders" value={String(board.paid_orders)} />
        <Figure label="Average order" value={formatUsd(board.average_order_value)} />
        <Figure
          label="Inquiries turned into jobs"
          value={`${board.inquiries.turned_into_jobs} of ${board.inquiries.received}`}
        />
        <Figure label="Margin (lines with a cost per box)" value={formatUsd(board.margin.margin)} />
        <Figure label="Cost of goods" value={formatUsd(board.margin.cost_of_goods)} />
      </div>
      {board.margin.lines_without_cost > 0 && (
        <p className="text-sm text-stone-600">
          {board.margin.lines_without_cost}{" "}
          {board.margin.lines_without_cost === 1 ? "line has" : "lines have"} no cost per box yet
          and {board.margin.lines_without_cost === 1 ? "is" : "are"} left out of the margin.
        </p>
      )}
      <Panel title="Sales per day">
        <SalesChart days={board.sales_by_day} />
      </Panel>
      <div className="grid gap-4 lg:grid-cols-2">
        <Panel title="Top products">
          {board.top_products.length ? (
            <ol className="space-y-1 text-sm">
              {board.top_products.map((p) => (
                <li key={p.product_id ?? p.name} className="flex justify-between gap-3">
                  <span>
                    {p.name}{" "}
                    <span className="text-stone-600">
                      · {p.boxes} {unitName(p.unit, p.boxes)}
                    </span>
                  </span>
                  <span className="tabular-nums">{formatUsd(p.revenue)}</span>
                </li>
              ))}
            </ol>
          ) : (
            <p className="text-sm text-stone-600">No products sold in this period.</p>
          )}
        </Panel>
        <Panel title="Orders by status">
          <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
            {orderStatuses.map((status) => (
              <SummaryRow key={status} label={capitalize(status)} valueClassName="tabular-nums">
                {board.orders_by_status[status]}
              </SummaryRow>
            ))}
          </dl>
        </Panel>
        <Panel title="Below the reorder point">
          {board.low_stock.length ? (
            <ul className="space-y-1 text-sm">
              {board.low_stock.map((p) => (
                <li key={p.id} className="flex justify-between gap-3">
                  <span>{p.name}</span>
                  <span className="text-brick-600 tabular-nums">
                    {p.stock_quantity} left (reorder at {p.reorder_point})
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-stone-600">
              No product is at its reorder point (set one in the product editor).
            </p>
          )}
        </Panel>
        <Panel title="Closeouts about to run out">
          {board.closeouts_running_out.length ? (
            <ul className="space-y-1 text-sm">
              {board.closeouts_running_out.map((p) => (
                <li key={p.id} className="flex justify-between gap-3">
                  <span>{p.name}</span>
                  <span className="tabular-nums">{p.stock_quantity} boxes left</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-stone-600">No closeout is down to its last boxes.</p>
          )}
        </Panel>
        <Panel title="Export as CSV">
          <ExportPanel />
        </Panel>
      </div>
      <Panel title="Reconciliation (payments ledger against order totals)">
        <ReconciliationPanel />
      </Panel>
    </>
  );
}
