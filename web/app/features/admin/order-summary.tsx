import type { AdminOrder } from "@mcf/contracts/admin";
import { capitalize } from "./admin-format.ts";
import { formatShopTime } from "./birmingham-time.ts";
import { EmailText } from "./email-text.tsx";
import { OrderDelivery } from "./order-delivery.tsx";
import { StatusBadge } from "./order-status-badge.tsx";

function Address({
  title,
  address,
}: {
  title: string;
  address: AdminOrder["billing_address"] | null;
}) {
  return (
    <div>
      <h4 className="text-xs font-semibold tracking-wide text-stone-600 uppercase">{title}</h4>
      {address ? (
        <p className="text-sm leading-snug">
          {address.street}
          <br />
          {address.city}, {address.state} {address.zip_code}
          <br />
          {address.country}
        </p>
      ) : (
        <p className="text-sm text-stone-600">Same as billing</p>
      )}
    </div>
  );
}

/** The top of the order panel: status, payment, when it was placed, the customer, addresses and delivery. */
export function OrderSummary({ order }: { order: AdminOrder }) {
  const installation = order.purpose === "installation";
  return (
    <>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <StatusBadge status={order.status} />
        <span className="rounded-full bg-stone-100 px-2.5 py-0.5 text-xs font-semibold">
          Payment: {capitalize(order.payment_status)}
        </span>
        <span className="text-stone-600">Placed {formatShopTime(order.created_at)}</span>
      </div>
      {order.needs_attention ? (
        <p className="rounded border border-brick-600/40 bg-red-50 p-3 text-sm text-red-900">
          Paid after its stock reservation expired and stock ran short: check stock before shipping.
        </p>
      ) : null}
      <section className="grid grid-cols-2 gap-4">
        <div className="col-span-2">
          <h4 className="text-xs font-semibold tracking-wide text-stone-600 uppercase">Customer</h4>
          <p className="text-sm font-medium">{order.customer_name}</p>
          <p className="text-sm break-words">
            <a className="text-oak-700 underline" href={`mailto:${order.customer_email}`}>
              <EmailText email={order.customer_email} />
            </a>{" "}
            · {order.customer_phone}
          </p>
        </div>
        <Address title="Billing address" address={order.billing_address} />
        {installation ? null : (
          <Address title="Shipping address" address={order.shipping_address} />
        )}
      </section>
      {installation ? (
        <p className="rounded border border-violet-200 bg-violet-50 p-3 text-sm text-violet-950">
          Installation payment (a job's deposit or balance): nothing ships, is picked up or is
          tracked. The job, its materials and dates are on the Jobs tab.
        </p>
      ) : (
        <OrderDelivery order={order} />
      )}
    </>
  );
}
