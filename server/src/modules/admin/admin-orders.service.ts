import type { AdminOrder } from "@mcf/contracts/admin";
import { carrierTrackingUrl, type OrderStatus } from "@mcf/contracts/orders";
import { and, asc, desc, eq, inArray, ne, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client.ts";
import { orderItems, orders, products } from "../../db/schema/index.ts";
import { conflict, notFound } from "../../errors.ts";
import { writeAudit } from "../audit/audit.service.ts";

type OrderRow = typeof orders.$inferSelect;
type OrderItemRow = typeof orderItems.$inferSelect;

export function toAdminOrder(row: OrderRow, items?: OrderItemRow[]): AdminOrder {
  return {
    order_id: row.id,
    friendly_order_id: row.friendly_order_id,
    customer_name: row.customer_name,
    customer_email: row.customer_email,
    customer_phone: row.customer_phone,
    billing_address: row.billing_address,
    shipping_address: row.shipping_address ?? null,
    subtotal: Number(row.subtotal),
    coupon_code: row.coupon_code,
    discount_amount: Number(row.discount_amount),
    shipping_cost: Number(row.shipping_cost),
    tax_amount: Number(row.tax_amount),
    total_amount: Number(row.total_amount),
    status: row.status,
    payment_status: row.payment_status,
    needs_attention: row.needs_attention,
    created_at: row.created_at.toISOString(),
    paid_at: row.paid_at?.toISOString() ?? null,
    shipping_carrier: row.shipping_carrier,
    tracking_number: row.tracking_number,
    tracking_url: carrierTrackingUrl(row.shipping_carrier, row.tracking_number),
    shipped_at: row.shipped_at?.toISOString() ?? null,
    shipping_notes: row.shipping_notes,
    ...(items
      ? {
          items: items.map((item) => ({
            product_id: item.product_id,
            product_name: item.product_name,
            sku: item.sku,
            quantity: item.quantity,
            unit_price: Number(item.unit_price),
            total_price: Number(item.total_price),
            total_sqft: Number(item.total_sqft),
          })),
        }
      : {}),
  };
}

async function itemsByOrder(db: DbOrTx, orderIds: string[]): Promise<Map<string, OrderItemRow[]>> {
  const map = new Map<string, OrderItemRow[]>();
  if (orderIds.length === 0) return map;
  const rows = await db
    .select()
    .from(orderItems)
    .where(inArray(orderItems.order_id, orderIds))
    .orderBy(asc(orderItems.id));
  for (const row of rows) {
    const list = map.get(row.order_id) ?? [];
    list.push(row);
    map.set(row.order_id, list);
  }
  return map;
}

/**
 * Orders newest first. Without a status, cancelled orders are hidden (expired checkouts would
 * otherwise bury real orders); `needs_attention` keeps only orders flagged for staff.
 */
export async function listAdminOrders(
  db: Db,
  query: {
    limit: number;
    offset: number;
    status?: OrderStatus;
    include_items: boolean;
    needs_attention: boolean;
  },
): Promise<AdminOrder[]> {
  const conditions = [
    query.status ? eq(orders.status, query.status) : ne(orders.status, "cancelled"),
  ];
  if (query.needs_attention) conditions.push(eq(orders.needs_attention, true));
  const rows = await db
    .select()
    .from(orders)
    .where(and(...conditions))
    .orderBy(desc(orders.created_at), desc(orders.id))
    .limit(query.limit)
    .offset(query.offset);
  if (!query.include_items) return rows.map((row) => toAdminOrder(row));
  const items = await itemsByOrder(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toAdminOrder(row, items.get(row.id) ?? []));
}

export async function getAdminOrder(db: DbOrTx, id: string): Promise<AdminOrder> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  if (!row) throw notFound("Order not found");
  const items = await itemsByOrder(db, [id]);
  return toAdminOrder(row, items.get(id) ?? []);
}

async function lockOrder(tx: DbOrTx, id: string): Promise<OrderRow> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for("update");
  if (!row) throw notFound("Order not found");
  return row;
}

