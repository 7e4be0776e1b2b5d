import type { AdminCoupon, CouponCreate, CouponPatch } from "@mcf/contracts/admin";
import { toCents, toDollars } from "@mcf/contracts/money";
import { desc, eq, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { coupons } from "../../db/schema/coupons.ts";
import { orders } from "../../db/schema/orders.ts";
import { conflict, invalid, notFound } from "../../errors.ts";
import { auditChanges, writeAudit } from "../audit/audit.service.ts";
import { couponHasExpired } from "./coupon-expiry.ts";

type CouponRow = typeof coupons.$inferSelect;

function toAdminCoupon(row: CouponRow, ordersCount: number): AdminCoupon {
  return {
    id: row.id,
    code: row.code,
    description: row.description,
    kind: row.kind,
    // One "value" in the API: the percent of a percent coupon, the dollars of a fixed one.
    value: row.kind === "percent" ? Number(row.percent_off) : toDollars(row.amount_off_cents ?? 0),
    min_subtotal: toDollars(row.min_subtotal_cents),
    expires_at: row.expires_at,
    usage_limit: row.usage_limit,
    once_per_customer: row.once_per_customer,
    times_used: row.times_used,
    orders_count: ordersCount,
    active: row.active,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

const ordersCount = sql<number>`(select count(*)::int from ${orders} where upper(${orders.coupon_code}) = ${coupons.code})`;

/** Every coupon, newest first, with how many orders used it. */
export async function listAdminCoupons(db: Db): Promise<AdminCoupon[]> {
  const rows = await db
    .select({ coupon: coupons, orders_count: ordersCount })
    .from(coupons)
    .orderBy(desc(coupons.created_at), desc(coupons.id));
  return rows.map((r) => toAdminCoupon(r.coupon, Number(r.orders_count)));
}

async function getCoupon(db: DbOrTx, id: number): Promise<AdminCoupon> {
  const [row] = await db
    .select({ coupon: coupons, orders_count: ordersCount })
    .from(coupons)
    .where(eq(coupons.id, id));
  if (!row) throw notFound("Coupon not found");
  return toAdminCoupon(row.coupon, Number(row.orders_count));
}

/**
 * The amount columns of a coupon of this kind and value (a percent, or dollars off): a percent
 * coupon keeps its percent with two decimals, a fixed one's dollars become cents; the other
 * column is emptied, as the table requires.
 */
export function couponAmountColumns(
  kind: "percent" | "fixed",
  value: number | string,
): Pick<typeof coupons.$inferInsert, "percent_off" | "amount_off_cents"> {
  return kind === "percent"
    ? { percent_off: Number(value).toFixed(2), amount_off_cents: null }
    : { percent_off: null, amount_off_cents: toCents(value) };
}

/**
 * The columns an edit changes. Kind and value are written together (the kind the coupon has when
 * only the value is sent, and its value when only the kind is): they decide one amount column.
 */
function couponColumns(
  input: CouponPatch,
  current?: { kind: "percent" | "fixed"; value: number },
): Partial<typeof coupons.$inferInsert> {
  const values: Partial<typeof coupons.$inferInsert> = {};
  if (input.code !== undefined) values.code = String(input.code).trim().toUpperCase();
  if (input.description !== undefined) values.description = input.description ?? null;
  if (input.kind !== undefined) values.kind = input.kind;
  if (input.kind !== undefined || input.value !== undefined) {
    const kind = input.kind ?? current?.kind;
    const value = input.value ?? current?.value;
    if (kind === undefined || value === undefined)
      throw invalid("A coupon needs a kind and a value");
    Object.assign(values, couponAmountColumns(kind, value as number | string));
  }
  if (input.min_subtotal !== undefined)
    values.min_subtotal_cents = toCents((input.min_subtotal as number | string | null) ?? 0);
  if (input.expires_at !== undefined)
    values.expires_at = (input.expires_at as string | null) ?? null;
  if (input.usage_limit !== undefined)
    values.usage_limit = (input.usage_limit as number | null) ?? null;
  if (input.once_per_customer !== undefined) values.once_per_customer = input.once_per_customer;
  if (input.active !== undefined) values.active = input.active;
  return values;
}

export async function createAdminCoupon(
  db: Db,
  input: CouponCreate,
  actor: string,
): Promise<AdminCoupon> {
  // A coupon born expired would be refused at every checkout: say so while staff can fix it.
  if (input.expires_at && couponHasExpired(input.expires_at as string, new Date()))
    throw invalid("The expiry date has already passed: choose a later date or leave it empty.");
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(coupons)
        .values(couponColumns({ min_subtotal: 0, ...input }) as typeof coupons.$inferInsert)
        .returning();
      if (!row) throw new Error("coupon insert returned nothing");
      const coupon = await getCoupon(tx, row.id);
      await writeAudit(tx, {
        actor,
        action: "coupon.create",
        entityType: "coupon",
        entityId: row.id,
        after: coupon,
      });
      return coupon;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict("A coupon with that code already exists");
    throw error;
  }
}

/** Edits a coupon; deactivating is `{active: false}` (coupons are never deleted: orders name them). */
export async function updateAdminCoupon(
  db: Db,
  id: number,
  input: CouponPatch,
  actor: string,
): Promise<AdminCoupon> {
  try {
    return await db.transaction(async (tx) => {
      const before = await getCoupon(tx, id);
      const merged = { kind: before.kind, value: before.value, ...input };
      if (merged.kind === "percent" && Number(merged.value) > 100) {
        throw conflict("A percent discount cannot exceed 100");
      }
      await tx
        .update(coupons)
        .set({ ...couponColumns(input, before), updated_at: new Date() })
        .where(eq(coupons.id, id));
      const after = await getCoupon(tx, id);
      await auditChanges(tx, {
        actor,
        action: "coupon.update",
        entityType: "coupon",
        entityId: id,
        before,
        after,
      });
      return after;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict("A coupon with that code already exists");
    throw error;
  }
}
