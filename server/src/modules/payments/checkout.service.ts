import { randomBytes } from "node:crypto";
import type { DeliveryMethod } from "@mcf/contracts/delivery";
import type { PaymentRequest } from "@mcf/contracts/orders";
import { finalSaleNotAcknowledged } from "@mcf/contracts/returns";
import type { FastifyBaseLogger } from "fastify";
import type { Db, DbOrTx } from "../../db/client.ts";
import type { PaymentIdempotencyKeyRow } from "../../db/schema/payments.ts";
import { AppError, invalid } from "../../errors.ts";
import { type CartTotals, isFinalSale, priceCart, type StoreRates } from "../cart/cart.service.ts";
import { countReservedCouponUses } from "../coupons/coupons.service.ts";
import type { StoredDeliveryAnswers } from "../orders/orders.service.ts";
import {
  attachPaymentSession,
  cancelUnpaid,
  markPaid,
  type NewOrder,
  type OrderWithItems,
  placePendingOrder,
  shortStockError,
} from "../orders/orders.service.ts";
import type { PartnerUserRow } from "../partners/partners.service.ts";
import { backorderableBoxes } from "../purchasing/purchasing.service.ts";
import {
  claimIdempotencyKey,
  forgetIdempotencyKey,
  type IdempotencyClaim,
  idempotencyClaim,
  keyWasClaimed,
  recordKeyOrder,
  recordKeySession,
  sessionOfRepeatedKey,
} from "./idempotency-keys.ts";
import {
  type CreatedPaymentSession,
  type PaymentProvider,
  paymentExpiresAt,
} from "./payment-provider.ts";

/**
 * What the driver needs for a delivery by truck (freight or our own): site access, stairs and
 * who to call for the appointment, the customer's phone when no other is given. A pickup or a
 * parcel needs none.
 */
function deliveryAnswersFor(
  request: PaymentRequest,
  method: DeliveryMethod,
): StoredDeliveryAnswers | null {
  if (method !== "freight" && method !== "local") return null;
  const answers = request.delivery_answers;
  return {
    site_access: answers?.site_access ?? null,
    stairs: answers?.stairs ?? null,
    appointment_phone: answers?.appointment_phone || request.customer_phone,
  };
}

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
      payment_expires_at: paymentExpiresAt(),
      customer_name: request.customer_name,
      customer_email: request.customer_email,
      customer_phone: request.customer_phone,
      billing_address: request.billing_address,
      shipping_address: request.shipping_address ?? null,
      partner_user_id: partner?.id ?? null,
      coupon_code: totals.coupon?.isValid ? totals.coupon.code : null,
      subtotal_cents: totals.subtotalCents,
      discount_amount_cents: totals.discountCents,
      shipping_cost_cents: totals.shippingCents,
      tax_amount_cents: totals.taxCents,
      total_amount_cents: totals.totalCents,
      total_sqft: totals.totalSqft.toFixed(2),
      total_cartons: totals.totalCartons,
      pallets_needed: totals.palletsNeeded,
      delivery_method: totals.delivery.chosen.method,
      delivery_services: totals.delivery.services,
      delivery_estimated_date: totals.delivery.chosen.estimatedDate,
      delivery_answers: deliveryAnswersFor(request, totals.delivery.chosen.method),
    },
    items: totals.lines.map((line) => ({
      product_id: line.product.id,
      product_name: line.product.name,
      sku: line.product.sku,
      quantity: line.quantity,
      unit_price_cents: line.unitPriceCents,
      total_price_cents: line.totalCents,
      sqft_per_box: line.sqftPerBox.toFixed(2),
      total_sqft: line.totalSqft.toFixed(2),
      price_source: line.source,
      final_sale: isFinalSale(line),
      image_url:
        line.product.thumbnail_image_url ?? line.product.main_image_url ?? line.product.image_url,
      color: line.product.color,
      brand: line.product.brand,
      collection: line.product.collection,
      type: line.product.type,
      kind: line.kind,
      selling_unit: line.kind === "sample" ? "box" : line.product.selling_unit,
    })),
    itemLotIds: totals.lines.map((line) => line.lot?.lotId ?? null),
  };
}

/**
 * Throws the sold-out answer (409 naming the product and the boxes left) when a line wants more
 * boxes than are on the shelf now and open purchase orders do not cover the rest: one read (two
 * more when a line is short), no lock. Not for a repeat of a claimed key, whose
 * first request may hold the very boxes it would answer with. Samples never touch box stock.
 */
async function refuseIfSoldOut(
  db: DbOrTx,
  request: PaymentRequest,
  claim: IdempotencyClaim | null,
): Promise<void> {
  const soldOut = await shortStockError(
    db,
    request.cart_items
      .filter((line) => line.kind !== "sample")
      .map((line) => ({ productId: line.product_id, quantity: line.quantity })),
    backorderableBoxes,
  );
  if (soldOut && !(claim && (await keyWasClaimed(db, claim)))) throw soldOut;
}

