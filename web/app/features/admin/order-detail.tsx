import type { AdminOrder, AuditEntry } from "@mcf/contracts/admin";
import type { RefundAllowance } from "@mcf/contracts/order-money";
import { useEffect, useRef } from "react";
import { errorText, useAdminQuery } from "./admin-queries.ts";
import { orderHistoryKey, orderKey, refundAllowanceKey } from "./admin-query-keys.ts";
import { OrderPrintButtons } from "./order-documents.tsx";
import { OrderPickup, OrderShipments } from "./order-fulfillment.tsx";
import { OrderHistory } from "./order-history.tsx";
import { OrderItems } from "./order-items.tsx";
import { OrderLineCancel, refundBlocked } from "./order-line-cancel.tsx";
import { OrderPayments } from "./order-payments.tsx";
import { OrderReturns } from "./order-returns.tsx";
import { OrderReviewRequests } from "./order-review-requests.tsx";
import { OrderShippingForm } from "./order-shipping-form.tsx";
import { OrderStatusForm } from "./order-status-form.tsx";
import { OrderSummary } from "./order-summary.tsx";
import { useOrderActions } from "./use-order-actions.ts";

/** The order panel: customer, items, amounts, status change, shipping form and email buttons. */
export function OrderDetail({ orderId, onClose }: { orderId: string; onClose: () => void }) {
  const query = useAdminQuery<AdminOrder>(orderKey(orderId), `/api/admin/orders/${orderId}`);
  // The history is extra: when it cannot be read the panel simply shows none.
  const history = useAdminQuery<{ entries: AuditEntry[] }>(
    orderHistoryKey(orderId),
    `/api/admin/audit?entity_type=order&entity_id=${orderId}&limit=20`,
  );
  // What this staff member may refund: actions beyond it are disabled with the reason.
  const allowance = useAdminQuery<RefundAllowance>(
    refundAllowanceKey,
    "/api/admin/orders/refund-allowance",
  );
  const { run, busy } = useOrderActions(orderId);
  const order = query.data;
  const panel = useRef<HTMLDivElement>(null);
  // Below the two-column layout the panel opens under the list, out of sight: bring it into view.
  useEffect(() => {
    if (window.matchMedia("(max-width: 1023px)").matches) {
      panel.current?.scrollIntoView({ block: "start" });
    }
  }, []);

  return (
    <div ref={panel} className="scroll-mt-2 rounded-lg border border-stone-200 bg-white shadow-sm">
      <div className="flex items-center justify-between border-b border-stone-200 bg-navy-800 px-4 py-3 text-white">
        <h3 className="font-sans text-base font-semibold text-white">
          {order ? `Order ${order.friendly_order_id}` : "Order"}
        </h3>
        <button
          type="button"
          onClick={onClose}
          aria-label="Close order details"
          className="rounded px-2 text-2xl leading-none text-white/80 hover:bg-white/10 hover:text-white"
        >
          ×
        </button>
      </div>
      {query.error ? (
        <p className="m-4 rounded bg-red-50 p-3 text-sm text-red-800">
          {errorText(query.error, "Could not load the order")}
        </p>
      ) : null}
      {query.isPending ? <p className="p-4 text-sm text-stone-600">Loading…</p> : null}
      {order ? (
        <div className="max-h-[calc(100vh-12rem)] space-y-5 overflow-auto p-4">
          <OrderSummary order={order} />
          <OrderPrintButtons order={order} />
          <OrderItems order={order} />
          <OrderPayments order={order} />
          <OrderReturns
            orderId={order.order_id}
            provider={order.payment_provider}
            refundable={order.refundable ?? 0}
          />
          <OrderLineCancel order={order} allowance={allowance.data} busy={busy} run={run} />
          <OrderStatusForm
            order={order}
            busy={busy}
            run={run}
            refundRefusal={refundBlocked(allowance.data, order.refundable ?? 0)}
          />
          {order.purpose === "installation" ? null : order.pickup ? (
            <OrderPickup order={order} busy={busy} run={run} />
          ) : (
            <>
              <OrderShipments order={order} busy={busy} run={run} />
              <OrderShippingForm order={order} busy={busy} run={run} />
            </>
          )}
          <OrderReviewRequests order={order} />
          <OrderHistory entries={history.data?.entries ?? []} />
        </div>
      ) : null}
    </div>
  );
}
