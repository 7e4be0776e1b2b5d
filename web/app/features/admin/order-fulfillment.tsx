import type { AdminOrder } from "@mcf/contracts/admin";
import { carriers } from "@mcf/contracts/carriers";
import { actorDisplayName } from "@mcf/contracts/staff";
import { type FormEvent, useState } from "react";
import { formatShopTime } from "./birmingham-time.ts";
import { ErrorLine } from "./error-line.tsx";
import type { RunOrderAction } from "./use-order-actions.ts";

interface ActionProps {
  order: AdminOrder;
  busy: boolean;
  run: RunOrderAction;
}

/**
 * The parts an order shipped in, and a form to ship some boxes of some lines with one carrier
 * and tracking number (each shipment emails the customer its lines and tracking). Only the boxes
 * the order holds can be chosen; backordered boxes are shown waiting for the purchase order.
 */
export function OrderShipments({ order, busy, run }: ActionProps) {
  const left = order.boxes_to_ship ?? {};
  const ready = order.boxes_ready_to_ship ?? {};
  const lines = (order.items ?? []).filter((item) => (left[String(item.order_item_id)] ?? 0) > 0);
  const waiting = lines.reduce((sum, item) => sum + (item.backordered_boxes ?? 0), 0);
  const [boxes, setBoxes] = useState<Record<string, string>>({});
  const [carrier, setCarrier] = useState("");
  const [tracking, setTracking] = useState("");
  const [refusal, setRefusal] = useState<string | null>(null);
  const shipments = order.shipments ?? [];
  const canShip = lines.length > 0 && order.status !== "cancelled";
  const anyReady = lines.some((item) => (ready[String(item.order_item_id)] ?? 0) > 0);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const chosen = lines
      .map((item) => ({
        order_item_id: item.order_item_id,
        boxes: Number(boxes[String(item.order_item_id)] ?? 0),
      }))
      .filter((line) => line.boxes > 0);
    if (chosen.length === 0) {
      setRefusal("Enter how many boxes of at least one line leave in this shipment.");
      return;
    }
    const done = await run({
      path: "shipments",
      method: "POST",
      body: {
        lines: chosen,
        carrier: carrier || null,
        tracking_number: tracking.trim() || null,
        send_email: true,
        // What this panel showed: a shipment recorded since (another tab, another staff member)
        // refuses this one.
        shipments_before: order.shipments?.length ?? 0,
      },
      success: "Shipment recorded — Email Sent!",
      failure: "Could not record the shipment",
      onRefused: setRefusal,
    });
    if (done) {
      setBoxes({});
      setTracking("");
    }
  };

  if (shipments.length === 0 && !canShip) return null;
  return (
    <section
      aria-labelledby="shipments-heading"
      className="space-y-3 rounded-md border border-stone-200 p-3"
    >
      <h4 id="shipments-heading" className="text-sm font-semibold text-navy-800">
        Shipments
        {order.fulfillment_label === "Partly shipped" ? (
          <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">
            Partly shipped
          </span>
        ) : null}
      </h4>
      {shipments.length > 0 ? (
        <ol className="space-y-2 text-sm">
          {shipments.map((shipment, index) => (
            <li key={shipment.id} className="rounded border border-stone-100 bg-stone-50 p-2">
              <p className="font-medium">
                Shipment {index + 1} · {shipment.carrier ?? "No carrier"}
                {shipment.tracking_number ? ` · ${shipment.tracking_number}` : ""} ·{" "}
                {formatShopTime(shipment.shipped_at)}
              </p>
              <p className="text-stone-700">
                {shipment.lines.map((line) => `${line.product_name} × ${line.boxes}`).join(", ")}
              </p>
            </li>
          ))}
        </ol>
      ) : null}
      {canShip && waiting > 0 ? (
        <p className="rounded bg-amber-50 px-2 py-1 text-sm text-amber-900">
          {waiting} {waiting === 1 ? "box waits" : "boxes wait"} for the purchase order:{" "}
          {anyReady
            ? "ship the boxes in stock now, the rest once it is received."
            : "they ship once it is received."}
        </p>
      ) : null}
      {canShip && anyReady ? (
        <form onSubmit={submit} className="space-y-3">
          <p className="text-xs text-stone-600">
            Ship some boxes now: enter the boxes of each line leaving with this carrier.
          </p>
          <div className="space-y-2">
            {lines.map((item) => {
              const max = ready[String(item.order_item_id)] ?? 0;
              const backordered = item.backordered_boxes ?? 0;
              return (
                <label
                  key={item.order_item_id}
                  className="flex items-center justify-between gap-3 text-sm"
                >
                  <span>
                    {item.product_name}{" "}
                    <span className="text-stone-600">
                      ({backordered > 0 ? `${max} can ship now` : `${max} left to ship`})
                    </span>
                    {backordered > 0 ? (
                      <span className="block text-xs font-semibold text-amber-900">
                        {backordered} {backordered === 1 ? "waits" : "wait"} for the purchase order
                      </span>
                    ) : null}
                  </span>
                  <input
                    type="number"
                    min={0}
                    max={max}
                    disabled={max === 0}
                    inputMode="numeric"
                    aria-label={`Boxes of ${item.product_name} in this shipment`}
                    className="field-input w-20 py-1"
                    value={boxes[String(item.order_item_id)] ?? ""}
                    onChange={(e) =>
                      setBoxes((current) => ({
                        ...current,
                        [String(item.order_item_id)]: e.target.value,
                      }))
                    }
                  />
                </label>
              );
            })}
          </div>
          <div className="grid gap-3 sm:grid-cols-2">
            <label className="block">
              <span className="field-label">Shipment carrier</span>
              <select
                className="field-input py-1.5"
                value={carrier}
                onChange={(e) => setCarrier(e.target.value)}
              >
                <option value="">Not set</option>
                {carriers.map((option) => (
                  <option key={option.name} value={option.name}>
                    {option.name}
                  </option>
                ))}
              </select>
            </label>
            <label className="block">
              <span className="field-label">Tracking or PRO number of this shipment</span>
              <input
                className="field-input py-1.5"
                value={tracking}
                onChange={(e) => setTracking(e.target.value)}
              />
            </label>
          </div>
          <ErrorLine message={refusal} />
          <button type="submit" className="btn-primary py-2" disabled={busy}>
            Create shipment
          </button>
        </form>
      ) : null}
    </section>
  );
}

