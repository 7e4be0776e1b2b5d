import type { OrderStatus } from "@mcf/contracts/orders";
import { and, asc, desc, eq, ilike, inArray, lt, ne, or, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { sameEmail } from "../../db/same-email.ts";
import { type OrderItemRow, type OrderRow, orderItems, orders } from "../../db/schema/orders.ts";
import { newFriendlyOrderId, newTrackingToken } from "./order-identifiers.ts";

export interface OrderWithItems {
  order: OrderRow;
  items: OrderItemRow[];
}

/** How callers name one order. */
export type OrderKey = { orderId: string } | { sessionId: string } | { trackingToken: string };

function whereKey(key: OrderKey): SQL {
  if ("orderId" in key) return eq(orders.id, key.orderId);
  if ("sessionId" in key) return eq(orders.payment_session_id, key.sessionId);
  return eq(orders.tracking_token, key.trackingToken);
}

export async function findOrder(db: DbOrTx, key: OrderKey): Promise<OrderRow | null> {
  const [order] = await db.select().from(orders).where(whereKey(key)).limit(1);
  return order ?? null;
}

/** The orders with these ids. */
export async function findOrders(db: DbOrTx, ids: string[]): Promise<OrderRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(orders).where(inArray(orders.id, ids));
}

/** The paid order with this friendly number placed with this email (both exact), or null. */
export async function findPaidOrderByNumberAndEmail(
  db: DbOrTx,
  friendlyOrderId: string,
  email: string,
): Promise<OrderRow | null> {
  const [order] = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.friendly_order_id, friendlyOrderId),
        sameEmail(orders.customer_email, email),
        eq(orders.payment_status, "paid"),
      ),
    )
    .limit(1);
  return order ?? null;
}

/** The order, locked for update until the transaction ends (the row lock every change takes first). */
export async function lockOrder(tx: DbOrTx, key: OrderKey): Promise<OrderRow | null> {
  const [order] = await tx.select().from(orders).where(whereKey(key)).for("update");
  return order ?? null;
}

/** The lines of some orders (as paid), by order id. */
export async function itemsByOrder(
  db: DbOrTx,
  orderIds: string[],
): Promise<Map<string, OrderItemRow[]>> {
  const map = new Map<string, OrderItemRow[]>();
  if (orderIds.length === 0) return map;
  const rows = await db
    .select()
    .from(orderItems)
    .where(inArray(orderItems.order_id, orderIds))
    .orderBy(asc(orderItems.id));
  for (const row of rows) map.set(row.order_id, [...(map.get(row.order_id) ?? []), row]);
  return map;
}

/** The order and its lines, or null. */
export async function getOrderWithItems(
  db: DbOrTx,
  orderId: string,
): Promise<OrderWithItems | null> {
  const order = await findOrder(db, { orderId });
  if (!order) return null;
  return { order, items: (await itemsByOrder(db, [orderId])).get(orderId) ?? [] };
}

export type NewOrderRow = Omit<
  typeof orders.$inferInsert,
  "id" | "friendly_order_id" | "tracking_token"
>;
export type NewOrderItemRow = Omit<typeof orderItems.$inferInsert, "id" | "order_id">;

/**
 * Inserts an order and its lines with a new friendly id and tracking token. A friendly id is
 * short, so it can collide: the insert is retried inside a savepoint with a new one.
 */
export async function insertOrder(
  tx: DbOrTx,
  values: NewOrderRow,
  items: NewOrderItemRow[],
): Promise<OrderWithItems> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await tx.transaction(async (sp) => {
        const [order] = await sp
          .insert(orders)
          .values({
            ...values,
            friendly_order_id: newFriendlyOrderId(),
            tracking_token: newTrackingToken(),
          })
          .returning();
        if (!order) throw new Error("order insert returned nothing");
        const inserted = await sp
          .insert(orderItems)
          .values(items.map((item) => ({ ...item, order_id: order.id })))
          .returning();
        return { order, items: inserted };
      });
    } catch (error) {
      if (attempt < 4 && isUniqueViolation(error, "friendly_order_id")) continue;
      throw error;
    }
  }
}

/** Changes some columns of one order (always stamping updated_at) and returns the row after. */
export async function updateOrder(
  tx: DbOrTx,
  orderId: string,
  values: Partial<typeof orders.$inferInsert>,
): Promise<OrderRow> {
  const [after] = await tx
    .update(orders)
    .set({ ...values, updated_at: new Date() })
    .where(eq(orders.id, orderId))
    .returning();
  if (!after) throw new Error(`order ${orderId} vanished while locked`);
  return after;
}

/** `text` as an ILIKE pattern that matches it anywhere, its own % and _ taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Orders whose number, customer name, email or phone holds `search` (case-insensitive). A phone
 * also matches by its digits alone, so "205 555" finds "(205) 555-0100".
 */
function matchesSearch(search: string): SQL | undefined {
  const pattern = containsPattern(search);
  const digits = search.replace(/\D/g, "");
  return or(
    ilike(orders.friendly_order_id, pattern),
    ilike(orders.customer_name, pattern),
    ilike(orders.customer_email, pattern),
    ilike(orders.customer_phone, pattern),
    digits.length >= 3
      ? sql`regexp_replace(${orders.customer_phone}, '\\D', '', 'g') like ${`%${digits}%`}`
      : undefined,
  );
}

/**
 * Orders newest first. Without a status, cancelled orders are hidden (expired checkouts would
 * otherwise bury real orders); `needsAttention` keeps only orders flagged for staff; `search`
 * keeps the orders whose number, customer name, email or phone holds it.
 */
export async function listOrders(
  db: DbOrTx,
  query: {
    limit: number;
    offset: number;
    status?: OrderStatus;
    needsAttention: boolean;
    search?: string;
  },
): Promise<OrderRow[]> {
  const conditions: Array<SQL | undefined> = [
    query.status ? eq(orders.status, query.status) : ne(orders.status, "cancelled"),
  ];
  if (query.needsAttention) conditions.push(eq(orders.needs_attention, true));
  if (query.search) conditions.push(matchesSearch(query.search));
  return db
    .select()
    .from(orders)
    .where(and(...conditions))
    .orderBy(desc(orders.created_at), desc(orders.id))
    .limit(query.limit)
    .offset(query.offset);
}

/** Unpaid orders whose payment window closed before `now`, locked; rows others hold are skipped. */
export async function lockOverdueUnpaidOrders(
  tx: DbOrTx,
  now: Date,
  batchSize: number,
): Promise<OrderRow[]> {
  return tx
    .select()
    .from(orders)
    .where(and(eq(orders.payment_status, "unpaid"), lt(orders.payment_expires_at, now)))
    .orderBy(asc(orders.payment_expires_at))
    .limit(batchSize)
    .for("update", { skipLocked: true });
}
