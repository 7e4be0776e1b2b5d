import { toDollars } from "@mcf/contracts/money";
import type { PaymentRequest } from "@mcf/contracts/orders";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.ts";
import { AppError, invalid } from "../../errors.ts";
import { type CartTotals, priceCart } from "../cart/cart.service.ts";
import { countReservedCouponUses } from "../coupons/coupons.service.ts";
import {
  attachPaymentSession,
  cancelUnpaid,
  type NewOrder,
  type OrderWithItems,
  placePendingOrder,
} from "../orders/orders.service.ts";
import type { PartnerUserRow } from "../partners/partners.service.ts";
import {
  type CreatedPaymentSession,
  type PaymentProvider,
  paymentSessionMinutes,
} from "./payment-provider.ts";

/** Cents as the numeric text the order tables store. */
const storedDollars = (cents: number) => toDollars(cents).toFixed(2);

/** The priced cart as the order it becomes: the amounts and product details as paid. */
function newOrderFrom(
  request: PaymentRequest,
  totals: CartTotals,
  partner: PartnerUserRow | null,
  providerName: string,
): NewOrder {
  return {
    order: {
      payment_provider: providerName,
      payment_expires_at: new Date(Date.now() + paymentSessionMinutes * 60_000),
      customer_name: request.customer_name,
      customer_email: request.customer_email,
      customer_phone: request.customer_phone,
      billing_address: request.billing_address,
      shipping_address: request.shipping_address ?? null,
      partner_user_id: partner?.id ?? null,
      coupon_code: totals.coupon?.isValid ? totals.coupon.code : null,
      subtotal: storedDollars(totals.subtotalCents),
      discount_amount: storedDollars(totals.discountCents),
      shipping_cost: storedDollars(totals.shippingCents),
      tax_amount: storedDollars(totals.taxCents),
      total_amount: storedDollars(totals.totalCents),
      total_sqft: totals.totalSqft.toFixed(2),
      total_cartons: totals.totalCartons,
      pallets_needed: totals.palletsNeeded,
    },
    items: totals.lines.map((line) => ({
      product_id: line.product.id,
      product_name: line.product.name,
      sku: line.product.sku,
      quantity: line.quantity,
      unit_price: storedDollars(line.unitPriceCents),
      total_price: storedDollars(line.totalCents),
      sqft_per_box: line.sqftPerBox.toFixed(2),
      total_sqft: line.totalSqft.toFixed(2),
      price_source: line.source,
      image_url:
        line.product.thumbnail_image_url ?? line.product.main_image_url ?? line.product.image_url,
      color: line.product.color,
      brand: line.product.brand,
      collection: line.product.collection,
      type: line.product.type,
    })),
  };
}

/**
 * In one transaction: prices the cart from the database (the browser's amounts are ignored),
 * checks the coupon under a row lock, then the orders module reserves every line's stock
 * atomically and creates the pending order. Throws 409 naming the product when stock is short,
 * 422 for an unsellable product or a coupon that no longer applies.
 */
async function createPendingOrder(
  db: Db,
  request: PaymentRequest,
  partner: PartnerUserRow | null,
  providerName: string,
): Promise<OrderWithItems> {
  return db.transaction(async (tx) => {
    const totals = await priceCart(tx, request.cart_items, {
      couponCode: request.coupon_code,
      shippingState: (request.shipping_address ?? request.billing_address).state,
      partner,
      couponLock: (code) => countReservedCouponUses(tx, code),
    });
    if (totals.coupon && !totals.coupon.isValid) throw invalid(totals.coupon.message);
    return placePendingOrder(tx, newOrderFrom(request, totals, partner, providerName));
  });
}

/**
 * `POST /api/payments/process`: cart → priced order with reserved stock → the provider's payment
 * session, which returns the shopper to `storeUrl`. When the provider fails, the order is
 * cancelled and its stock returned.
 */
export async function startCheckout(
  db: Db,
  request: PaymentRequest,
  partner: PartnerUserRow | null,
  provider: PaymentProvider,
  log: FastifyBaseLogger,
  storeUrl: string,
): Promise<CreatedPaymentSession> {
  const { order, items } = await createPendingOrder(db, request, partner, provider.name);
  let session: CreatedPaymentSession;
  try {
    session = await provider.createSession(order, items, storeUrl);
  } catch (error) {
    log.error({ err: error, orderId: order.id }, "payment provider could not open a session");
    await cancelUnpaid(db, { orderId: order.id }, "failed");
    throw new AppError(
      "unavailable",
      "We could not start the payment right now. Nothing was charged; please try again in a moment.",
    );
  }
  await attachPaymentSession(db, order.id, session);
  return session;
}
