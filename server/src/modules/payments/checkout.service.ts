import { toDollars } from "@mcf/contracts/money";
import type { PaymentRequest } from "@mcf/contracts/orders";
import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db, Tx } from "../../db/client.ts";
import { orderItems, orders } from "../../db/schema/index.ts";
import { AppError, conflict, invalid } from "../../errors.ts";
import { type CartTotals, priceCart } from "../cart/cart-pricing.ts";
import { countReservedCouponUses } from "../coupons/coupons.service.ts";
import { newFriendlyOrderId, newTrackingToken } from "../orders/order-identifiers.ts";
import type { OrderItemRow, OrderRow } from "../orders/order-reads.ts";
import type { PartnerUserRow } from "../partners/partner-session.ts";
import { releaseUnpaidOrder } from "./fulfilment.ts";
import {
  type CreatedPaymentSession,
  type PaymentProvider,
  paymentSessionMinutes,
} from "./payment-provider.ts";
import { takeStock } from "./stock.ts";

const money = (cents: number) => toDollars(cents).toFixed(2);

function isUniqueViolation(error: unknown, constraint: string): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const e = current as { code?: string; constraint?: string; cause?: unknown };
    if (e.code === "23505" && (e.constraint ?? "").includes(constraint)) return true;
    current = e.cause;
  }
  return false;
}

function stockConflictDetail(name: string, available: number): string {
  if (available <= 0) return `Sorry, "${name}" is out of stock. Please remove it from your cart.`;
  return `Sorry, only ${available} ${available === 1 ? "box" : "boxes"} of "${name}" ${available === 1 ? "is" : "are"} left. Please lower the quantity in your cart.`;
}

async function insertOrder(
  tx: Tx,
  request: PaymentRequest,
  totals: CartTotals,
  partner: PartnerUserRow | null,
  providerName: string,
): Promise<{ order: OrderRow; items: OrderItemRow[] }> {
  // A friendly id is short, so it can collide: retry inside a savepoint with a new one.
  for (let attempt = 0; ; attempt++) {
    try {
      return await tx.transaction(async (sp) => {
        const [order] = await sp
          .insert(orders)
          .values({
            friendly_order_id: newFriendlyOrderId(),
            payment_provider: providerName,
            payment_expires_at: new Date(Date.now() + paymentSessionMinutes * 60_000),
            tracking_token: newTrackingToken(),
            customer_name: request.customer_name,
            customer_email: request.customer_email,
            customer_phone: request.customer_phone,
            billing_address: request.billing_address,
            shipping_address: request.shipping_address ?? null,
            partner_user_id: partner?.id ?? null,
            coupon_code: totals.coupon?.isValid ? totals.coupon.code : null,
            subtotal: money(totals.subtotalCents),
            discount_amount: money(totals.discountCents),
            shipping_cost: money(totals.shippingCents),
            tax_amount: money(totals.taxCents),
            total_amount: money(totals.totalCents),
            total_sqft: totals.totalSqft.toFixed(2),
            total_cartons: totals.totalCartons,
            pallets_needed: totals.palletsNeeded,
          })
          .returning();
        if (!order) throw new Error("order insert returned nothing");
        const items = await sp
          .insert(orderItems)
          .values(
            totals.lines.map((line) => ({
              order_id: order.id,
              product_id: line.product.id,
              product_name: line.product.name,
              sku: line.product.sku,
              quantity: line.quantity,
              unit_price: money(line.unitPriceCents),
              total_price: money(line.totalCents),
              sqft_per_box: line.sqftPerBox.toFixed(2),
              total_sqft: line.totalSqft.toFixed(2),
              price_source: line.source,
              image_url:
                line.product.thumbnail_image_url ??
                line.product.main_image_url ??
                line.product.image_url,
              color: line.product.color,
              brand: line.product.brand,
              collection: line.product.collection,
              type: line.product.type,
            })),
          )
          .returning();
        return { order, items };
      });
    } catch (error) {
      if (attempt < 4 && isUniqueViolation(error, "friendly_order_id")) continue;
      throw error;
    }
  }
}

/**
 * In one transaction: prices the cart from the database (the browser's amounts are ignored),
 * checks the coupon under a row lock, reserves every line's stock atomically and creates the
 * pending order with its lines. Throws 409 naming the product when stock is short, 422 for an
 * unsellable product or a coupon that no longer applies.
 */
export async function createPendingOrder(
  db: Db,
  request: PaymentRequest,
  partner: PartnerUserRow | null,
  providerName: string,
): Promise<{ order: OrderRow; items: OrderItemRow[] }> {
  return db.transaction(async (tx) => {
    const totals = await priceCart(tx, request.cart_items, {
      couponCode: request.coupon_code,
      shippingState: (request.shipping_address ?? request.billing_address).state,
      partner,
      couponLock: (code) => countReservedCouponUses(tx, code),
    });
    if (totals.coupon && !totals.coupon.isValid) throw invalid(totals.coupon.message);
    const short = await takeStock(
      tx,
      totals.lines.map((line) => ({ productId: line.product.id, quantity: line.quantity })),
    );
    if (short) {
      const name = totals.lines.find((line) => line.product.id === short.productId)?.product.name;
      throw conflict(stockConflictDetail(name ?? `Product ${short.productId}`, short.available));
    }
    return insertOrder(tx, request, totals, partner, providerName);
  });
}

/**
 * `POST /api/payments/process`: reserves stock in a pending order, then opens the provider's
 * payment session. When the provider fails, the order is cancelled and its stock returned.
 */
export async function startCheckout(
  db: Db,
  request: PaymentRequest,
  partner: PartnerUserRow | null,
  provider: PaymentProvider,
  log: FastifyBaseLogger,
): Promise<CreatedPaymentSession> {
  const { order, items } = await createPendingOrder(db, request, partner, provider.name);
  let session: CreatedPaymentSession;
  try {
    session = await provider.createSession(order, items);
  } catch (error) {
    log.error({ err: error, orderId: order.id }, "payment provider could not open a session");
    await releaseUnpaidOrder(db, { orderId: order.id }, "failed");
    throw new AppError(
      "unavailable",
      "We could not start the payment right now. Nothing was charged; please try again in a moment.",
    );
  }
  await db
    .update(orders)
    .set({
      payment_session_id: session.id,
      payment_expires_at: session.expiresAt,
      updated_at: new Date(),
    })
    .where(eq(orders.id, order.id));
  return session;
}
