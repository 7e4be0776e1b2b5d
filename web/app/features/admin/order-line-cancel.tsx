import type { AdminOrder } from "@mcf/contracts/admin";
import { formatUsd } from "@mcf/contracts/money";
import { orderedBoxes } from "@mcf/contracts/order-boxes";
import type { CancelLinesQuote, RefundAllowance } from "@mcf/contracts/order-money";
import { refundDestination } from "@mcf/contracts/refund-wording";
import { useId, useState } from "react";
import { ApiError } from "../../lib/api.ts";
import { useAdminSession } from "./admin-session.tsx";
import type { RunOrderAction } from "./use-order-actions.ts";

/** Whether the order's lines may still be cancelled here: paid, and none of it has left. */
export function linesCancellable(order: AdminOrder): boolean {
  return (
    order.payment_status === "paid" &&
    (order.status === "pending" || order.status === "processing") &&
    !order.shipped_at
  );
}

/**
 * Why this staff member may not give a refund of `amount` dollars, or null when they may: their
 * role may not refund, or not that much at once (the server refuses the same with 403).
 */
export function refundBlocked(
  allowance: RefundAllowance | undefined,
  amount: number,
): string | null {
  if (!allowance) return null;
  if (allowance.refusal) return allowance.refusal;
  if (allowance.max_refund !== null && amount > allowance.max_refund)
    return `A refund of ${formatUsd(amount)} is more than the ${formatUsd(allowance.max_refund)} your role may refund at once. Ask the owner to do it.`;
  return null;
}

/**
 * "Cancel lines": staff pick boxes of the lines not yet cancelled, see what that refunds (asked of
 * the server, so the amount is the one it will refund), then confirm. Refunds go back through the
 * provider that took the payment and the customer is emailed.
 */
