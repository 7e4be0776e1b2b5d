import type { AdminOrder } from "@mcf/contracts/admin";
import { trackingNumberLabel } from "@mcf/contracts/carriers";
import { lotWarning } from "@mcf/contracts/lots";
import { toDollars } from "@mcf/contracts/money";
import {
  carrierTrackingUrl,
  type OrderConfirmation,
  type OrderDelivery,
  type TrackingResult,
} from "@mcf/contracts/orders";
import type {
  OrderItemLotRow,
  OrderItemRow,
  OrderRow,
  PostalAddress,
} from "../../db/schema/orders.ts";
import { deliverySummaryLabel } from "../delivery/delivery.service.ts";
import { lotChangeRefusal } from "./order-status.ts";

export function trackingPageUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/track/${token}`;
}

/** Where the order ships: its shipping address, else the billing address. */
export function shipToAddress(order: OrderRow): PostalAddress {
  return order.shipping_address ?? order.billing_address;
}

/**
 * The one mapping from stored order rows to what the API shows: the fields every audience sees
 * (ids, customer, amounts in dollars, statuses, shipping details), then each audience's extras.
 */
function orderFields(order: OrderRow) {
  return {
    order_id: order.id,
    friendly_order_id: order.friendly_order_id,
    status: order.status,
    payment_status: order.payment_status,
    customer_name: order.customer_name,
    customer_email: order.customer_email,
    customer_phone: order.customer_phone,
    billing_address: order.billing_address,
    subtotal: toDollars(order.subtotal_cents),
    coupon_code: order.coupon_code,
    discount_amount: toDollars(order.discount_amount_cents),
    shipping_cost: toDollars(order.shipping_cost_cents),
    tax_amount: toDollars(order.tax_amount_cents),
    total_amount: toDollars(order.total_amount_cents),
    created_at: order.created_at.toISOString(),
    shipping_carrier: order.shipping_carrier,
    tracking_number: order.tracking_number,
    shipped_at: order.shipped_at?.toISOString() ?? null,
  };
}

function itemFields(item: OrderItemRow) {
  return {
    product_id: item.product_id,
    product_name: item.product_name,
    quantity: item.quantity,
    unit_price: toDollars(item.unit_price_cents),
    total_price: toDollars(item.total_price_cents),
    total_sqft: Number(item.total_sqft),
    kind: item.kind,
    selling_unit: item.selling_unit,
  };
}

/** How the order reaches the customer, as chosen, priced and answered at checkout. */
export function orderDelivery(order: OrderRow): OrderDelivery {
  return {
    method: order.delivery_method,
    label: deliverySummaryLabel(order.delivery_method, order.pallets_needed),
    estimated_date: order.delivery_estimated_date,
    services: order.delivery_services,
    site_access: order.delivery_answers?.site_access ?? null,
    stairs: order.delivery_answers?.stairs ?? null,
    appointment_phone: order.delivery_answers?.appointment_phone ?? null,
  };
}

/**
 * The dye lot of a line as staff and the packing list read it: the one lot it came from, or the
 * lots and their boxes when it was spread, and the warning when no single lot could cover it.
 */
export function lineLotFields(item: OrderItemRow, lots: OrderItemLotRow[] = []) {
  const single = lots.length === 1 ? lots[0] : undefined;
  return {
    lot_id: single?.lot_id ?? null,
    lot_code:
      lots.length === 0
        ? null
        : single
          ? single.lot_code
          : lots.map((lot) => `${lot.lot_code} (${lot.boxes})`).join(", "),
    lot_warning: item.lot_short ? lotWarning : null,
  };
}

/**
 * The order as staff see it; lines only when asked for (the list leaves them out), with their
 * lots and whether their product has lots now (`withLots`, product ids).
 */
export function toAdminOrder(
  order: OrderRow,
  items?: OrderItemRow[],
  lots: Map<number, OrderItemLotRow[]> = new Map(),
  withLots: ReadonlySet<number> = new Set(),
): AdminOrder {
  return {
    ...orderFields(order),
    shipping_address: order.shipping_address ?? null,
    needs_attention: order.needs_attention,
    paid_at: order.paid_at?.toISOString() ?? null,
    tracking_url: carrierTrackingUrl(order.shipping_carrier, order.tracking_number),
    shipping_notes: order.shipping_notes,
    delivery_appointment_date: order.delivery_appointment_date,
    delivery_appointment_window: order.delivery_appointment_window,
    delivery: orderDelivery(order),
    purpose: order.purpose,
    samples_sent_at: order.samples_sent_at?.toISOString() ?? null,
    lot_change_refusal: lotChangeRefusal(order),
    payment_provider: order.payment_provider,
    ...(items
      ? {
          items: items.map((item) => ({
            order_item_id: item.id,
            ...itemFields(item),
            sku: item.sku,
            ...lineLotFields(item, lots.get(item.id)),
            product_has_lots: item.product_id !== null && withLots.has(item.product_id),
            cancelled_quantity: item.cancelled_quantity,
            backordered_boxes: item.backordered_boxes,
          })),
        }
      : {}),
  };
}

/** The order as the success page and the confirmation call show it. */
export function toOrderConfirmation(
  order: OrderRow,
  items: OrderItemRow[],
  publicUrl: string,
): OrderConfirmation {
  const { shipping_carrier, tracking_number, shipped_at, ...fields } = orderFields(order);
  return {
    ...fields,
    stripe_session_id: order.payment_session_id,
    shipping_address: shipToAddress(order),
    items: items.map((item) => ({
      ...itemFields(item),
      sqft_per_box: Number(item.sqft_per_box),
      image_url: item.image_url,
      color: item.color,
      brand: item.brand,
      collection: item.collection,
      type: item.type,
    })),
    total_sqft: Number(order.total_sqft),
    total_cartons: order.total_cartons,
    // An installation payment is followed on the job's page, not on order tracking.
    tracking_url:
      order.payment_status === "paid" && order.purpose === "goods"
        ? trackingPageUrl(publicUrl, order.tracking_token)
        : null,
    delivery: orderDelivery(order),
    purpose: order.purpose,
  };
}

/** The delivery appointment staff recorded, or null. */
export function deliveryAppointment(order: OrderRow): TrackingResult["appointment"] {
  if (!order.delivery_appointment_date) return null;
  return { date: order.delivery_appointment_date, window: order.delivery_appointment_window };
}

/**
 * What the tracking page shows: status, the carrier with its link, the delivery appointment and
 * the staff's note; nothing about the customer.
 */
export function toTrackingResult(order: OrderRow, lines?: TrackingResult["lines"]): TrackingResult {
  const fields = orderFields(order);
  const delivery = orderDelivery(order);
  return {
    friendly_order_id: fields.friendly_order_id,
    status: fields.status,
    tracking_url: carrierTrackingUrl(order.shipping_carrier, order.tracking_number),
    shipping_carrier: fields.shipping_carrier,
    tracking_number: fields.tracking_number,
    tracking_number_label: trackingNumberLabel(order.shipping_carrier),
    created_at: fields.created_at,
    shipped_at: fields.shipped_at,
    total_cartons: order.total_cartons,
    delivery: {
      method: delivery.method,
      label: delivery.label,
      estimated_date: delivery.estimated_date,
    },
    appointment: deliveryAppointment(order),
    note: order.shipping_notes,
    ...(lines ? { lines } : {}),
  };
}
