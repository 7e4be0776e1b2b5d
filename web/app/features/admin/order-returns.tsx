import { formatUsd } from "@mcf/contracts/money";
import type { AdminReturn } from "@mcf/contracts/returns";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { errorText, useAdminQuery } from "./admin-queries.ts";
import { orderHistoryKey } from "./admin-query-keys.ts";
import { useAdminSession } from "./admin-session.tsx";
import { formatShopTime } from "./birmingham-time.ts";
import { useToast } from "./toast.tsx";

const returnsKey = (orderId: string) => ["admin", "order-returns", orderId] as const;

/**
 * The order's return requests. Approve & Refund refunds through the payment provider and puts the
 * boxes back on the shelf (the server does both once); Decline refunds nothing.
 */
export function OrderReturns({ orderId }: { orderId: string }) {
  const query = useAdminQuery<{ returns: AdminReturn[] }>(
    returnsKey(orderId),
    `/api/admin/orders/${orderId}/returns`,
  );
  const { request } = useAdminSession();
  const client = useQueryClient();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const returns = query.data?.returns ?? [];
  if (returns.length === 0) return null;

  const decide = async (item: AdminReturn, decision: "approve" | "decline") => {
    setBusy(true);
    try {
      await request(`/api/admin/returns/${item.id}/${decision}`, { method: "POST" });
      toast(
        decision === "approve"
          ? `Refunded ${formatUsd(item.amounts.refund_total)}`
          : "Return declined",
      );
      await client.invalidateQueries({ queryKey: returnsKey(orderId) });
      await client.invalidateQueries({ queryKey: orderHistoryKey(orderId) });
    } catch (error) {
      toast(errorText(error, "Failed to update the return"), "error");
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-label="Returns" className="space-y-2 rounded-md border border-stone-200 p-3">
      <h4 className="text-sm font-semibold text-navy-800">Returns</h4>
      <ul className="space-y-3">
        {returns.map((item) => (
          <li key={item.id} className="space-y-1 text-sm">
            <p>
              <span className="font-semibold">
                {item.status === "requested"
                  ? "Requested"
                  : item.status === "refunded"
                    ? "Refunded"
                    : "Declined"}
              </span>{" "}
              · {formatShopTime(item.created_at)}
            </p>
            <p>{item.lines.map((line) => `${line.quantity} × ${line.product_name}`).join(", ")}</p>
            <p className="text-stone-700">“{item.reason}”</p>
            <p>
              {formatUsd(item.amounts.merchandise)} merchandise
              {item.amounts.discount > 0 ? ` − ${formatUsd(item.amounts.discount)} discount` : ""} +{" "}
              {formatUsd(item.amounts.tax)} tax − {formatUsd(item.amounts.restocking_fee)}{" "}
              restocking ={" "}
              <span className="font-semibold">{formatUsd(item.amounts.refund_total)} refund</span>
            </p>
            {item.refund_id ? (
              <p className="text-xs text-stone-600">Refund {item.refund_id}</p>
            ) : null}
            {item.status === "requested" ? (
              <div className="flex gap-2 pt-1">
                <button
                  type="button"
                  className="btn-primary py-1.5"
                  disabled={busy}
                  onClick={() => decide(item, "approve")}
                >
                  Approve &amp; Refund
                </button>
                <button
                  type="button"
                  className="btn-outline py-1.5"
                  disabled={busy}
                  onClick={() => decide(item, "decline")}
                >
                  Decline
                </button>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