export function OrderLineCancel({
  order,
  allowance,
  busy,
  run,
}: {
  order: AdminOrder;
  allowance: RefundAllowance | undefined;
  busy: boolean;
  run: RunOrderAction;
}) {
  const { request } = useAdminSession();
  const reasonId = useId();
  const [open, setOpen] = useState(false);
  const [boxes, setBoxes] = useState<Record<number, number>>({});
  const [reason, setReason] = useState("");
  const [quote, setQuote] = useState<CancelLinesQuote | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  if (!linesCancellable(order)) return null;
  const lines = (order.items ?? []).filter((item) => orderedBoxes(item) > 0);
  const picked = Object.entries(boxes)
    .filter(([, count]) => count > 0)
    .map(([id, count]) => ({ order_item_id: Number(id), boxes: count }));
  const body = {
    lines: picked,
    reason: reason.trim() || "Cancelled by staff",
    // What this panel showed: a cancel made since (another tab, another staff member) refuses it.
    cancelled_before: (order.items ?? []).reduce(
      (sum, item) => sum + (item.cancelled_quantity ?? 0),
      0,
    ),
  };
  const blocked = quote ? refundBlocked(allowance, quote.refund) : (allowance?.refusal ?? null);

  const choose = (itemId: number, count: number) => {
    setBoxes((current) => ({ ...current, [itemId]: count }));
    setQuote(null);
  };
  const preview = async () => {
    setAsking(true);
    setProblem(null);
    try {
      setQuote(
        await request<CancelLinesQuote>(`/api/admin/orders/${order.order_id}/cancel-lines`, {
          method: "POST",
          body: { ...body, preview: true },
        }),
      );
    } catch (error) {
      setProblem(
        error instanceof ApiError && error.detail
          ? error.detail
          : "Could not work out the refund. Try again.",
      );
    } finally {
      setAsking(false);
    }
  };
  const confirm = async () => {
    const done = await run({
      path: "cancel-lines",
      method: "POST",
      body,
      success: `Lines cancelled — ${formatUsd(quote?.refund ?? 0)} refunded and the customer emailed`,
      failure: "Failed to cancel the lines",
      onRefused: (detail) => setProblem(detail),
    });
    if (done) {
      setOpen(false);
      setBoxes({});
      setReason("");
      setQuote(null);
    }
  };

  return (
    <section className="rounded-md border border-stone-200 p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 className="text-sm font-semibold text-navy-800">Cancel lines</h4>
        {open ? null : (
          <button
            type="button"
            className="btn-outline px-3 py-1"
            disabled={Boolean(allowance?.refusal) || lines.length === 0}
            onClick={() => setOpen(true)}
          >
            Cancel some lines…
          </button>
        )}
      </div>
      {allowance?.refusal ? (
        <p className="mt-2 text-sm text-stone-600">{allowance.refusal}</p>
      ) : null}
      {open ? (
        <div className="mt-3 space-y-3">
          <p className="text-sm text-stone-700">
            Choose the boxes to cancel before the order ships. Each is refunded at its price, less
            its share of the discount, plus its share of the tax; the delivery is refunded only when
            no box is left.
          </p>
          <ul className="divide-y divide-stone-200 rounded-md border border-stone-200">
            {lines.map((item) => {
              const left = orderedBoxes(item);
              return (
                <li
                  key={item.order_item_id}
                  className="flex items-center justify-between gap-3 px-3 py-2 text-sm"
                >
                  <label htmlFor={`cancel-${item.order_item_id}`} className="min-w-0">
                    <span className="font-medium">{item.product_name}</span>
                    <span className="block text-xs text-stone-600">
                      {left} of {item.quantity} left to cancel
                    </span>
                  </label>
                  <input
                    id={`cancel-${item.order_item_id}`}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={left}
                    className="field-input w-20 py-1 text-right"
                    aria-label={`Boxes of ${item.product_name} to cancel`}
                    value={boxes[item.order_item_id] ?? 0}
                    onChange={(event) =>
                      choose(
                        item.order_item_id,
                        Math.max(0, Math.min(left, Number(event.target.value) || 0)),
                      )
                    }
                  />
                </li>
              );
            })}
          </ul>
          <label htmlFor={reasonId} className="block text-sm">
            <span className="field-label">Reason (kept in the ledger)</span>
            <input
              id={reasonId}
              className="field-input"
              value={reason}
              maxLength={500}
              onChange={(event) => setReason(event.target.value)}
              placeholder="Customer changed the room size"
            />
          </label>
          {problem ? (
            <p role="alert" className="rounded bg-red-50 p-2 text-sm text-red-800">
              {problem}
            </p>
          ) : null}
          {quote ? (
            <div
              role="alertdialog"
              aria-labelledby="cancel-lines-refund"
              className="rounded-md border border-amber-500/60 bg-amber-50 p-3"
            >
              <p id="cancel-lines-refund" className="text-sm font-medium text-amber-950">
                This refunds {formatUsd(quote.refund)} to{" "}
                {refundDestination(order.payment_provider)} and emails the customer.
                {quote.cancels_order
                  ? " No box is left, so the delivery is refunded too and the order is cancelled."
                  : ""}
              </p>
              {blocked ? <p className="mt-1 text-sm text-red-800">{blocked}</p> : null}
              <div className="mt-2 flex flex-wrap gap-2">
                <button
                  type="button"
                  className="btn-dark py-2"
                  disabled={busy || Boolean(blocked)}
                  onClick={confirm}
                >
                  Cancel lines and refund {formatUsd(quote.refund)}
                </button>
                <button
                  type="button"
                  className="rounded-md border border-stone-300 bg-white px-3 py-2 text-sm"
                  onClick={() => setQuote(null)}
                >
                  Change the boxes
                </button>
              </div>
            </div>
          ) : (
            <div className="flex flex-wrap gap-2">
              <button
                type="button"
                className="btn-dark py-2"
                disabled={asking || picked.length === 0}
                onClick={preview}
              >
                {asking ? "Working out the refund…" : "Show the refund"}
              </button>
              <button
                type="button"
                className="rounded-md border border-stone-300 bg-white px-3 py-2 text-sm"
                onClick={() => {
                  setOpen(false);
                  setQuote(null);
                  setProblem(null);
                }}
              >
                Keep all lines
              </button>
            </div>
          )}
        </div>
      ) : null}
    </section>
  );
}
