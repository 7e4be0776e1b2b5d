import { formatUsd } from "@mcf/contracts/money";
import { SummaryRow } from "./summary-row.tsx";

export interface OrderAmountsProps {
  subtotal: number;
  discount: number;
  couponCode: string | null;
  shipping: number;
  /** The delivery method as the order names it, e.g. "Freight delivery (1 pallet)". */
  shippingLabel: string;
  /** A line under the shipping label, e.g. the estimated date. */
  shippingNote?: string | null;
  tax: number;
  /** e.g. "(10%)" after "Tax". */
  taxNote?: string | null;
  total: number;
  totalTestId?: string;
}

/**
 * Subtotal, Discount, Shipping with its method, Tax and Total, the same way on the checkout,
 * the payment page and the confirmation, so the amount charged is never a surprise.
 */
export function OrderAmounts(props: OrderAmountsProps) {
  return (
    <dl className="space-y-2 text-stone-800">
      <SummaryRow label="Subtotal">{formatUsd(props.subtotal)}</SummaryRow>
      {props.discount > 0 ? (
        <SummaryRow
          label={`Discount${props.couponCode ? ` (${props.couponCode})` : ""}`}
          className="text-green-700"
        >
          -{formatUsd(props.discount)}
        </SummaryRow>
      ) : null}
      <SummaryRow
        label={
          <>
            Shipping: {props.shippingLabel}
            {props.shippingNote ? (
              <span className="block text-xs text-stone-600">{props.shippingNote}</span>
            ) : null}
          </>
        }
      >
        {props.shipping > 0 ? formatUsd(props.shipping) : "Free"}
      </SummaryRow>
      <SummaryRow label={`Tax${props.taxNote ? ` ${props.taxNote}` : ""}`}>
        {formatUsd(props.tax)}
      </SummaryRow>
      <SummaryRow
        label="Total"
        className="border-t border-stone-300 pt-3 text-lg font-semibold"
        valueTestId={props.totalTestId}
      >
        {formatUsd(props.total)}
      </SummaryRow>
    </dl>
  );
}