const shippedStatuses = new Set(["shipped", "delivered"]);

/**
 * Puts the boxes of a cancelled, never-shipped order back on the shelf (docs/decisions/015).
 * Only while the order still holds stock (reserved or committed), so it happens at most once.
 * The order row is locked first, then products by id (docs/decisions/006).
 */
async function returnStock(tx: DbOrTx, order: OrderRow): Promise<boolean> {
  if (order.stock_status === "released") return false;
  if (shippedStatuses.has(order.status) || order.shipped_at) return false;
  const items = await tx
    .select({ product_id: orderItems.product_id, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.order_id, order.id))
    // Products in id order, the lock order checkout and the sweeper use (no deadlocks).
    .orderBy(asc(orderItems.product_id));
  for (const item of items) {
    if (item.product_id === null) continue;
    await tx
      .update(products)
      .set({
        stock_quantity: sql`${products.stock_quantity} + ${item.quantity}`,
        updated_at: new Date(),
      })
      .where(eq(products.id, item.product_id));
  }
  await tx.update(orders).set({ stock_status: "released" }).where(eq(orders.id, order.id));
  return true;
}

const auditView = (row: OrderRow) => ({
  status: row.status,
  stock_status: row.stock_status,
  shipping_carrier: row.shipping_carrier,
  tracking_number: row.tracking_number,
  shipped_at: row.shipped_at?.toISOString() ?? null,
  shipping_notes: row.shipping_notes,
});

/**
 * Sets any of the five statuses. Shipped stamps shipped_at when it
 * is empty; cancelling an unshipped order returns its stock.
 */
export async function updateOrderStatus(db: Db, id: string, status: OrderStatus): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockOrder(tx, id);
    let stockReturned = false;
    if (status === "cancelled" && before.status !== "cancelled") {
      stockReturned = await returnStock(tx, before);
    }
    const [after] = await tx
      .update(orders)
      .set({
        status,
        updated_at: new Date(),
        ...(status === "shipped" && !before.shipped_at ? { shipped_at: new Date() } : {}),
      })
      .where(eq(orders.id, id))
      .returning();
    if (!after) throw notFound("Order not found");
    await writeAudit(tx, {
      action: "order.status",
      entityType: "order",
      entityId: id,
      before: auditView(before),
      after: { ...auditView(after), ...(stockReturned ? { stock_returned: true } : {}) },
    });
  });
}

export interface ShippingInput {
  shipping_carrier: string | null;
  tracking_number: string | null;
  shipped_at: string | null;
  shipping_notes: string | null;
  mark_shipped: boolean;
}

/**
 * Saves the shipping form. mark_shipped moves a pending or processing order to shipped and
 * stamps shipped_at with now when the form leaves it empty (docs/decisions/015); a delivered
 * order stays delivered, a cancelled one cannot be marked shipped.
 */
export async function updateShipping(db: Db, id: string, input: ShippingInput): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockOrder(tx, id);
    if (input.mark_shipped && before.status === "cancelled") {
      throw conflict("A cancelled order cannot be marked as shipped");
    }
    let shippedAt = input.shipped_at ? new Date(input.shipped_at) : null;
    let status = before.status;
    if (input.mark_shipped) {
      shippedAt ??= new Date();
      if (status === "pending" || status === "processing") status = "shipped";
    }
    const [after] = await tx
      .update(orders)
      .set({
        shipping_carrier: input.shipping_carrier,
        tracking_number: input.tracking_number,
        shipped_at: shippedAt,
        shipping_notes: input.shipping_notes,
        status,
        updated_at: new Date(),
      })
      .where(eq(orders.id, id))
      .returning();
    if (!after) throw notFound("Order not found");
    await writeAudit(tx, {
      action: "order.shipping",
      entityType: "order",
      entityId: id,
      before: auditView(before),
      after: auditView(after),
    });
  });
}

/** Records that staff sent an email about an order (resend confirmation, shipped notice). */
export async function auditOrderEmail(db: Db, id: string, action: string): Promise<void> {
  await writeAudit(db, { action, entityType: "order", entityId: id });
}
