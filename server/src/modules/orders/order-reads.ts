import { toCents, toDollars } from "@mcf/contracts/money";
import {
  carrierTrackingUrl,
  type OrderConfirmation,
  type TrackingResult,
} from "@mcf/contracts/orders";
import { asc, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { orderItems, orders, type PostalAddress } from "../../db/schema/index.ts";

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export interface OrderWithItems {
  order: OrderRow;
  items: OrderItemRow[];
}

/** The order and its lines (as paid), or null. Exported for the admin screens too. */
export async function getOrderWithItems(
  db: DbOrTx,
  orderId: string,
): Promise<OrderWithItems | null> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!order) return null;
  const items = await db
    .select()
    .from(orderItems)
    .where(eq(orderItems.order_id, orderId))
    .orderBy(asc(orderItems.id));
  return { order, items };
}

export async function findOrderBySessionId(
  db: DbOrTx,
  sessionId: string,
): Promise<OrderRow | null> {
  const [order] = await db
    .select()
    .from(orders)
    .where(eq(orders.payment_session_id, sessionId))
    .limit(1);
  return order ?? null;
}

export function trackingPageUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/track/${token}`;
}

const dollars = (value: string) => toDollars(toCents(value));

/** Where the order ships: its shipping address, else the billing address. */
export function shipToAddress(order: OrderRow): PostalAddress {
  return order.shipping_address ?? order.billing_address;
}

/** The order as the success page and the confirmation call show it (orderConfirmationSchema). */
export function toOrderConfirmation(
  { order, items }: OrderWithItems,
  publicUrl: string,
): OrderConfirmation {
  return {
    order_id: order.id,
    friendly_order_id: order.friendly_order_id,
    stripe_session_id: order.payment_session_id,
    status: order.status,
    payment_status: order.payment_status,
    customer_name: order.customer_name,
    customer_email: order.customer_email,
    customer_phone: order.customer_phone,
    billing_address: order.billing_address,
    shipping_address: shipToAddress(order),
    items: items.map((item) => ({
      product_id: item.product_id,
      product_name: item.product_name,
      quantity: item.quantity,
      unit_price: dollars(item.unit_price),
      total_price: dollars(item.total_price),
      sqft_per_box: Number(item.sqft_per_box),
      total_sqft: Number(item.total_sqft),
      image_url: item.image_url,
      color: item.color,
      brand: item.brand,
      collection: item.collection,
      type: item.type,
    })),
    total_sqft: Number(order.total_sqft),
    total_cartons: order.total_cartons,
    subtotal: dollars(order.subtotal),
    coupon_code: order.coupon_code,
    discount_amount: dollars(order.discount_amount),
    shipping_cost: dollars(order.shipping_cost),
    tax_amount: dollars(order.tax_amount),
    total_amount: dollars(order.total_amount),
    tracking_url:
      order.payment_status === "paid" ? trackingPageUrl(publicUrl, order.tracking_token) : null,
    created_at: order.created_at.toISOString(),
  };
}

export function toTrackingResult(order: OrderRow): TrackingResult {
  return {
    friendly_order_id: order.friendly_order_id,
    status: order.status,
    tracking_url: carrierTrackingUrl(order.shipping_carrier, order.tracking_number),
    shipping_carrier: order.shipping_carrier,
    tracking_number: order.tracking_number,
    created_at: order.created_at.toISOString(),
    shipped_at: order.shipped_at?.toISOString() ?? null,
  };
}
