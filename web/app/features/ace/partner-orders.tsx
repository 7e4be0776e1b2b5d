import { storeTimeZone } from "@mcf/contracts/business";
import { formatUsd } from "@mcf/contracts/money";
import type { PartnerOrder } from "@mcf/contracts/partners";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { api } from "../../lib/api.ts";

const placedOn = new Intl.DateTimeFormat("en-US", {
  timeZone: storeTimeZone,
  month: "short",
  day: "numeric",
  year: "numeric",
});

const statusText = (status: string) => status.charAt(0).toUpperCase() + status.slice(1);

type Load = { state: "loading" } | { state: "failed" } | { state: "ready"; orders: PartnerOrder[] };

/** The partner's paid orders, newest first, each opening its tracking page. */
export function PartnerOrders({ token }: { token: string | null }) {
  const [load, setLoad] = useState<Load>({ state: "loading" });
  useEffect(() => {
    const controller = new AbortController();
    api<{ orders: PartnerOrder[] }>("/api/ace/orders", { token, signal: controller.signal })
      .then(({ orders }) => setLoad({ state: "ready", orders }))
      .catch(() => {
        if (!controller.signal.aborted) setLoad({ state: "failed" });
      });
    return () => controller.abort();
  }, [token]);

  return (
    <section
      aria-labelledby="partner-orders-heading"
      className="mb-6 rounded-xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="partner-orders-heading" className="mb-4 text-lg font-bold text-navy-800">
        Your Orders
      </h2>
      {load.state === "loading" ? (
        <p role="status" className="text-sm text-stone-600">
          Loading your orders...
        </p>
      ) : load.state === "failed" ? (
        <p role="alert" className="text-sm text-red-800">
          Your orders could not be loaded. Please refresh the page.
        </p>
      ) : load.orders.length === 0 ? (
        <p className="text-sm text-stone-700">
          No orders yet. Orders you place in the portal are listed here with their tracking.
        </p>
      ) : (
        <ul className="divide-y divide-stone-200">
          {load.orders.map((order) => (
            <li
              key={order.order_number}
              className="flex flex-wrap items-center justify-between gap-2 py-3"
            >
              <div>
                <p className="font-semibold text-navy-800">Order {order.order_number}</p>
                <p className="text-sm text-stone-600">
                  {placedOn.format(new Date(order.placed_at))} · {statusText(order.status)} ·{" "}
                  {formatUsd(order.total)}
                </p>
              </div>
              <Link
                to={order.track_url}
                className="btn-outline px-3 py-1.5 text-sm"
                aria-label={`Track order ${order.order_number}`}
              >
                Track order
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
