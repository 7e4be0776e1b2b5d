import { unitName } from "@mcf/contracts/accessories";
import { carrierTrackingUrl, trackingNumberLabel } from "@mcf/contracts/carriers";
import { inspectionChecklist, inspectionHeading } from "@mcf/contracts/delivery-inspection";
import { formatUsd, toDollars } from "@mcf/contracts/money";
import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { type OrderRow, orders, type PostalAddress } from "../../db/schema/orders.ts";
import { notFound } from "../../errors.ts";
import { enqueueMail } from "../../mail/outbox.ts";
import { storeIdentity } from "../../mail/store-identity.ts";
import { renderEmail } from "../../mail/templates.ts";
import { shipmentsOf } from "./order-shipments.ts";
import {
  deliveryAppointment,
  orderDelivery,
  shipToAddress,
  trackingPageUrl,
} from "./order-views.ts";
import { getOrderWithItems } from "./orders.repository.ts";
import { splitSamplesForEmail } from "./sample-emails.ts";

const usd = (cents: number) => formatUsd(toDollars(cents));

function addressLines(address: PostalAddress): string {
  return `${address.street}\n${address.city}, ${address.state} ${address.zip_code}\n${address.country}`;
}

/** "2026-12-01" → "Tuesday, December 1, 2026". */
function longDate(isoDate: string): string {
  return new Date(`${isoDate}T12:00:00Z`).toLocaleDateString("en-US", {
    timeZone: "UTC",
    weekday: "long",
    year: "numeric",
    month: "long",
    day: "numeric",
  });
}

function firstName(order: OrderRow): string {
  return order.customer_name.split(/\s+/)[0] ?? order.customer_name;
}

/**
 * Queues the order confirmation (items, totals with discount and tax, addresses, tracking link).
 * Automatic sends use the dedupe key `order-confirmation:{orderId}`, so a paid order gets one;
 * `force: true` (the admin's Resend Confirmation) always queues another.
 * Returns true when a message was queued (never for an installation payment). Throws 404 when
 * the order does not exist.
 */
export async function queueOrderConfirmation(
  db: DbOrTx,
  orderId: string,
  options: { publicUrl: string; force?: boolean },
): Promise<boolean> {
  const found = await getOrderWithItems(db, orderId);
  if (!found) throw notFound("Order not found");
  const { order, items } = found;
  // An installation's deposit or balance has its own receipt from the job, about the install,
  // never one about shipping boxes.
  if (order.purpose === "installation") return false;
  const { boxes, sampleRows, sampleParagraph } = splitSamplesForEmail(items);
  const table: Array<[string, string]> = boxes.map((item) => [
    `${item.product_name} × ${item.quantity} ${unitName(item.selling_unit, item.quantity)}`,
    usd(item.total_price_cents),
  ]);
  table.push(...sampleRows);
  table.push(["Subtotal", usd(order.subtotal_cents)]);
  if (order.coupon_code && order.discount_amount_cents > 0)
    table.push([`Discount (${order.coupon_code})`, `-${usd(order.discount_amount_cents)}`]);
  const delivery = orderDelivery(order);
  table.push([`Shipping: ${delivery.label}`, usd(order.shipping_cost_cents)]);
  table.push(["Sales tax", usd(order.tax_amount_cents)]);
  table.push(["Total paid", usd(order.total_amount_cents)]);
  if (delivery.estimated_date)
    table.push([
      delivery.method === "pickup" ? "Ready for pickup" : "Estimated delivery",
      longDate(delivery.estimated_date),
    ]);
  if (delivery.method === "pickup") table.push(["Pick up at", storeIdentity().formattedAddress]);
  else table.push(["Ship to", addressLines(shipToAddress(order))]);
  table.push(["Billing address", addressLines(order.billing_address)]);
  const content = renderEmail({
    subject: `Your ${storeIdentity().name} order ${order.friendly_order_id}`,
    heading: `Thank you for your order, ${firstName(order)}!`,
    paragraphs: [
      delivery.method === "pickup"
        ? `We received your payment for order ${order.friendly_order_id}. Our team is preparing it now and will call you when it is ready to pick up at our showroom.`
        : `We received your payment for order ${order.friendly_order_id}. Our team is preparing it now and will email you when it ships.`,
      ...(sampleParagraph ? [sampleParagraph] : []),
    ],
    table,
    action: {
      label: "Track your order",
      url: trackingPageUrl(options.publicUrl, order.tracking_token),
    },
    footnotes: [
      `Questions about your order? Call us at ${storeIdentity().phone} or reply to this email.`,
    ],
  });
  const queued = await enqueueMail(db, {
    kind: "order-confirmation",
    to: order.customer_email,
    dedupeKey: options.force ? undefined : `order-confirmation:${order.id}`,
    ...content,
  });
  if (queued)
    await db
      .update(orders)
      .set({ confirmation_sent_at: new Date() })
      .where(eq(orders.id, order.id));
  return queued;
}

