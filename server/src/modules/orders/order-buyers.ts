import { and, asc, eq, gt, lte, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { sameEmail } from "../../db/same-email.ts";
import { orderItems, orders } from "../../db/schema/orders.ts";

/** A line that bought boxes and kept some: paid, its order not cancelled, not every box cancelled. */
const keptBoxLine = and(
  eq(orders.payment_status, "paid"),
  ne(orders.status, "cancelled"),
  eq(orderItems.kind, "box"),
  gt(orderItems.quantity, orderItems.cancelled_quantity),
);

/**
 * Whether this email bought this product: an order to the email (any case) paid and not
 * cancelled, with a line of the product's boxes not all cancelled. Samples do not count.
 */
export async function emailBoughtProduct(
  db: DbOrTx,
  email: string,
  productId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.order_id))
    .where(
      and(
        keptBoxLine,
        eq(orderItems.product_id, productId),
        sameEmail(orders.customer_email, email),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** A delivered line of boxes, as a review request needs it. */
export interface DeliveredLine {
  orderItemId: number;
  productId: number;
  productName: string;
  orderId: string;
  friendlyOrderId: string;
  customerName: string;
  customerEmail: string;
  deliveredAt: Date;
}

/**
 * Lines of boxes (of a product still in the catalogue) of delivered orders: those delivered
 * between `deliveredAfter` and `deliveredBy`, or those of one order. Oldest delivery first.
 */
export async function listDeliveredLines(
  db: DbOrTx,
  which: { deliveredAfter: Date; deliveredBy: Date } | { orderId: string },
): Promise<DeliveredLine[]> {
  const rows = await db
    .select({
      orderItemId: orderItems.id,
      productId: orderItems.product_id,
      productName: orderItems.product_name,
      orderId: orders.id,
      friendlyOrderId: orders.friendly_order_id,
      customerName: orders.customer_name,
      customerEmail: orders.customer_email,
      deliveredAt: orders.delivered_at,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.order_id))
    .where(
      and(
        keptBoxLine,
        eq(orders.status, "delivered"),
        ...("orderId" in which
          ? [eq(orders.id, which.orderId)]
          : [
              lte(orders.delivered_at, which.deliveredBy),
              gt(orders.delivered_at, which.deliveredAfter),
            ]),
        sql`${orderItems.product_id} is not null`,
      ),
    )
    .orderBy(asc(orders.delivered_at), asc(orderItems.id));
  return rows.flatMap((row) =>
    row.productId === null || row.deliveredAt === null
      ? []
      : [{ ...row, productId: row.productId, deliveredAt: row.deliveredAt }],
  );
}