/**
 * In one transaction: checks the stock again (one read), claims the idempotency key (when given; a key already claimed answers with
 * its row and nothing else happens), prices the cart from the database (the browser's amounts are
 * ignored), checks the coupon and the delivery method (refused with 422, before any stock is
 * touched, when not offered for the ship-to ZIP code) under a row lock, then the orders module
 * reserves every line's stock atomically and creates the pending order. Throws 409 naming the
 * product when stock is short, 422 for an unsellable product or a coupon that no longer applies;
 * then the transaction, the key's claim included, rolls back.
 */
async function createPendingOrder(
  db: Db,
  request: PaymentRequest,
  partner: PartnerUserRow | null,
  rates: StoreRates,
  providerName: string,
  claim: IdempotencyClaim | null,
): Promise<{ created: OrderWithItems } | { repeated: PaymentIdempotencyKeyRow }> {
  const shipTo = request.shipping_address ?? request.billing_address;
  return db.transaction(async (tx) => {
    // Sold out by now? Checked again once this checkout holds a connection: in a rush the buyers
    // ahead of it in the pool's queue may have taken the last boxes while it waited, and the
    // answer is then one read, not a key claim, a pricing and a refused reservation.
    await refuseIfSoldOut(tx, request, claim);
    // The key first: the same lock order as every checkout (key, coupon, products).
    const repeated = claim ? await claimIdempotencyKey(tx, claim) : null;
    if (repeated) return { repeated };
    const totals = await priceCart(tx, request.cart_items, {
      couponCode: request.coupon_code,
      shippingState: shipTo.state,
      shippingZip: shipTo.zip_code,
      deliveryMethod: request.delivery_method,
      freightServices: request.freight_services,
      partner,
      rates,
      couponLock: (code) => countReservedCouponUses(tx, code),
      customerEmail: request.customer_email,
    });
    if (totals.coupon && !totals.coupon.isValid) throw invalid(totals.coupon.message);
    // Closeouts are final sale: the shopper says so before paying.
    if (totals.lines.some(isFinalSale) && !request.final_sale_acknowledged)
      throw invalid(finalSaleNotAcknowledged);
    // Boxes open purchase orders cover are backordered rather than refused.
    const created = await placePendingOrder(
      tx,
      newOrderFrom(request, totals, partner, providerName),
      backorderableBoxes,
    );
    if (claim) await recordKeyOrder(tx, claim, created.order.id);
    return { created };
  });
}

/**
 * The "session" of an order with nothing to pay: an id of our own (never a provider's) and the
 * confirmation page as its address.
 */
function freeOrderSession(order: OrderWithItems["order"], storeUrl: string): CreatedPaymentSession {
  const id = `free_${randomBytes(24).toString("base64url")}`;
  return {
    id,
    url: `${storeUrl}/success?session_id=${encodeURIComponent(id)}`,
    expiresAt: order.payment_expires_at,
  };
}

/**
 * `POST /api/payments/process`: cart → priced order with reserved stock → the provider's payment
 * session, which returns the shopper to `storeUrl`. When the provider fails, the order is
 * cancelled and its stock returned. With an `idempotencyKey`, a repeat of the same request
 * answers with the first one's session (one order, one reservation); see idempotency-keys.ts.
 * An order that totals $0 (free samples shipped free) opens no payment page (Stripe Checkout
 * refuses an amount of 0): it is marked paid at once through the same `markPaid` (exactly once,
 * with its confirmation email, links built from `publicUrl`) and the answer's url is the
 * confirmation page.
 */
export async function startCheckout(
  db: Db,
  request: PaymentRequest,
  partner: PartnerUserRow | null,
  rates: StoreRates,
  provider: PaymentProvider,
  log: FastifyBaseLogger,
  storeUrl: string,
  idempotencyKey?: string,
  publicUrl: string = storeUrl,
): Promise<{ id: string; url: string }> {
  const claim = idempotencyKey ? idempotencyClaim(idempotencyKey, request, partner) : null;
  // Sold out already: answer at once, before any transaction (most of a closeout rush ends here).
  await refuseIfSoldOut(db, request, claim);
  const pending = await createPendingOrder(db, request, partner, rates, provider.name, claim);
  if ("repeated" in pending) {
    // Only reached with a claim: a repeat needs a key.
    return sessionOfRepeatedKey(db, claim as IdempotencyClaim, pending.repeated);
  }
  const { order, items } = pending.created;
  if (order.total_amount_cents === 0) {
    const free = freeOrderSession(order, storeUrl);
    await attachPaymentSession(db, order.id, free);
    await markPaid(db, free.id, { publicUrl, metrics: provider.metrics });
    if (claim) await recordKeySession(db, claim, free);
    return { id: free.id, url: free.url };
  }
  let session: CreatedPaymentSession;
  try {
    session = await provider.createSession(order, items, storeUrl);
  } catch (error) {
    log.error({ err: error, orderId: order.id }, "payment provider could not open a session");
    await cancelUnpaid(db, { orderId: order.id }, "failed", provider.metrics);
    if (claim) await forgetIdempotencyKey(db, claim);
    throw new AppError(
      "unavailable",
      "We could not start the payment right now. Nothing was charged; please try again in a moment.",
    );
  }
  await attachPaymentSession(db, order.id, session);
  if (claim) await recordKeySession(db, claim, session);
  return { id: session.id, url: session.url };
}
