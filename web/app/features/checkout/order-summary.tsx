import { unitName } from "@mcf/contracts/accessories";
import type { CartCalculationResult } from "@mcf/contracts/cart";
import { formatUsd } from "@mcf/contracts/money";
import { OrderAmounts } from "../../components/order-amounts.tsx";
import { sampleLineLabel } from "../../lib/cart/cart-wording.ts";
import { deliveryDateLabel, formatDeliveryDate } from "../../lib/delivery-dates.ts";
import type { CartCalculationState } from "./use-cart-calculation.ts";

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

/** Cartons and pallets for a truck, and the date: what the shipping line needs to be read right. */
function shippingNote({ shipping }: CartCalculationResult): string {
  const parts: string[] = [];
  if (shipping.method === "freight" || shipping.method === "local")
    parts.push(
      `${plural(shipping.total_cartons, "carton")} on ${plural(shipping.pallets_needed, "pallet")}${
        shipping.cartons_per_pallet ? ` (${shipping.cartons_per_pallet} per pallet)` : ""
      }`,
    );
  if (shipping.estimated_date)
    parts.push(
      `${deliveryDateLabel(shipping.method)} ${formatDeliveryDate(shipping.estimated_date)}`,
    );
  return parts.join(" · ");
}

function SummaryLines({ result }: { result: CartCalculationResult }) {
  const { shipping } = result;
  return (
    <>
      <ul className="mb-4 divide-y divide-stone-200 border-b border-stone-200">
        {result.items.map((item) => (
          <li
            key={`${item.kind}:${item.product_id}`}
            className="flex justify-between gap-3 py-2 text-sm"
          >
            <span className="min-w-0">
              <span className="block font-medium text-stone-900">
                {item.kind === "sample" ? `Sample: ${item.product_name}` : item.product_name}
              </span>
              <span className="text-stone-600">
                {item.kind === "sample"
                  ? sampleLineLabel(item.quantity, item.free_quantity)
                  : `${item.quantity} ${unitName(item.selling_unit, item.quantity)} × ${formatUsd(item.unit_price)}`}
              </span>
              {item.lot?.lot_code ? (
                <span className="block text-stone-600">Dye lot {item.lot.lot_code}</span>
              ) : null}
              {item.lot?.message ? (
                <span role="alert" className="mt-1 block text-red-800">
                  {item.lot.message}
                </span>
              ) : null}
              {item.backorder ? (
                <span className="mt-1 block rounded-md border border-amber-300 bg-amber-50 px-2 py-1 text-amber-950">
                  {item.backorder.message}
                </span>
              ) : null}
              {item.short_stock ? (
                <span className="mt-1 block text-red-800">{item.short_stock.message}</span>
              ) : null}
            </span>
            <span className="font-medium">
              {item.kind === "sample" && item.total_price === 0
                ? "Free"
                : formatUsd(item.total_price)}
            </span>
          </li>
        ))}
      </ul>
      <OrderAmounts
        subtotal={result.subtotal}
        discount={result.discount}
        couponCode={result.coupon_code}
        shipping={shipping.cost}
        shippingLabel={shipping.label}
        shippingNote={shippingNote(result)}
        tax={result.tax}
        taxNote={result.tax_rate > 0 ? `(${+(result.tax_rate * 100).toFixed(3)}%)` : null}
        total={result.total}
        totalTestId="order-total"
      />
    </>
  );
}

/** The checkout's order summary from the server's calculation, with its loading and error states. */
export function OrderSummary({
  calculation,
}: {
  calculation: CartCalculationState & { retry(): void };
}) {
  return (
    <section
      aria-labelledby="checkout-summary-heading"
      aria-busy={calculation.status === "loading"}
      className="rounded-xl border border-stone-200 bg-cream/60 p-5 sm:p-6"
    >
      <h2 id="checkout-summary-heading" className="mb-4 text-xl font-semibold">
        Order Summary
      </h2>
      {calculation.status === "error" && calculation.detail ? (
        // The server refused the cart as it is (a delivery method this address does not get, a
        // product no longer sold): asking again cannot help, so only the reason shows.
        <div role="alert" className="rounded-md bg-red-50 p-4 text-sm text-red-800">
          <p className="font-medium">{calculation.detail}</p>
        </div>
      ) : calculation.status === "error" ? (
        <div role="alert" className="rounded-md bg-red-50 p-4 text-sm text-red-800">
          <p className="font-medium">{calculation.message}</p>
          <button type="button" className="btn-outline mt-3 bg-white" onClick={calculation.retry}>
            Try Again
          </button>
        </div>
      ) : calculation.result ? (
        <div className={calculation.status === "loading" ? "opacity-60" : undefined}>
          <SummaryLines result={calculation.result} />
        </div>
      ) : (
        <p className="py-6 text-center text-stone-600">Calculating your total...</p>
      )}
    </section>
  );
}
