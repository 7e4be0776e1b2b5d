import type { Estimate } from "@mcf/contracts/installs";
import { usd } from "../lib/install-visits.ts";

/** The estimate's lines and totals, as the customer and the staff read them. */
export function EstimateTable({ estimate }: { estimate: Estimate }) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">Estimate version {estimate.version}</caption>
      <thead className="border-b border-stone-300 text-stone-600">
        <tr>
          <th scope="col" className="py-2 pr-2 font-medium">
            Item
          </th>
          <th scope="col" className="py-2 pr-2 text-right font-medium">
            Qty
          </th>
          <th scope="col" className="py-2 pr-2 text-right font-medium">
            Price
          </th>
          <th scope="col" className="py-2 text-right font-medium">
            Total
          </th>
        </tr>
      </thead>
      <tbody>
        {estimate.lines.map((line, index) => (
          // Lines have no id of their own; their order is fixed within a version.
          <tr key={index} className="border-b border-stone-100">
            <td className="py-2 pr-2">{line.description}</td>
            <td className="py-2 pr-2 text-right tabular-nums">{line.quantity}</td>
            <td className="py-2 pr-2 text-right tabular-nums">{usd(line.unit_price)}</td>
            <td className="py-2 text-right tabular-nums">{usd(line.total)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot className="tabular-nums">
        <tr>
          <th scope="row" colSpan={3} className="pt-3 pr-2 text-right font-normal text-stone-600">
            Labor and services
          </th>
          <td className="pt-3 text-right">{usd(estimate.labour_subtotal)}</td>
        </tr>
        <tr>
          <th scope="row" colSpan={3} className="pr-2 text-right font-normal text-stone-600">
            Materials
          </th>
          <td className="text-right">{usd(estimate.materials_subtotal)}</td>
        </tr>
        <tr>
          <th scope="row" colSpan={3} className="pr-2 text-right font-normal text-stone-600">
            Sales tax (materials)
          </th>
          <td className="text-right">{usd(estimate.tax)}</td>
        </tr>
        <tr className="text-base font-bold">
          <th scope="row" colSpan={3} className="pt-2 pr-2 text-right">
            Total
          </th>
          <td className="pt-2 text-right">{usd(estimate.total)}</td>
        </tr>
        <tr>
          <th scope="row" colSpan={3} className="pr-2 text-right font-normal text-stone-600">
            Deposit due on acceptance ({estimate.deposit_percent}%)
          </th>
          <td className="text-right font-semibold">{usd(estimate.deposit)}</td>
        </tr>
      </tfoot>
    </table>
  );
}
