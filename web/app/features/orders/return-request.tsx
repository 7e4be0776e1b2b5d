import { unitName } from "@mcf/contracts/accessories";
import { formatUsd } from "@mcf/contracts/money";
import type { ReturnOptions, ReturnView } from "@mcf/contracts/returns";
import { finalSaleNotice } from "@mcf/contracts/returns-options";
import { type FormEvent, useState } from "react";
import { useRevalidator } from "react-router";
import { ApiError, api } from "../../lib/api.ts";
import { formatDeliveryDate } from "../../lib/delivery-dates.ts";

const statusText: Record<ReturnView["status"], string> = {
  requested: "Waiting for our team",
  approved: "Approved: please send the boxes back",
  received: "Boxes received: your refund is on its way",
  refunded: "Refunded",
  declined: "Declined",
};

/** The returns of an order: the rules, the returns asked for, and the form to ask for one. */
export function ReturnRequest({ token, options }: { token: string; options: ReturnOptions }) {
  const revalidator = useRevalidator();
  const [boxes, setBoxes] = useState<Record<number, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const returnable = options.lines.filter((line) => line.returnable > 0);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const lines = returnable
      .map((line) => ({
        order_item_id: line.order_item_id,
        quantity: Number(boxes[line.order_item_id] || 0),
      }))
      .filter((line) => line.quantity > 0);
    setSending(true);
    setError(null);
    try {
      await api(`/api/track/${encodeURIComponent(token)}/returns`, {
        method: "POST",
        body: { lines, reason: form.get("reason"), unopened: form.get("unopened") === "on" },
      });
      setBoxes({});
      event.currentTarget?.reset();
      revalidator.revalidate();
    } catch (caught) {
      setError(
        caught instanceof ApiError
          ? (caught.detail ?? caught.message)
          : "The request could not be sent. Please try again.",
      );
    } finally {
      setSending(false);
    }
  };

  return (
    <section
      aria-labelledby="returns-heading"
      className="rounded-xl border border-stone-200 bg-white p-6 sm:p-8"
    >
      <h2 id="returns-heading" className="mb-2 text-xl font-semibold">
        Returns
      </h2>
      <p className="text-stone-700">
        Unopened boxes can be returned within {options.return_window_days} days of delivery
        {options.window_ends ? ` (until ${formatDeliveryDate(options.window_ends)})` : ""}. A{" "}
        {options.restocking_fee_percent}% restocking fee applies and shipping is not refunded.{" "}
        {finalSaleNotice}
      </p>
      {options.returns.length > 0 ? (
        <ul className="mt-4 space-y-2" aria-label="Your returns">
          {options.returns.map((item) => (
            <li key={item.id} className="rounded-md bg-stone-50 p-3 text-sm">
              <span className="font-semibold">{statusText[item.status]}</span> ·{" "}
              {item.lines.map((line) => `${line.quantity} × ${line.product_name}`).join(", ")} ·
              refund {formatUsd(item.amounts.refund_total)}
              {item.status === "approved" && item.instructions ? (
                <span className="mt-1 block text-stone-700">
                  How to send them: {item.instructions}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {options.unavailable_reason ? (
        <p className="mt-4 text-stone-700">{options.unavailable_reason}</p>
      ) : returnable.length === 0 ? null : (
        <form onSubmit={submit} className="mt-4 space-y-4" aria-label="Request a return">
          {error ? (
            <p role="alert" className="rounded-md bg-red-50 p-3 text-sm font-semibold text-red-800">
              {error}
            </p>
          ) : null}
          <ul className="space-y-2">
            {options.lines.map((line) => (
              <li key={line.order_item_id} className="flex flex-wrap items-center gap-3">
                <label htmlFor={`return-${line.order_item_id}`} className="min-w-48 flex-1">
                  {line.product_name}{" "}
                  <span className="text-sm text-stone-600">
                    {line.final_sale
                      ? "(closeout: final sale)"
                      : `(up to ${line.returnable} ${unitName(line.selling_unit, line.returnable)})`}
                  </span>
                </label>
                <input
                  id={`return-${line.order_item_id}`}
                  type="number"
                  min={0}
                  max={line.returnable}
                  step={1}
                  disabled={line.returnable === 0}
                  value={boxes[line.order_item_id] ?? ""}
                  placeholder="0"
                  onChange={(e) =>
                    setBoxes((current) => ({ ...current, [line.order_item_id]: e.target.value }))
                  }
                  className="field-input w-24"
                />
              </li>
            ))}
          </ul>
          <div>
            <label htmlFor="return-reason" className="field-label">
              Why are you returning them?
            </label>
            <textarea id="return-reason" name="reason" rows={2} required className="field-input" />
          </div>
          <label className="flex items-start gap-2 text-sm">
            <input type="checkbox" name="unopened" required className="mt-0.5" />
            The boxes are unopened, in their original packaging.
          </label>
          <button type="submit" className="btn-outline" disabled={sending}>
            {sending ? "Sending..." : "Request Return"}
          </button>
        </form>
      )}
    </section>
  );
}
