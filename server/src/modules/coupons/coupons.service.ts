import { formatUsd, multiplyCents, toDollars } from "@mcf/contracts/money";
import { and, eq, gt, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { coupons } from "../../db/schema/coupons.ts";
import { orders } from "../../db/schema/orders.ts";

// The coupons module's public entry: other modules import only this file. Staff editing lives
// beside it and is offered from here.
export {
  couponAmountColumns,
  createAdminCoupon,
  listAdminCoupons,
  updateAdminCoupon,
} from "./coupon-admin.service.ts";
export { couponHasExpired } from "./coupon-expiry.ts";

import { sameEmail } from "../../db/same-email.ts";
import { couponHasExpired } from "./coupon-expiry.ts";

export type CouponRow = typeof coupons.$inferSelect;

export interface CouponCheck {
  isValid: boolean;
  message: string;
  discountCents: number;
  /** The stored (upper-case) code when valid. */
  code: string | null;
}

/** Dates in coupon expiry are read as Birmingham calendar days. */

export function normalizeCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

/**
 * Discount in cents for a valid coupon on a subtotal, never more than the subtotal; a percent
 * discount rounds half up once, like every other price.
 */
export function couponDiscountCents(coupon: CouponRow, subtotalCents: number): number {
  const cents =
    coupon.kind === "percent"
      ? multiplyCents(subtotalCents, Number(coupon.percent_off) / 100)
      : (coupon.amount_off_cents ?? 0);
  return Math.max(0, Math.min(subtotalCents, cents));
}

function offerText(coupon: CouponRow): string {
  return coupon.kind === "percent"
    ? `${Number(coupon.percent_off)}% off`
    : `${formatUsd(toDollars(coupon.amount_off_cents ?? 0))} off`;
}

/**
 * Applies the coupon rules to a subtotal: unknown, inactive, expired, used up and
 * below-minimum codes are answered as invalid with a reason, never thrown.
 * `reservedUses` counts unpaid orders that already hold the coupon (payment time only).
 */
export function evaluateCoupon(
  coupon: CouponRow | null,
  subtotalCents: number,
  now: Date,
  reservedUses = 0,
  usedByCustomer = false,
): CouponCheck {
  const invalid = (message: string): CouponCheck => ({
    isValid: false,
    message,
    discountCents: 0,
    code: null,
  });
  if (!coupon) return invalid("Invalid coupon code");
  if (!coupon.active) return invalid("This coupon is no longer active");
  if (couponHasExpired(coupon.expires_at, now)) return invalid("This coupon has expired");
  if (coupon.usage_limit !== null && coupon.times_used + reservedUses >= coupon.usage_limit)
    return invalid("This coupon has reached its usage limit");
  if (coupon.once_per_customer && usedByCustomer)
    return invalid("This coupon can be used once per customer, and this email address has used it");
  if (subtotalCents < coupon.min_subtotal_cents)
    return invalid(
      `This coupon requires a minimum order of ${formatUsd(toDollars(coupon.min_subtotal_cents))} (before shipping and tax)`,
    );
  const discountCents = couponDiscountCents(coupon, subtotalCents);
  return {
    isValid: true,
    message: `Coupon applied: ${offerText(coupon)}`,
    discountCents,
    code: coupon.code,
  };
}

/** The coupon with this code (case-insensitive), optionally locked for the rest of a transaction. */
export async function findCoupon(
  db: DbOrTx,
  code: string,
  options: { forUpdate?: boolean } = {},
): Promise<CouponRow | null> {
  const query = db
    .select()
    .from(coupons)
    .where(eq(coupons.code, normalizeCouponCode(code)))
    .limit(1);
  const [row] = options.forUpdate ? await query.for("update") : await query;
  return row ?? null;
}

/** Checks a code against a subtotal for `GET /api/coupons/{code}` and the cart calculation. */
export async function checkCoupon(
  db: DbOrTx,
  code: string,
  subtotalCents: number,
  now = new Date(),
): Promise<CouponCheck> {
  return evaluateCoupon(await findCoupon(db, code), subtotalCents, now);
}

/** An open checkout: an order unpaid whose payment has not expired yet. */
function openCheckout() {
  return and(eq(orders.payment_status, "unpaid"), gt(orders.payment_expires_at, new Date()));
}

/**
 * Open checkouts holding a coupon: they count against its usage limit so a limited coupon cannot
 * be reserved by more shoppers than it has uses left.
 */
export async function countReservedCouponUses(db: DbOrTx, code: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(eq(orders.coupon_code, code), openCheckout()));
  return Number(row?.count ?? 0);
}

/**
 * Whether an email has used a one-per-customer coupon: an order paid with it, or an open checkout
 * (unpaid, not expired) holding it. Emails compare case-insensitively.
 */
export async function customerHasUsedCoupon(
  db: DbOrTx,
  code: string,
  email: string,
): Promise<boolean> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(orders)
    .where(
      and(
        eq(orders.coupon_code, code),
        sameEmail(orders.customer_email, email),
        or(eq(orders.payment_status, "paid"), openCheckout()),
      ),
    );
  return Number(row?.count ?? 0) > 0;
}

/** Counts one use of a coupon; called once per paid order by fulfilment. */
export async function recordCouponUse(db: DbOrTx, code: string): Promise<void> {
  await db
    .update(coupons)
    .set({ times_used: sql`${coupons.times_used} + 1`, updated_at: new Date() })
    .where(eq(coupons.code, code));
}
