import type { AdminOrder } from "@mcf/contracts/admin";
import { formatUsd } from "@mcf/contracts/money";
import { Term } from "../../components/summary-row.tsx";
import { deliveryDateLabel, formatDeliveryDate } from "../../lib/delivery-dates.ts";

const serviceNames = { residential: "Residential delivery", liftgate: "Liftgate" } as const;
const accessNames = {
  full_truck: "A 53-foot truck can reach it",
  small_truck_only: "Smaller truck only (narrow street, low wires or trees)",
} as const;

/** How the customer chose to get the order, and what the driver needs to book it. */
export function OrderDelivery({ order }: { order: AdminOrder }) {
  const { delivery } = order;
  const byTruck = delivery.method === "freight" || delivery.method === "local";
  return (
    <section>
      <h4 className="text-xs font-semibold tracking-wide text-stone-600 uppercase">Delivery</h4>
      <p className="text-sm font-medium">
        {delivery.label} · {formatUsd(order.shipping_cost)}
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-sm">
        {delivery.estimated_date ? (
          <>
            <Term className="text-stone-600">{deliveryDateLabel(delivery.method)}</Term>
            <dd>{formatDeliveryDate(delivery.estimated_date)}</dd>
          </>
        ) : null}
        {delivery.services.length > 0 ? (
          <>
            <Term className="text-stone-600">Extras</Term>
            <dd>{delivery.services.map((id) => serviceNames[id]).join(", ")}</dd>
          </>
        ) : null}
        {byTruck ? (
          <>
            <Term className="text-stone-600">Site access</Term>
            <dd>{delivery.site_access ? accessNames[delivery.site_access] : "Not sure"}</dd>
            <Term className="text-stone-600">Stairs</Term>
            <dd>{delivery.stairs === null ? "Not answered" : delivery.stairs ? "Yes" : "No"}</dd>
            <Term className="text-stone-600">Appointment phone</Term>
            <dd>{delivery.appointment_phone ?? order.customer_phone}</dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}