/**
 * Queues the shipped notice: carrier, PRO or tracking number with the carrier's link, the
 * delivery appointment, the staff's note, and the inspect-before-you-sign checklist.
 * Always queues: staff decide when to send it. Throws 404 when the order does not exist.
 */
export async function queueShippedEmail(
  db: DbOrTx,
  orderId: string,
  options: { publicUrl: string },
): Promise<boolean> {
  const found = await getOrderWithItems(db, orderId);
  if (!found) throw notFound("Order not found");
  const { order } = found;
  const carrierUrl = carrierTrackingUrl(order.shipping_carrier, order.tracking_number);
  const appointment = deliveryAppointment(order);
  const table: Array<[string, string]> = [["Order", order.friendly_order_id]];
  const shipments = await shipmentsOf(db, orderId);
  if (shipments.length > 1) {
    // An order shipped in parts: each part with its boxes, carrier and tracking link.
    shipments.forEach((shipment, index) => {
      table.push([
        `Shipment ${index + 1}`,
        [
          shipment.lines.map((line) => `${line.product_name} × ${line.boxes}`).join(", "),
          `${shipment.carrier ?? "Our delivery team"}${shipment.tracking_number ? `, ${shipment.tracking_number_label} ${shipment.tracking_number}` : ""}`,
          ...(shipment.tracking_url ? [shipment.tracking_url] : []),
        ].join("\n"),
      ]);
    });
  } else {
    table.push(["Carrier", order.shipping_carrier ?? "Our delivery team"]);
    if (order.tracking_number)
      table.push([trackingNumberLabel(order.shipping_carrier), order.tracking_number]);
    if (carrierUrl) table.push(["Carrier tracking", carrierUrl]);
  }
  if (appointment)
    table.push([
      "Delivery appointment",
      appointment.window
        ? `${longDate(appointment.date)}, ${appointment.window}`
        : longDate(appointment.date),
    ]);
  table.push(["Shipping to", addressLines(shipToAddress(order))]);
  const content = renderEmail({
    subject: `Your order ${order.friendly_order_id} has shipped`,
    heading: `Good news, ${firstName(order)}: your order is on its way`,
    paragraphs: [
      `Order ${order.friendly_order_id} has left our Birmingham warehouse.`,
      ...(order.shipping_notes ? [`A note from our team: ${order.shipping_notes}`] : []),
    ],
    table,
    action: {
      label: "Track your order",
      url: trackingPageUrl(options.publicUrl, order.tracking_token),
    },
    footnotes: [
      // Samples alone come in an envelope: there are no boxes to count before signing.
      ...(order.total_cartons > 0
        ? [
            `${inspectionHeading}:`,
            ...inspectionChecklist(order.total_cartons).map(
              (step, index) => `${index + 1}. ${step}`,
            ),
          ]
        : []),
      `Questions about your delivery? Call us at ${storeIdentity().phone}.`,
    ],
  });
  return enqueueMail(db, { kind: "order-shipped", to: order.customer_email, ...content });
}
