import type { Dashboard } from "@mcf/contracts/dashboard";
import { formatUsd } from "@mcf/contracts/money";

const width = 720;
const height = 200;
const gap = 2;

const shortDay = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString("en-US", {
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  });

/**
 * Sales per day as bars. The picture is one image with a written summary for screen readers; the
 * figures themselves are in the table beneath it, which anyone can open.
 */
export function SalesChart({ days }: { days: Dashboard["sales_by_day"] }) {
  const top = Math.max(...days.map((d) => d.revenue), 1);
  const best = days.reduce<(typeof days)[number] | null>(
    (a, b) => (a === null || b.revenue > a.revenue ? b : a),
    null,
  );
  const barWidth = width / Math.max(days.length, 1);
  const summary = best?.revenue
    ? `Sales per day from ${shortDay(days[0]?.day ?? "")} to ${shortDay(days.at(-1)?.day ?? "")}; the best day was ${shortDay(best.day)} with ${formatUsd(best.revenue)}.`
    : "No paid orders in this period.";
  return (
    <figure className="space-y-2">
      <svg
        viewBox={`0 0 ${width} ${height + 20}`}
        className="h-auto w-full"
        role="img"
        aria-label={summary}
      >
        <line x1={0} y1={height} x2={width} y2={height} className="stroke-stone-300" />
        {days.map((day, index) => {
          const barHeight = (day.revenue / top) * (height - 10);
          return (
            <rect
              key={day.day}
              x={index * barWidth + gap / 2}
              y={height - barHeight}
              width={Math.max(barWidth - gap, 1)}
              height={barHeight}
              className="fill-oak-600"
            >
              <title>{`${shortDay(day.day)}: ${formatUsd(day.revenue)}, ${day.orders} orders`}</title>
            </rect>
          );
        })}
        <text x={0} y={height + 16} className="fill-stone-600 text-[12px]">
          {shortDay(days[0]?.day ?? "")}
        </text>
        <text x={width} y={height + 16} textAnchor="end" className="fill-stone-600 text-[12px]">
          {shortDay(days.at(-1)?.day ?? "")}
        </text>
      </svg>
      <figcaption className="text-sm text-stone-600">{summary}</figcaption>
      <details className="text-sm">
        <summary className="cursor-pointer py-1 font-semibold text-oak-700">
          Sales per day as a table
        </summary>
        <table className="mt-2 w-full max-w-md text-left">
          <thead>
            <tr className="text-xs text-stone-600 uppercase">
              <th className="py-1">Day</th>
              <th className="py-1 text-right">Orders</th>
              <th className="py-1 text-right">Sales</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.day} className="border-t border-stone-100">
                <td className="py-1">{shortDay(day.day)}</td>
                <td className="py-1 text-right tabular-nums">{day.orders}</td>
                <td className="py-1 text-right tabular-nums">{formatUsd(day.revenue)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
