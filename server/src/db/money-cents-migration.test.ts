import { readFileSync, rmSync } from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callAdmin } from "../../test/admin-requests.ts";
import { migrateWith, migrationsBefore, openScratchDatabase } from "../../test/migration-store.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import type { Database } from "./client.ts";
import { migrationsFolder } from "./migrate.ts";

/** When the money-in-cents migration was written: every migration before it is the old store. */
const centsMigrationWhen = 1796800000000;

/** Odd amounts: a cent, a .99, four digits, thirds. */
const orderAmounts = [
  { subtotal: "19.99", discount: "0.01", shipping: "0.00", tax: "1.80", total: "21.78" },
  { subtotal: "1234.56", discount: "33.33", shipping: "150.00", tax: "108.07", total: "1459.30" },
  { subtotal: "0.01", discount: "0.00", shipping: "0.00", tax: "0.00", total: "0.01" },
  { subtotal: "99999.99", discount: "0.00", shipping: "12.34", tax: "0.00", total: "100012.33" },
];
const lineAmounts = [
  { quantity: 3, unit: "6.66", total: "19.98" },
  { quantity: 1, unit: "0.01", total: "0.01" },
];
const returnAmounts = [
  {
    status: "refunded",
    merchandise: "19.98",
    discount: "0.01",
    tax: "1.80",
    fee: "3.00",
    refund: "18.77",
  },
  {
    status: "requested",
    merchandise: "33.33",
    discount: "0.00",
    tax: "0.01",
    fee: "0.00",
    refund: "33.34",
  },
];

/** Ids, tokens and times differ per run: the answers are compared without them. */
function stable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stable);
  if (value && typeof value === "object")
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !/(^|_)(id|at|token|date|url)$/.test(key) && key !== "friendly_order_id")
        .map(([key, inner]) => [key, stable(inner)]),
    );
  return value;
}

/**
 * The money migration on a store that already sold: every stored amount becomes the same number
 * of cents, and the API answers with the same names, JSON types and values as before.
 */
