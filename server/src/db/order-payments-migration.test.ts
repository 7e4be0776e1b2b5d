import { rmSync } from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrder, createProduct } from "../../test/factories.ts";
import { migrateWith, migrationsBefore, openScratchDatabase } from "../../test/migration-store.ts";
import type { Database } from "./client.ts";
import { auditLog, orders } from "./schema/index.ts";

/** When the payments ledger's migration was written: every migration before it is the old store. */
const ledgerMigrationWhen = 1795800000000;
/** When money moved to cents: this test's store stops before it (its own test covers it). */
const centsMigrationWhen = 1796800000000;

/**
 * The ledger's migration on a store that already sold: every paid order gets its charge and every
 * refunded return its refund, to the cent, so each order's balance reads as before.
 */
describe("the payments ledger migration on a store with orders", { timeout: 120_000 }, () => {
  let database: Database;
  let drop: () => Promise<void>;
  let oldMigrations: string;
  let migrationsBeforeCents: string;
  beforeAll(async () => {
    oldMigrations = migrationsBefore(ledgerMigrationWhen);
    migrationsBeforeCents = migrationsBefore(centsMigrationWhen);
    ({ database, drop } = await openScratchDatabase("ledger"));
    await migrateWith(database, oldMigrations);
    // The factories write every column of today's schema: give the old store the product, order
    // and order line columns later migrations add (they add them only when missing), so old
    // products and orders can be made.
    for (const statement of [
      sql`alter table products add column if not exists cost_per_box_cents integer`,
      sql`alter table products add column if not exists rating_count integer not null default 0`,
      sql`alter table products add column if not exists rating_total integer not null default 0`,
      // Prices in cents: the factories write the cents columns (the dollar ones stay empty).
      ...[
        "our_price",
        "competitor_price",
        "ace_price",
        "ace_shown_price",
        "msrp",
        "pallet_shipping_cost",
      ].map((column) =>
        sql.raw(`alter table products add column if not exists ${column}_cents integer`),
      ),
      sql`alter table orders add column if not exists ready_for_pickup_at timestamp with time zone`,
      sql`alter table orders add column if not exists picked_up_at timestamp with time zone`,
      sql`alter table orders add column if not exists picked_up_by text`,
      sql`alter table orders add column if not exists pickup_staff text`,
      sql`alter table orders add column if not exists purpose text not null default 'goods'`,
      sql`alter table orders add column if not exists install_job_id integer`,
      sql`alter table orders add column if not exists install_payment text`,
      sql`alter table order_items add column if not exists cancelled_quantity integer not null default 0`,
      // Money in cents: the factories write the cents columns; the dollar columns they replace
      // get a default, and the SQL below sets the totals the ledger's migration reads.
      ...["subtotal", "discount_amount", "shipping_cost", "tax_amount", "total_amount"].flatMap(
        (column) => [
          sql.raw(
            `alter table orders add column if not exists ${column}_cents integer not null default 0`,
          ),
          sql.raw(`alter table orders alter column ${column} set default 0`),
        ],
      ),
      ...["unit_price", "total_price"].flatMap((column) => [
        sql.raw(
          `alter table order_items add column if not exists ${column}_cents integer not null default 0`,
        ),
        sql.raw(`alter table order_items alter column ${column} set default 0`),
      ]),
      sql`alter table order_items add column if not exists backordered_boxes integer not null default 0`,
      sql`alter table order_items add column if not exists cost_per_box_cents integer`,
    ])
      await database.db.execute(statement);
    // A fresh PGlite runs initdb and every migration: slow on a busy machine.
  }, 180_000);
  afterAll(async () => {
    await drop();
    rmSync(oldMigrations, { recursive: true, force: true });
    rmSync(migrationsBeforeCents, { recursive: true, force: true });
  });

  it("writes one charge per paid order and one refund per refunded return, reproducing every total", async () => {
    const db = database.db;
    const product = await createProduct(db, { our_price: 3.37, sqft_per_carton: 19.5 });
    // Unpaid in the factory (it would write the ledger, which does not exist yet), then as sold.
    const totals = ["0.01", "19.99", "434.63", "1000.00", "99999.99", "0.00", "57.05"];
    const sold: Array<{ id: string; total: string; paid: boolean; provider: string }> = [];
    for (const [index, total] of totals.entries()) {
      for (const paid of [true, false]) {
        const order = await createOrder(db, {
          lines: [{ product, quantity: index + 1 }],
          payment_status: "unpaid",
          status: "pending",
          payment_provider: index % 2 ? "stripe" : "test",
        });
        await db.execute(
          sql`update orders set total_amount = ${total}, payment_status = ${paid ? "paid" : "expired"},
            status = ${paid ? (index % 3 ? "processing" : "cancelled") : "cancelled"},
            paid_at = ${paid ? new Date("2026-10-01T12:00:00Z").toISOString() : null}
          where id = ${order.id}`,
        );
        sold.push({ id: order.id, total, paid, provider: order.payment_provider });
      }
    }
    const [withReturns] = sold.filter((order) => order.total === "1000.00" && order.paid);
    if (!withReturns) throw new Error("no order to return");
    // In SQL, as the table stood then (later migrations add columns the schema now names).
    const returned: Array<{ id: number }> = [];
    for (const [status, refund, refundId] of [
      ["refunded", "123.45", "re_old_1"],
      ["refunded", "0.99", null],
      ["requested", "50.00", null],
      ["declined", "20.00", null],
    ]) {
      const inserted = await db.execute(
        sql`insert into order_returns (order_id, status, reason, lines, merchandise, discount, tax,
          restocking_fee, refund_total, refund_id, refunded_at)
        values (${withReturns.id}, ${status}, ${`Back: ${status}`}, '[]'::jsonb, ${refund}, 0, 0, 0,
          ${refund}, ${refundId},
          ${status === "refunded" ? new Date("2026-10-05T12:00:00Z").toISOString() : null})
        returning id`,
      );
      returned.push({ id: Number((inserted.rows[0] as { id: number }).id) });
    }
    await db.insert(auditLog).values({
      actor: "sam@store.test",
      action: "order.return_refunded",
      entity_type: "order",
      entity_id: withReturns.id,
      after: { return_id: returned[0]?.id, refund_id: "re_old_1", refund_total: "123.45" },
    });
    const before = await db.select().from(orders);

    await migrateWith(database, migrationsBeforeCents);

    const ledger = (
      await db.execute(
        sql`select order_id, kind, amount_cents, provider, provider_id, staff, reason,
          created_at::text as created_at from order_payments order by id`,
      )
    ).rows as Array<Record<string, unknown>>;
    const cents = (dollars: string) => Number(dollars.replace(".", ""));
    for (const order of sold) {
      const charges = ledger.filter((row) => row.order_id === order.id && row.kind === "charge");
      const stored = before.find((row) => row.id === order.id);
      expect(charges.reduce((sum, row) => sum + Number(row.amount_cents), 0)).toBe(
        order.paid ? cents(order.total) : 0,
      );
      if (order.paid && cents(order.total) > 0)
        expect(charges).toEqual([
          expect.objectContaining({
            provider: order.provider,
            provider_id: stored?.payment_session_id,
            staff: null,
          }),
        ]);
    }
    const refunds = ledger.filter((row) => row.kind === "refund");
    expect(refunds).toEqual([
      expect.objectContaining({
        order_id: withReturns.id,
        amount_cents: 12345,
        provider_id: "re_old_1",
        staff: "sam@store.test",
        reason: `Return ${returned[0]?.id}: Back: refunded`,
      }),
      expect.objectContaining({
        order_id: withReturns.id,
        amount_cents: 99,
        provider_id: `return-refund:${returned[1]?.id}`,
        staff: null,
      }),
    ]);
    // Every paid order's charges, less refunds, equal its total less its refunded returns.
    const net = new Map<string, number>();
    for (const row of ledger)
      net.set(
        String(row.order_id),
        (net.get(String(row.order_id)) ?? 0) +
          (row.kind === "charge" ? 1 : -1) * Number(row.amount_cents),
      );
    expect(net.get(withReturns.id)).toBe(100000 - 12345 - 99);
    // The orders themselves are untouched.
    expect(await db.select().from(orders)).toEqual(before);
    // Returns refunded in one step count as approved and received when they were refunded.
    const steps = (
      await db.execute(
        sql`select status, restocking_fee_percent::float as fee_percent,
          approved_at = refunded_at as approved_then, received_at = refunded_at as received_then
        from order_returns order by id`,
      )
    ).rows;
    expect(steps).toEqual([
      { status: "refunded", fee_percent: 0, approved_then: true, received_then: true },
      { status: "refunded", fee_percent: 0, approved_then: true, received_then: true },
      { status: "requested", fee_percent: 0, approved_then: null, received_then: null },
      { status: "declined", fee_percent: 0, approved_then: null, received_then: null },
    ]);
  });
});
