import type { AdminOrder } from "@mcf/contracts/admin";
import { orderStatuses } from "@mcf/contracts/orders-options";
import { statusConsequence } from "@mcf/contracts/refund-wording";
import { useState } from "react";
import { capitalize } from "./admin-format.ts";
import type { RunOrderAction } from "./use-order-actions.ts";

/**
 * The status select and Update Status; moving to shipped can email the customer. A change that
 * moves money (cancelling a paid order refunds it; shipping an unpaid one leaves a balance due)
 * says so and waits for a confirmation; a status the server would refuse is not offered.
 */
export function OrderStatusForm({
  order,
  busy,
  run,
  refundRefusal = null,
}: {
  order: AdminOrder;
  busy: boolean;
  run: RunOrderAction;
  /** Why this staff member may not give the refund a cancel would make, or null. */
  refundRefusal?: string | null;
}) {
  const [status, setStatus] = useState<string>(order.status);
  const [statusEmail, setStatusEmail] = useState(false);
  const [confirming, setConfirming] = useState(false);
  // A saved order (from any action) resets the select to its status.
  const [shown, setShown] = useState(order);
  if (shown !== order) {
    setShown(order);
    setStatus(order.status);
    setConfirming(false);
  }
  const consequence = statusConsequence(order, status);
  const blocked = status === "cancelled" && (order.refundable ?? 0) > 0 ? refundRefusal : null;
  const refused = (value: string) => Boolean(order.reopen_refusal) && value !== "cancelled";

  const update = async () => {
    const emailing = status === "shipped" && statusEmail;
    const refunding = status === "cancelled" && (order.refundable ?? 0) > 0;
    const done = await run({
      path: "status",
      method: "PATCH",
      body: { status, send_email: emailing },
      success: refunding
        ? "Order cancelled and refunded — the customer was emailed"
        : emailing
          ? "Order updated — Email Sent!"
          : "Order updated",
      failure: "Failed to update order",
    });
    setConfirming(false);
    if (done) setStatusEmail(false);
  };

  return (
    <section className="rounded-md border border-stone-200 p-3">
      <h4 className="mb-2 text-sm font-semibold text-navy-800">Status</h4>
      <div className="flex flex-wrap items-end gap-2">
        <label className="grow">
          <span className="sr-only">Order status</span>
          <select
            className="field-input py-1.5"
            value={status}
            onChange={(e) => {
              setStatus(e.target.value);
              setConfirming(false);
            }}
            aria-label="Order status"
          >
            {orderStatuses.map((s) => (
              <option key={s} value={s} disabled={refused(s)}>
                {capitalize(s)}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="btn-dark py-2"
          disabled={busy || status === order.status || confirming || Boolean(blocked)}
          onClick={consequence ? () => setConfirming(true) : update}
        >
          Update Status
        </button>
      </div>
      {order.reopen_refusal ? (
        <p className="mt-2 text-sm text-stone-600">{order.reopen_refusal}</p>
      ) : null}
      {consequence && !confirming ? (
        <p className="mt-2 text-sm text-stone-700">{consequence}</p>
      ) : null}
      {blocked ? <p className="mt-2 text-sm text-red-800">{blocked}</p> : null}
      {consequence && confirming ? (
        <div
          role="alertdialog"
          aria-labelledby="status-confirm-text"
          className="mt-3 rounded-md border border-amber-500/60 bg-amber-50 p-3"
        >
          <p id="status-confirm-text" className="text-sm font-medium text-amber-950">
            {consequence}
          </p>
          <div className="mt-2 flex flex-wrap gap-2">
            <button type="button" className="btn-dark py-2" disabled={busy} onClick={update}>
              {status === "cancelled" ? "Cancel and refund" : `Mark ${status} anyway`}
            </button>
            <button
              type="button"
              className="rounded-md border border-stone-300 bg-white px-3 py-2 text-sm"
              onClick={() => setConfirming(false)}
            >
              Keep it {order.status}
            </button>
          </div>
        </div>
      ) : null}
      {status === "shipped" && order.status !== "shipped" ? (
        <label className="mt-2 flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={statusEmail}
            onChange={(e) => setStatusEmail(e.target.checked)}
          />
          Email the customer that it shipped
        </label>
      ) : null}
    </section>
  );
}
