import { storeTimeZone } from "@mcf/contracts/business";
import { inspectionChecklist, inspectionHeading } from "@mcf/contracts/delivery-inspection";
import type { TrackingResult } from "@mcf/contracts/orders";
import { Term } from "../../components/summary-row.tsx";
import { deliveryDateLabel, formatDeliveryDate } from "../../lib/delivery-dates.ts";
import { isCancelledStatus } from "./tracking-steps.ts";

const dateFormat = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "long",
  day: "numeric",
  timeZone: storeTimeZone,
});
export const formatTrackingDate = (iso: string | null) =>
  iso ? dateFormat.format(new Date(iso)) : null;

/** "2026-12-01" → "Tuesday, December 1". */
function appointmentDay(isoDate: string): string {
  return new Date(`${isoDate}T12:00:00Z`).toLocaleDateString("en-US", {
    timeZone: "UTC",
    weekday: "long",
    month: "long",
    day: "numeric",
  });
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Term className="text-sm text-stone-600">{label}</Term>
      <dd className="font-semibold break-words">{children}</dd>
    </div>
  );
}

/**
 * The shipment as the customer sees it: how it travels, the carrier with the PRO or tracking
 * number and the carrier's link, the delivery appointment and the staff's note.
 */
export function ShipmentDetails({ tracking }: { tracking: TrackingResult }) {
  const status = tracking.status.toLowerCase();
  const { delivery, appointment, pickup } = tracking;
  const parts = tracking.shipments ?? [];
  // An order shipped in parts lists each part with its own carrier and tracking link.
  const inParts = parts.length > 1 || tracking.fulfillment_label === "Partly shipped";
  const shipped = !inParts && Boolean(tracking.shipping_carrier || tracking.tracking_number);
  // Our own truck has no carrier or tracking number: the status says the boxes left, or arrived.
  const delivered = status === "delivered" || status === "completed";
  const leftWithoutTracking = !shipped && !inParts && (delivered || status === "shipped");
  const waiting =
    !shipped && !inParts && !leftWithoutTracking && !pickup?.ready_at && !pickup?.picked_up_at;
  return (
    <section
      aria-labelledby="shipment-heading"
      className="rounded-xl border border-stone-200 bg-white p-6 sm:p-8"
    >
      <h2 id="shipment-heading" className="mb-4 text-xl font-semibold">
        Shipment
      </h2>
      <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-3">
        <Field label="Delivery">{delivery.label}</Field>
        {pickup?.picked_up_at ? (
          <Field label="Pickup">Picked up on {formatTrackingDate(pickup.picked_up_at)}</Field>
        ) : pickup?.ready_at && !isCancelledStatus(status) ? (
          <Field label="Pickup">Ready for pickup</Field>
        ) : null}
        {delivery.estimated_date && !appointment && !pickup?.ready_at && !delivered ? (
          <Field label={deliveryDateLabel(delivery.method)}>
            {formatDeliveryDate(delivery.estimated_date)}
          </Field>
        ) : null}
        {appointment ? (
          <Field label="Delivery appointment">
            {appointmentDay(appointment.date)}
            {appointment.window ? `, ${appointment.window}` : ""}
          </Field>
        ) : null}
        {shipped ? (
          <>
            <Field label="Carrier">{tracking.shipping_carrier ?? "—"}</Field>
            <Field label={tracking.tracking_number_label}>
              <span className="font-mono break-all">{tracking.tracking_number ?? "—"}</span>
            </Field>
            <Field label="Shipped">{formatTrackingDate(tracking.shipped_at) ?? "—"}</Field>
          </>
        ) : null}
      </dl>
      {inParts ? <ShipmentParts tracking={tracking} /> : null}
      {tracking.note ? (
        <div className="mt-6 rounded-lg border-l-4 border-oak-600 bg-oak-50 p-4">
          <p className="text-sm font-semibold text-navy-800">A note from our team</p>
          <p className="mt-1 whitespace-pre-line text-stone-800">{tracking.note}</p>
        </div>
      ) : null}
      {shipped && tracking.tracking_url ? (
        <a
          href={tracking.tracking_url}
          target="_blank"
          rel="noopener noreferrer"
          className="btn-dark mt-6"
        >
          Track with {tracking.shipping_carrier ?? "the carrier"}
        </a>
      ) : null}
      {leftWithoutTracking && !pickup?.picked_up_at ? (
        <p className="mt-6 text-stone-700">
          {delivered ? "Your order was delivered." : "Your order is on its way to you."}
        </p>
      ) : null}
      {waiting ? (
        <p className="mt-6 text-stone-700">
          {isCancelledStatus(status)
            ? "This order was cancelled and will not ship."
            : delivery.method === "pickup"
              ? "We will call you when your order is ready to pick up at our showroom."
              : "Carrier and tracking number will appear here as soon as your order ships."}
        </p>
      ) : null}
      {pickup?.ready_at && !pickup.picked_up_at && !isCancelledStatus(status) ? (
        <p className="mt-6 text-stone-700">
          Your order is ready at our showroom. Bring your order number, a photo ID and a vehicle
          that fits the boxes.
        </p>
      ) : null}
    </section>
  );
}

/** Each part of an order shipped in parts: its boxes, carrier, tracking number and link. */
function ShipmentParts({ tracking }: { tracking: TrackingResult }) {
  const parts = tracking.shipments ?? [];
  return (
    <div className="mt-6 space-y-4">
      {tracking.fulfillment_label === "Partly shipped" ? (
        <p className="text-stone-700">
          Part of your order has shipped; the rest will follow with its own tracking number.
        </p>
      ) : null}
      <ol className="space-y-4">
        {parts.map((part, index) => (
          <li key={part.id} className="rounded-lg border border-stone-200 p-4">
            <h3 className="font-semibold text-navy-800">Shipment {index + 1}</h3>
            <ul className="mt-2 text-sm text-stone-700">
              {part.lines.map((line) => (
                <li key={line.order_item_id}>
                  {line.product_name} × {line.boxes} {line.boxes === 1 ? "box" : "boxes"}
                </li>
              ))}
            </ul>
            <dl className="mt-3 grid gap-x-6 gap-y-3 sm:grid-cols-3">
              <Field label="Carrier">{part.carrier ?? "Our delivery team"}</Field>
              <Field label={part.tracking_number_label}>
                <span className="font-mono break-all">{part.tracking_number ?? "—"}</span>
              </Field>
              <Field label="Shipped">{formatTrackingDate(part.shipped_at)}</Field>
            </dl>
            {part.tracking_url ? (
              <a
                href={part.tracking_url}
                target="_blank"
                rel="noopener noreferrer"
                className="btn-dark mt-4"
              >
                Track shipment {index + 1} with {part.carrier ?? "the carrier"}
              </a>
            ) : null}
          </li>
        ))}
      </ol>
    </div>
  );
}

/** The steps to take before signing for a delivery (not for a showroom pickup). */
export function InspectionChecklist({ totalBoxes }: { totalBoxes: number }) {
  return (
    <section
      aria-labelledby="inspect-heading"
      className="rounded-xl border border-amber-300 bg-amber-50 p-6 sm:p-8"
    >
      <h2 id="inspect-heading" className="mb-3 text-xl font-semibold text-navy-800">
        {inspectionHeading}
      </h2>
      <ol className="list-decimal space-y-2 pl-5 text-stone-800">
        {inspectionChecklist(totalBoxes).map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    </section>
  );
}
