import type { AccountOrder, ReorderPlan } from "@mcf/contracts/accounts";
import { formatUsd, toDollars } from "@mcf/contracts/money";
import { useState } from "react";
import { Link } from "react-router";
import { api, serverDetail } from "../../lib/api.ts";
import { useCart } from "../../lib/cart/cart-context.tsx";

const statusClass: Record<string, string> = {
  pending: "bg-amber-100 text-amber-900",
  processing: "bg-navy-50 text-navy-800",
  shipped: "bg-green-100 text-green-800",
  delivered: "bg-green-200 text-green-900",
  completed: "bg-green-200 text-green-900",
};

const statusLabel = (status: string) =>
  status === "cancelled" ? "Cancelled" : status.charAt(0).toUpperCase() + status.slice(1);

const dateOf = (iso: string) =>
  new Date(iso).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric" });

const returnLabel: Record<string, string> = {
  requested: "Return requested",
  approved: "Return approved",
  received: "Return received",
  refunded: "Return refunded",
  declined: "Return declined",
};

type Added = { plan: ReorderPlan; added: number };

/**
 * Re-order the same dye lot: the server says, per line, which lot and how many boxes (the same
 * lot, what it has left, or the closest lot with a warning); the cart lines carry the lot, so
 * checkout takes the boxes from it.
 */
function ReorderButton({ order }: { order: AccountOrder }) {
  const { addItem } = useCart();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Added | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function reorder() {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const plan = await api<ReorderPlan>(
        `/api/account/orders/${encodeURIComponent(order.order_number)}/reorder`,
      );
      let added = 0;
      for (const line of plan.lines) {
        if (line.boxes < 1) continue;
        addItem(
          {
            id: line.product_id,
            name: line.product_name,
            price_per_box: line.price_per_box,
            sqft_per_carton: line.sqft_per_box,
            thumbnail_image_url: line.image_url,
          },
          line.boxes,
          line.lot_id !== null && line.lot_code !== null
            ? { lot: { id: line.lot_id, code: line.lot_code } }
            : {},
        );
        added += line.boxes;
      }
      setResult({ plan, added });
    } catch (caught) {
      setError(serverDetail(caught) ?? "We could not re-order this right now. Please try again.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mt-3">
      <button type="button" className="btn-outline" onClick={reorder} disabled={busy}>
        {busy ? "Checking the lots..." : "Re-order the same dye lot"}
      </button>
      {error ? (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      {result ? (
        <div role="status" className="mt-3 space-y-2 text-sm">
          {result.plan.lines.map((line) => (
            <p
              key={`${line.product_id}-${line.lot_id}`}
              className={
                line.warning ? "rounded-md bg-amber-50 p-3 text-amber-900" : "text-green-800"
              }
            >
              {line.boxes > 0
                ? `${line.boxes} ${line.boxes === 1 ? "box" : "boxes"} of ${line.product_name}${
                    line.lot_code ? ` from lot ${line.lot_code}` : ""
                  } added to your cart.`
                : `${line.product_name}: nothing added.`}
              {line.warning ? <span className="block font-semibold">{line.warning}</span> : null}
            </p>
          ))}
          {result.added > 0 ? (
            <Link to="/cart" className="font-semibold text-oak-700 hover:underline">
              View cart
            </Link>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

export function AccountOrders({ orders }: { orders: AccountOrder[] }) {
  if (orders.length === 0)
    return (
      <p className="text-stone-600">
        No orders yet. Orders you place with this email, signed in or not, appear here.
      </p>
    );
  return (
    <ul className="divide-y divide-stone-200">
      {orders.map((order) => {
        const boxLines = order.lines.filter((line) => line.kind === "box");
        return (
          <li
            key={order.order_number}
            className="py-5 first:pt-0 last:pb-0"
            data-order={order.order_number}
          >
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <p className="font-semibold text-navy-800">Order {order.order_number}</p>
              <span
                className={`rounded-full px-3 py-1 text-xs font-semibold ${statusClass[order.status] ?? "bg-stone-100 text-stone-800"}`}
              >
                {statusLabel(order.status)}
              </span>
            </div>
            <p className="text-sm text-stone-600">
              Placed {dateOf(order.placed_at)} · {formatUsd(toDollars(order.total_cents))}
            </p>
            <ul className="mt-2 text-sm text-stone-800">
              {order.lines.map((line, index) => (
                <li key={`${line.product_name}-${index}`}>
                  {line.kind === "sample" ? "Sample: " : `${line.quantity} × `}
                  {line.product_name}
                  {line.lot_code ? (
                    <span className="text-stone-600"> · dye lot {line.lot_code}</span>
                  ) : null}
                </li>
              ))}
            </ul>
            {order.tracking_number ? (
              <p className="mt-2 text-sm text-stone-700">
                {order.shipping_carrier ? `${order.shipping_carrier} ` : ""}tracking{" "}
                <span className="font-semibold">{order.tracking_number}</span>
              </p>
            ) : null}
            {order.returns.map((entry) => (
              <p key={entry.requested_at} className="mt-1 text-sm text-stone-700">
                {returnLabel[entry.status] ?? entry.status} ({dateOf(entry.requested_at)})
              </p>
            ))}
            <p className="mt-2 text-sm">
              <Link to={order.track_url} className="font-semibold text-oak-700 hover:underline">
                Order details, confirmation and returns
              </Link>
            </p>
            {boxLines.length > 0 ? <ReorderButton order={order} /> : null}
          </li>
        );
      })}
    </ul>
  );
}
