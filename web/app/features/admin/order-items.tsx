import type { AdminOrder } from "@mcf/contracts/admin";
import { Fragment, useState } from "react";
import { Term } from "../../components/summary-row.tsx";
import { usdOrDash } from "./admin-format.ts";
import { lotToggleId, OrderLineLotForm, OrderLineLotToggle } from "./order-line-lot-picker.tsx";

/**
 * The order's lines and its amounts: subtotal, discount (with the code), shipping, tax, total.
 * A box line of a product with dye lots offers "Change lot" while the order still holds its boxes
 * ("Choose a lot" when it came from none: sold before the product had lots).
 */
export function OrderItems({ order }: { order: AdminOrder }) {
  // The line whose lot form is open (one at a time), by order_item_id.
  const [lotFormOf, setLotFormOf] = useState<number | null>(null);
  const closeLotForm = (toggleId: string) => {
    setLotFormOf(null);
    document.getElementById(toggleId)?.focus();
  };
  return (
    <section>
      <h4 className="mb-1 text-xs font-semibold tracking-wide text-stone-600 uppercase">Items</h4>
      <table className="w-full text-sm">
        <tbody>
          {(order.items ?? []).map((item) => {
            const lotsChangeable =
              item.kind === "box" &&
              Boolean(item.lot_code || item.lot_warning || item.product_has_lots) &&
              order.lot_change_refusal === null;
            const lotFormOpen = lotsChangeable && lotFormOf === item.order_item_id;
            return (
              <Fragment key={item.order_item_id}>
                <tr className={lotFormOpen ? "" : "border-b border-stone-100"}>
                  <td className="py-1.5 pr-2">
                    {item.kind === "sample" ? (
                      <span className="mr-1.5 rounded bg-oak-100 px-1.5 py-0.5 text-xs font-semibold text-oak-800">
                        Sample
                      </span>
                    ) : null}
                    {item.product_name}
                    {item.sku ? (
                      <span className="ml-1 text-xs text-stone-600">({item.sku})</span>
                    ) : null}
                    {item.lot_code ? (
                      <span className="mt-0.5 block text-xs text-stone-700">
                        Dye lot: <span className="font-semibold">{item.lot_code}</span>
                      </span>
                    ) : null}
                    {item.lot_warning ? (
                      <span
                        role="note"
                        className="mt-1 block rounded border border-amber-300 bg-amber-50 px-2 py-1 text-xs text-amber-900"
                      >
                        {item.lot_warning}
                      </span>
                    ) : null}
                    {lotsChangeable ? (
                      <OrderLineLotToggle
                        line={item}
                        open={lotFormOpen}
                        onToggle={() =>
                          lotFormOpen
                            ? closeLotForm(lotToggleId(item))
                            : setLotFormOf(item.order_item_id)
                        }
                      />
                    ) : null}
                  </td>
                  <td className="py-1.5 pr-2 text-right whitespace-nowrap text-stone-600 tabular-nums">
                    × {item.quantity}
                    {item.cancelled_quantity ? (
                      <span className="block text-xs text-red-800">
                        {item.cancelled_quantity} cancelled
                      </span>
                    ) : null}
                    {item.backordered_boxes ? (
                      <span className="block text-xs font-semibold text-amber-900">
                        {item.backordered_boxes} backordered
                      </span>
                    ) : null}
                  </td>
                  <td className="py-1.5 text-right tabular-nums">{usdOrDash(item.total_price)}</td>
                </tr>
                {lotFormOpen ? (
                  <tr className="border-b border-stone-100">
                    <td colSpan={3}>
                      <OrderLineLotForm
                        orderId={order.order_id}
                        line={item}
                        onDone={() => closeLotForm(lotToggleId(item))}
                      />
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            );
          })}
        </tbody>
      </table>
      <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-4 gap-y-0.5 text-sm tabular-nums">
        <Term className="text-stone-600">Subtotal</Term>
        <dd className="text-right">{usdOrDash(order.subtotal)}</dd>
        {order.discount_amount > 0 ? (
          <>
            <Term className="text-stone-600">
              Discount {order.coupon_code ? `(${order.coupon_code})` : ""}
            </Term>
            <dd className="text-right">-{usdOrDash(order.discount_amount)}</dd>
          </>
        ) : null}
        <Term className="text-stone-600">Shipping</Term>
        <dd className="text-right">{usdOrDash(order.shipping_cost)}</dd>
        <Term className="text-stone-600">Tax</Term>
        <dd className="text-right">{usdOrDash(order.tax_amount)}</dd>
        <Term className="font-semibold">Total</Term>
        <dd className="text-right font-semibold">{usdOrDash(order.total_amount)}</dd>
      </dl>
    </section>
  );
}
