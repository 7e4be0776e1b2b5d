import type { AdminOrder } from "@mcf/contracts/admin";
import { orderStatuses } from "@mcf/contracts/orders-options";
import { useState } from "react";
import { capitalize } from "./admin-format.ts";
import type { RunOrderAction } from "./use-order-actions.ts";

/** The status select and Update Status; moving to shipped can email the customer. */
export function OrderStatusForm({
  order,
  busy,
  run,
}: {
  order: AdminOrder;
  busy: boolean;
  run: RunOrderAction;
}) {
  const [status, setStatus] = useState<string>(order.status);
  const [statusEmail, setStatusEmail] = useState(false);
  // A saved order (from any action) resets the select to its status.
  const [shown, setShown] = useState(order);
  if (shown !== order) {
    setShown(order);
    setStatus(order.status);
  }

  const update = async () => {
    const emailing = status === "shipped" && statusEmail;
    const done = await run({
      path: "status",
      method: "PATCH",
      body: { status, send_email: emailing },
      success: emailing ? "Order updated — Email Sent!" : "Order updated",
      failure: "Failed to update order",
    });
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
            onChange={(e) => setStatus(e.target.value)}
            aria-label="Order status"
          >
            {orderStatuses.map((s) => (
              <option key={s} value={s}>
                {capitalize(s)}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="btn-dark py-2"
          disabled={busy || status === order.status}
          onClick={update}
        >
          Update Status
        </button>
      </div>
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
