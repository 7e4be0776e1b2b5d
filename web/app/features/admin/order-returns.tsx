import { formatUsd } from "@mcf/contracts/money";
import type { AdminReturn, ReturnStatus } from "@mcf/contracts/returns";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { errorText, useAdminQuery } from "./admin-queries.ts";
import { orderHistoryKey, orderKey } from "./admin-query-keys.ts";
import { useAdminSession } from "./admin-session.tsx";
import { formatShopTime } from "./birmingham-time.ts";
import {
  ApproveReturnForm,
  DeclineButton,
  ReceiveReturnForm,
  RefundReturnForm,
  type ReturnStep,
} from "./return-actions.tsx";
import { useToast } from "./toast.tsx";

const returnsKey = (orderId: string) => ["admin", "order-returns", orderId] as const;

const statusLabel: Record<ReturnStatus, string> = {
  requested: "Requested",
  approved: "Approved: waiting for the boxes",
  received: "Received: ready to refund",
  refunded: "Refunded",
  declined: "Declined",
};

const statusTone: Record<ReturnStatus, string> = {
  requested: "bg-amber-100 text-amber-950",
  approved: "bg-sky-100 text-sky-950",
  received: "bg-violet-100 text-violet-950",
  refunded: "bg-emerald-100 text-emerald-950",
  declined: "bg-stone-200 text-stone-800",
};

/**
 * The order's returns, each with only the next steps the server takes: approve with instructions
 * or decline; record the boxes received per line (restocked or written off); refund once
 * received, or before receipt with a reason. Each step happens once on the server.
 */
export function OrderReturns({
  orderId,
  provider,
  refundable,
}: {
  orderId: string;
  provider: string;
  /** Dollars the customer paid and has not had back: no refund above it is offered. */
  refundable: number;
}) {
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

  const send: ReturnStep = async (item, step, body, done) => {
    setBusy(true);
    try {
      await request(`/api/admin/returns/${item.id}/${step}`, { method: "POST", body });
      toast(done);
      return true;
    } catch (error) {
      toast(errorText(error, "Failed to update the return"), "error");
      return false;
    } finally {
      // Refreshed either way: a refused step may mean someone else moved the return.
      await client.invalidateQueries({ queryKey: returnsKey(orderId) });
      await client.invalidateQueries({ queryKey: orderKey(orderId) });
      await client.invalidateQueries({ queryKey: orderHistoryKey(orderId) });
      setBusy(false);
    }
  };

  return (
    <section aria-label="Returns" className="space-y-2 rounded-md border border-stone-200 p-3">
      <h4 className="text-sm font-semibold text-navy-800">Returns</h4>
      <ul className="space-y-4">
        {returns.map((item) => (
          <ReturnItem
            key={item.id}
            item={item}
            busy={busy}
            send={send}
            provider={provider}
            refundable={refundable}
          />
        ))}
      </ul>
    </section>
  );
}

function ReturnItem({
  item,
  busy,
  send,
  provider,
  refundable,
}: {
  item: AdminReturn;
  busy: boolean;
  send: ReturnStep;
  provider: string;
  refundable: number;
}) {
  const receiving =
    (item.status === "approved" || item.status === "refunded") && item.received_at === null;
  const anyReceived = item.lines.some((line) => line.received !== null);
  return (
    <li className="space-y-1 text-sm" aria-label={`Return ${item.id}`}>
      <p>
        <span className={`rounded px-1.5 py-0.5 text-xs font-semibold ${statusTone[item.status]}`}>
          {statusLabel[item.status]}
        </span>{" "}
        <span className="text-stone-600">
          Return {item.id} · {formatShopTime(item.created_at)}
        </span>
      </p>
      <ul className="list-disc pl-5">
        {item.lines.map((line) => (
          <li key={line.order_item_id}>
            {line.quantity} × {line.product_name}
            {line.received
              ? ` — received: ${line.received.restocked} back to stock, ${line.received.written_off} written off`
              : ""}
          </li>
        ))}
      </ul>
      <p className="text-stone-700">“{item.reason}”</p>
      {item.instructions ? (
        <p className="text-stone-700">
          <span className="font-medium">Instructions sent:</span> {item.instructions}
        </p>
      ) : null}
      <p>
        {formatUsd(item.amounts.merchandise)} merchandise
        {item.amounts.discount > 0 ? ` − ${formatUsd(item.amounts.discount)} discount` : ""} +{" "}
        {formatUsd(item.amounts.tax)} tax − {formatUsd(item.amounts.restocking_fee)} restocking ={" "}
        <span className="font-semibold">{formatUsd(item.amounts.refund_total)} refund</span>
      </p>
      {item.refund_before_receipt_reason ? (
        <p className="text-stone-700">
          Refunded before receipt: {item.refund_before_receipt_reason}
        </p>
      ) : null}
      {item.refund_id ? <p className="text-xs text-stone-600">Refund {item.refund_id}</p> : null}
      {item.status === "requested" ? (
        <ApproveReturnForm item={item} busy={busy} send={send} />
      ) : null}
      {receiving ? <ReceiveReturnForm item={item} busy={busy} send={send} /> : null}
      {item.status === "approved" || item.status === "received" ? (
        <div className="flex flex-wrap items-start gap-2 pt-1">
          {item.amounts.refund_total > refundable ? (
            <p className="text-sm text-red-800">
              This return's {formatUsd(item.amounts.refund_total)} refund is more than the{" "}
              {formatUsd(refundable)} the customer paid and has not had back: it cannot be refunded.
            </p>
          ) : (
            <RefundReturnForm item={item} busy={busy} send={send} provider={provider} />
          )}
          {item.status === "approved" && !anyReceived ? (
            <DeclineButton item={item} busy={busy} send={send} />
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
