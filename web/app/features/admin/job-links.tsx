import type { AdminJobDetail } from "@mcf/contracts/installs";
import { capitalize, usdOrDash } from "./admin-format.ts";
import { formatShopTime } from "./birmingham-time.ts";
import { StatusBadge } from "./order-status-badge.tsx";

const section = "border-t border-stone-200 pt-3";

/**
 * What the job links to, in the job's own panel: the inquiry it came from, the deposit order and
 * every email about it, so staff never leave the job to answer the customer.
 */
export function JobLinks({
  inquiry,
  deposit_order: order,
  messages,
}: Pick<AdminJobDetail, "inquiry" | "deposit_order" | "messages">) {
  return (
    <>
      <div className={section}>
        <h3 className="mb-2 font-semibold">Inquiry</h3>
        {inquiry ? (
          <div className="space-y-1 text-sm">
            <p className="text-stone-600">
              Inquiry #{inquiry.id} · received {formatShopTime(inquiry.created_at)} ·{" "}
              {capitalize(inquiry.status)}
            </p>
            <p>
              {[
                inquiry.flooring_type.join(", "),
                inquiry.square_footage
                  ? `${inquiry.square_footage.toLocaleString("en-US")} sq ft`
                  : "",
                inquiry.rooms,
                inquiry.timeline,
              ]
                .filter(Boolean)
                .join(" · ")}
            </p>
            {inquiry.additional_notes ? (
              <p className="rounded bg-cream p-2 whitespace-pre-line">{inquiry.additional_notes}</p>
            ) : null}
          </div>
        ) : (
          <p className="text-sm text-stone-600">Entered by staff, not from an inquiry.</p>
        )}
      </div>

      <div className={section}>
        <h3 className="mb-2 font-semibold">Deposit order</h3>
        {order ? (
          <p className="flex flex-wrap items-center gap-2 text-sm">
            <span className="font-mono text-xs font-semibold">{order.friendly_order_id}</span>
            <StatusBadge status={order.status} />
            <span>Payment: {capitalize(order.payment_status)}</span>
            <span className="tabular-nums">{usdOrDash(order.total_amount)}</span>
          </p>
        ) : (
          <p className="text-sm text-stone-600">
            Not started: the customer pays it from their page.
          </p>
        )}
      </div>

      <div className={section}>
        <h3 className="mb-2 font-semibold">Messages</h3>
        {messages.length ? (
          <ul className="space-y-1 text-sm">
            {messages.map((message) => (
              <li key={message.id} className="break-words">
                <span className="text-stone-600">{formatShopTime(message.created_at)}</span> ·{" "}
                {message.subject}{" "}
                <span className="text-stone-500">
                  (to {message.to_address}, {message.status})
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-stone-600">No email about this job yet.</p>
        )}
      </div>
    </>
  );
}
