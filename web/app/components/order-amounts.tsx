import { formatUsd } from "@mcf/contracts/money";

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
      <div className="flex justify-between gap-3">
        <dt>Subtotal</dt>
        <dd>{formatUsd(props.subtotal)}</dd>
      </div>
      {props.discount > 0 ? (
        <div className="flex justify-between gap-3 text-green-700">
          <dt>Discount{props.couponCode ? ` (${props.couponCode})` : ""}</dt>
          <dd>-{formatUsd(props.discount)}</dd>
        </div>
      ) : null}
      <div className="flex justify-between gap-3">
        <dt>
          Shipping: {props.shippingLabel}
          {props.shippingNote ? (
            <span className="block text-xs text-stone-600">{props.shippingNote}</span>
          ) : null}
        </dt>
        <dd>{props.shipping > 0 ? formatUsd(props.shipping) : "Free"}</dd>
      </div>
      <div className="flex justify-between gap-3">
        <dt>Tax{props.taxNote ? ` ${props.taxNote}` : ""}</dt>
        <dd>{formatUsd(props.tax)}</dd>
      </div>
      <div className="flex justify-between gap-3 border-t border-stone-300 pt-3 text-lg font-semibold">
        <dt>Total</dt>
        <dd data-testid={props.totalTestId}>{formatUsd(props.total)}</dd>
      </div>
    </dl>
  );
}
