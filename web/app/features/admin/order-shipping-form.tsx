import type { AdminOrder } from "@mcf/contracts/admin";
import { type CarrierKind, carriers } from "@mcf/contracts/carriers";
import { type FormEvent, useState } from "react";
import { isoToShopInput, shopInputToIso } from "./birmingham-time.ts";
import { ErrorLine } from "./error-line.tsx";
import type { RunOrderAction } from "./use-order-actions.ts";

interface ShippingFields {
  carrier: string;
  trackingNumber: string;
  shippedAt: string;
  notes: string;
  appointmentDate: string;
  appointmentWindow: string;
}

const carrierGroups: Array<{ kind: CarrierKind; label: string }> = [
  { kind: "ltl", label: "LTL freight (PRO number)" },
  { kind: "parcel", label: "Parcel (tracking number)" },
  { kind: "own", label: "Our own truck" },
];

/** The plain inputs between the carrier and the notes; a wide one spans both columns. */
const inputFields: Array<{
  name: Exclude<keyof ShippingFields, "carrier" | "notes">;
  label: string;
  wide?: boolean;
  type?: string;
  placeholder?: string;
  maxLength?: number;
}> = [
  { name: "trackingNumber", label: "Tracking #" },
  {
    name: "shippedAt",
    label: "Shipped at (Birmingham time)",
    wide: true,
    type: "datetime-local",
  },
  { name: "appointmentDate", label: "Delivery appointment", type: "date" },
  {
    name: "appointmentWindow",
    label: "Appointment window",
    placeholder: "8 AM – 12 PM",
    maxLength: 60,
  },
];

const fieldsOf = (order: AdminOrder): ShippingFields => ({
  carrier: order.shipping_carrier ?? "",
  trackingNumber: order.tracking_number ?? "",
  shippedAt: isoToShopInput(order.shipped_at),
  notes: order.shipping_notes ?? "",
  appointmentDate: order.delivery_appointment_date ?? "",
  appointmentWindow: order.delivery_appointment_window ?? "",
});

/**
 * Carrier, tracking number, shipped time (Birmingham time) and notes, with Mark as shipped and
 * Send shipped email; Save Shipping, then the two email buttons.
 */
export function OrderShippingForm({
  order,
  busy,
  run,
}: {
  order: AdminOrder;
  busy: boolean;
  run: RunOrderAction;
}) {
  const [fields, setFields] = useState(() => fieldsOf(order));
  const [markShipped, setMarkShipped] = useState(false);
  const [sendEmail, setSendEmail] = useState(false);
  // Why the server refused the last save, said beside the form (the toast stays the spec's).
  const [refusal, setRefusal] = useState<string | null>(null);
  // A saved order (from any action) resets the fields to what was saved.
  const [shown, setShown] = useState(order);
  if (shown !== order) {
    setShown(order);
    setFields(fieldsOf(order));
  }
  const set = (name: keyof ShippingFields) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [name]: event.target.value }));

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const done = await run({
      path: "shipping",
      method: "POST",
      body: {
        shipping_carrier: fields.carrier || null,
        tracking_number: fields.trackingNumber.trim() || null,
        shipped_at: shopInputToIso(fields.shippedAt),
        shipping_notes: fields.notes.trim() || null,
        delivery_appointment_date: fields.appointmentDate || null,
        delivery_appointment_window: fields.appointmentWindow.trim() || null,
        mark_shipped: markShipped,
        send_email: sendEmail,
      },
      success: sendEmail ? "Shipping updated — Email Sent!" : "Shipping updated",
      failure: "Failed to update shipping",
      onRefused: setRefusal,
    });
    if (done) {
      setMarkShipped(false);
      setSendEmail(false);
    }
  };

  const sendMail = (path: string, failure: string) =>
    run({ path, method: "POST", success: "Order Updated! Email Sent!", failure });

  return (
    <form onSubmit={save} className="space-y-3 rounded-md border border-stone-200 p-3">
      <h4 className="text-sm font-semibold text-navy-800">Shipping</h4>
      <div className="grid gap-3 sm:grid-cols-2">
        <label className="block">
          <span className="field-label">Carrier / Method</span>
          <select className="field-input py-1.5" value={fields.carrier} onChange={set("carrier")}>
            <option value="">Not set</option>
            {carrierGroups.map((group) => (
              <optgroup key={group.kind} label={group.label}>
                {carriers
                  .filter((carrier) => carrier.kind === group.kind)
                  .map((carrier) => (
                    <option key={carrier.name} value={carrier.name}>
                      {carrier.name}
                    </option>
                  ))}
              </optgroup>
            ))}
          </select>
        </label>
        {inputFields.map(({ name, label, wide, ...input }) => (
          <label key={name} className={wide ? "block sm:col-span-2" : "block"}>
            <span className="field-label">{label}</span>
            <input
              {...input}
              className="field-input py-1.5"
              value={fields[name]}
              onChange={set(name)}
            />
          </label>
        ))}
        <label className="block sm:col-span-2">
          <span className="field-label">Notes</span>
          <span className="block text-xs text-stone-600">
            Shown to the customer on the tracking page and in the shipped email.
          </span>
          <textarea
            className="field-input py-1.5"
            rows={2}
            value={fields.notes}
            onChange={set("notes")}
          />
        </label>
      </div>
      {order.tracking_url ? (
        <p className="text-sm">
          <a
            className="text-oak-700 underline"
            href={order.tracking_url}
            target="_blank"
            rel="noreferrer"
          >
            Open carrier tracking
          </a>
        </p>
      ) : null}
      <div className="flex flex-wrap gap-4 text-sm">
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            checked={markShipped}
            onChange={(e) => setMarkShipped(e.target.checked)}
          />
          Mark as shipped
        </label>
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            checked={sendEmail}
            onChange={(e) => setSendEmail(e.target.checked)}
          />
          Send shipped email
        </label>
      </div>
      <ErrorLine message={refusal} />
      <div className="flex flex-wrap gap-2 border-t border-stone-100 pt-3">
        <button type="submit" className="btn-primary py-2" disabled={busy}>
          Save Shipping
        </button>
        <button
          type="button"
          className="btn-outline py-2"
          disabled={busy}
          onClick={() => sendMail("resend-confirmation", "Failed to send confirmation email")}
        >
          Resend Confirmation
        </button>
        <button
          type="button"
          className="btn-outline py-2"
          disabled={busy}
          onClick={() => sendMail("send-shipped-email", "Failed to send shipped email")}
        >
          Send Shipped Email
        </button>
      </div>
    </form>
  );
}