/**
 * A pickup order's actions instead of the shipping form: mark it ready (emails the showroom's
 * address, hours and what to bring), then record who collected it.
 */
export function OrderPickup({ order, busy, run }: ActionProps) {
  const pickup = order.pickup;
  const [collectedBy, setCollectedBy] = useState("");
  const [refusal, setRefusal] = useState<string | null>(null);
  if (!pickup) return null;
  const cancelled = order.status === "cancelled";

  const markPickedUp = async (event: FormEvent) => {
    event.preventDefault();
    if (!collectedBy.trim()) {
      setRefusal("Enter the name of the person who collected the order.");
      return;
    }
    await run({
      path: "pickup/picked-up",
      method: "POST",
      body: { picked_up_by: collectedBy.trim() },
      success: "Order picked up",
      failure: "Could not record the pickup",
      onRefused: setRefusal,
    });
  };

  return (
    <section
      aria-labelledby="pickup-heading"
      className="space-y-3 rounded-md border border-stone-200 p-3"
    >
      <h4 id="pickup-heading" className="text-sm font-semibold text-navy-800">
        Showroom pickup
      </h4>
      {pickup.picked_up_at ? (
        <p className="text-sm">
          Picked up on {formatShopTime(pickup.picked_up_at)} by{" "}
          <strong>{pickup.picked_up_by}</strong>
          {pickup.staff ? `, handed over by ${actorDisplayName(pickup.staff)}` : ""}.
        </p>
      ) : (
        <>
          <p className="text-sm text-stone-700">
            {pickup.ready_at
              ? `Ready for pickup since ${formatShopTime(pickup.ready_at)}.`
              : "Not ready yet. No carrier or tracking: the customer collects it at the showroom."}
          </p>
          {cancelled ? null : (
            <button
              type="button"
              className="btn-outline py-2"
              disabled={busy}
              onClick={() =>
                run({
                  path: "pickup/ready",
                  method: "POST",
                  success: "Ready for pickup — Email Sent!",
                  failure: "Could not mark the order ready for pickup",
                  onRefused: setRefusal,
                })
              }
            >
              {pickup.ready_at ? "Send ready-for-pickup email again" : "Mark ready for pickup"}
            </button>
          )}
          {cancelled ? null : (
            <form onSubmit={markPickedUp} className="flex flex-wrap items-end gap-2">
              <label className="block grow">
                <span className="field-label">Collected by</span>
                <input
                  className="field-input py-1.5"
                  value={collectedBy}
                  maxLength={120}
                  onChange={(e) => setCollectedBy(e.target.value)}
                />
              </label>
              <button type="submit" className="btn-primary py-2" disabled={busy}>
                Mark picked up
              </button>
            </form>
          )}
        </>
      )}
      <ErrorLine message={refusal} />
      <button
        type="button"
        className="btn-outline py-2"
        disabled={busy}
        onClick={() =>
          run({
            path: "resend-confirmation",
            method: "POST",
            success: "Order Updated! Email Sent!",
            failure: "Failed to send confirmation email",
          })
        }
      >
        Resend Confirmation
      </button>
    </section>
  );
}
