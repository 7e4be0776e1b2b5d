import type { OrderShipment } from "@mcf/contracts/shipments";
import type { DbOrTx } from "../../db/client.ts";
import type { OrderRow } from "../../db/schema/orders.ts";
import { enqueueMail } from "../../mail/outbox.ts";
import { storeIdentity } from "../../mail/store-identity.ts";
import { renderEmail } from "../../mail/templates.ts";
import { shipToAddress, trackingPageUrl } from "./order-views.ts";

function firstName(order: OrderRow): string {
  return order.customer_name.split(/\s+/)[0] ?? order.customer_name;
}

/** Which part of the order a shipment is: all of it, some of it, or the last of it. */
export type ShipmentPart = "whole" | "part" | "last";

const shipmentWording: Record<
  ShipmentPart,
  { subject: (order: string) => string; heading: string; rest: string }
> = {
  whole: {
    subject: (order) => `Your order ${order} has shipped`,
    heading: "your order is on its way",
    rest: "That is everything you ordered.",
  },
  part: {
    subject: (order) => `Part of your order ${order} has shipped`,
    heading: "part of your order is on its way",
    rest: "The rest follows in its own shipment, with its own tracking number; your tracking page shows every part.",
  },
  last: {
    subject: (order) => `The rest of your order ${order} has shipped`,
    heading: "the rest of your order is on its way",
    rest: "With this shipment, everything you ordered is on its way; your tracking page shows every part.",
  },
};

/**
 * Queues the email of one shipment of an order that ships in parts: the lines and boxes that left,
 * the carrier and its tracking number and link. Returns true when queued.
 */
export async function queueShipmentEmail(
  db: DbOrTx,
  order: OrderRow,
  shipment: OrderShipment | undefined,
  options: { publicUrl: string; part: ShipmentPart },
): Promise<boolean> {
  if (!shipment) return false;
  const wording = shipmentWording[options.part];
  const table: Array<[string, string]> = [
    ["Order", order.friendly_order_id],
    ...shipment.lines.map((line): [string, string] => [
      line.product_name,
      `${line.boxes} ${line.boxes === 1 ? "box" : "boxes"}`,
    ]),
    ["Carrier", shipment.carrier ?? "Our delivery team"],
  ];
  if (shipment.tracking_number)
    table.push([shipment.tracking_number_label, shipment.tracking_number]);
  if (shipment.tracking_url) table.push(["Carrier tracking", shipment.tracking_url]);
  const address = shipToAddress(order);
  table.push([
    "Shipping to",
    `${address.street}\n${address.city}, ${address.state} ${address.zip_code}`,
  ]);
  const content = renderEmail({
    subject: wording.subject(order.friendly_order_id),
    heading: `Good news, ${firstName(order)}: ${wording.heading}`,
    paragraphs: [
      `These boxes of order ${order.friendly_order_id} have left our Birmingham warehouse. ${wording.rest}`,
    ],
    table,
    action: {
      label: "Track your order",
      url: trackingPageUrl(options.publicUrl, order.tracking_token),
    },
    footnotes: [`Questions about your delivery? Call us at ${storeIdentity().phone}.`],
  });
  return enqueueMail(db, {
    kind: "order-shipped",
    to: order.customer_email,
    dedupeKey: `order-shipment:${shipment.id}`,
    ...content,
  });
}

/**
 * Queues the "ready for pickup" email: the showroom's address and open hours as saved in Settings,
 * and what to bring (the order number, a photo ID, a vehicle that fits the boxes). Returns true
 * when queued.
 */
export async function queueReadyForPickupEmail(
  db: DbOrTx,
  order: OrderRow,
  options: { publicUrl: string },
): Promise<boolean> {
  const store = storeIdentity();
  const boxes = order.total_cartons;
  const content = renderEmail({
    subject: `Your order ${order.friendly_order_id} is ready for pickup`,
    heading: `${firstName(order)}, your order is ready for pickup`,
    paragraphs: [
      `Order ${order.friendly_order_id} is packed and waiting for you at our showroom.`,
      "Please bring your order number, a photo ID, and a vehicle that fits the boxes. Our team will help you load.",
    ],
    table: [
      ["Order", order.friendly_order_id],
      ["Boxes", `${boxes} ${boxes === 1 ? "box" : "boxes"}`],
      ["Pick up at", store.formattedAddress],
      ["Showroom hours", store.openHours],
      ["Bring", "Your order number, a photo ID, and a vehicle that fits the boxes"],
    ],
    action: {
      label: "View your order",
      url: trackingPageUrl(options.publicUrl, order.tracking_token),
    },
    footnotes: [`Questions or need another day? Call us at ${store.phone}.`],
  });
  return enqueueMail(db, {
    kind: "order-ready-for-pickup",
    to: order.customer_email,
    ...content,
  });
}