describe("the money-in-cents migration on a store with orders", { timeout: 120_000 }, () => {
  let database: Database;
  let drop: () => Promise<void>;
  let oldMigrations: string;
  let t: TestApp | undefined;
  beforeAll(async () => {
    oldMigrations = migrationsBefore(centsMigrationWhen);
    ({ database, drop } = await openScratchDatabase("cents"));
    await migrateWith(database, oldMigrations);
    // A fresh PGlite runs initdb and every migration: slow on a busy machine.
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await drop();
    rmSync(oldMigrations, { recursive: true, force: true });
  });

  it("stores every order, line and return amount as the same cents and answers as before", async () => {
    const db = database.db;
    // In SQL, as the tables stood before the migration.
    const product = (
      await db.execute(
        sql`insert into products (name, type, sku, our_price, competitor_price, msrp,
          sqft_per_carton, cartons_per_pallet, pallet_shipping_cost, stock_quantity, on_hand)
        values ('Oak Thirds', 'hardwood', 'OAK-333', 3.33, 4.99, 6.66, 19.99, 40, 150.00, 100, 100)
        returning id`,
      )
    ).rows[0] as { id: number };
    const orderIds: string[] = [];
    for (const [index, a] of orderAmounts.entries()) {
      const row = (
        await db.execute(
          sql`insert into orders (friendly_order_id, status, payment_status, stock_status,
            payment_provider, payment_session_id, payment_expires_at, paid_at, tracking_token,
            customer_name, customer_email, customer_phone, billing_address, subtotal,
            discount_amount, shipping_cost, tax_amount, total_amount, total_sqft, total_cartons,
            pallets_needed)
          values (${`MCF-CENTS-${index}`}, 'processing', 'paid', 'committed', 'test',
            ${`sess_cents_${index}`}, now() + interval '1 hour', now(), ${`track-cents-${index}`},
            'Ada Cents', 'ada@cents.test', '205-555-0100',
            ${JSON.stringify({ street: "1 Main St", city: "Birmingham", state: "AL", zip_code: "35203", country: "US" })}::jsonb,
            ${a.subtotal}, ${a.discount}, ${a.shipping}, ${a.tax}, ${a.total}, 59.97, 3, 1)
          returning id`,
        )
      ).rows[0] as { id: string };
      orderIds.push(row.id);
      for (const line of lineAmounts)
        await db.execute(
          sql`insert into order_items (order_id, product_id, product_name, sku, quantity,
            unit_price, total_price, sqft_per_box, total_sqft)
          values (${row.id}, ${product.id}, 'Oak Thirds', 'OAK-333', ${line.quantity},
            ${line.unit}, ${line.total}, 19.99, 59.97)`,
        );
    }
    const [firstOrder] = orderIds;
    const firstLine = (
      await db.execute(
        sql`select id from order_items where order_id = ${firstOrder} order by id limit 1`,
      )
    ).rows[0] as { id: number };
    const returnLines = [
      {
        order_item_id: firstLine.id,
        product_id: product.id,
        product_name: "Oak Thirds",
        quantity: 3,
        unit_price: "6.66",
      },
    ];
    for (const r of returnAmounts)
      await db.execute(
        sql`insert into order_returns (order_id, status, reason, lines, merchandise, discount, tax,
          restocking_fee, refund_total, restocking_fee_percent, refunded_at)
        values (${firstOrder}, ${r.status}, 'Too many boxes', ${JSON.stringify(returnLines)}::jsonb,
          ${r.merchandise},
          ${r.discount}, ${r.tax}, ${r.fee}, ${r.refund}, 15,
          ${r.status === "refunded" ? new Date("2026-10-05T12:00:00Z").toISOString() : null})`,
      );

    // Every stored amount as the old store holds it, in dollars (numeric text).
    const dollarsBefore = async () => ({
      orders: (
        await db.execute(
          sql`select subtotal::text, discount_amount::text, shipping_cost::text,
            tax_amount::text, total_amount::text from orders order by friendly_order_id`,
        )
      ).rows,
      items: (
        await db.execute(
          sql`select unit_price::text, total_price::text from order_items order by id`,
        )
      ).rows,
      returns: (
        await db.execute(
          sql`select merchandise::text, discount::text, tax::text, restocking_fee::text,
            refund_total::text from order_returns order by id`,
        )
      ).rows,
    });
    const before = await dollarsBefore();

    await migrateWith(database, migrationsFolder());

    // Each amount is now its cents, exactly: "1234.56" is 123456, "0.01" is 1.
    const asCents = (rows: Array<Record<string, unknown>>) =>
      rows.map((row) =>
        Object.fromEntries(
          Object.entries(row).map(([key, value]) => [
            `${key}_cents`,
            Number(String(value).replace(".", "")),
          ]),
        ),
      );
    const after = {
      orders: (
        await db.execute(
          sql`select subtotal_cents, discount_amount_cents, shipping_cost_cents, tax_amount_cents,
            total_amount_cents from orders order by friendly_order_id`,
        )
      ).rows,
      items: (
        await db.execute(
          sql`select unit_price_cents, total_price_cents from order_items order by id`,
        )
      ).rows,
      returns: (
        await db.execute(
          sql`select merchandise_cents, discount_cents, tax_cents, restocking_fee_cents,
            refund_total_cents from order_returns order by id`,
        )
      ).rows,
    };
    expect(after.orders).toEqual(asCents(before.orders));
    expect(after.items).toEqual(asCents(before.items));
    expect(after.returns).toEqual(asCents(before.returns));
    expect(after.orders.map((row) => row.total_amount_cents)).toEqual([2178, 145930, 1, 10001233]);
    expect(after.returns.map((row) => row.refund_total_cents)).toEqual([1877, 3334]);
    // A return line's unit price in its JSON too.
    const lines = (await db.execute(sql`select lines from order_returns order by id limit 1`))
      .rows[0] as { lines: Array<Record<string, unknown>> };
    expect(lines.lines).toEqual([expect.objectContaining({ unit_price_cents: 666, quantity: 3 })]);
    expect(lines.lines[0]).not.toHaveProperty("unit_price");

    t = await createTestApp({ database });

    const productAnswer = (await t.app.inject(`/api/products/${product.id}`)).json();
    const customerOrders = [];
    const adminOrders = [];
    for (const [index, id] of orderIds.entries()) {
      customerOrders.push(
        stable((await t.app.inject(`/api/orders/by-session/sess_cents_${index}`)).json()),
      );
      adminOrders.push(stable((await callAdmin(t, "GET", `/api/admin/orders/${id}`)).json()));
    }
    const returnsAnswer = stable(
      (await callAdmin(t, "GET", `/api/admin/orders/${firstOrder}/returns`)).json(),
    );
    const trackAnswer = stable((await t.app.inject("/api/track/track-cents-1")).json());
    // The answers the API gave on this store before money moved to cents, recorded then: every
    // field recorded keeps its name, JSON type and value (fields added since may join them).
    const answeredBefore = JSON.parse(
      readFileSync(new URL("./money-cents-answers.json", import.meta.url), "utf8"),
    );
    expect({
      product: stable(productAnswer),
      customerOrders,
      adminOrders,
      returnsAnswer,
      trackAnswer,
    }).toMatchObject(answeredBefore);
  });
});
