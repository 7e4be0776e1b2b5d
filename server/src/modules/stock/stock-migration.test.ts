import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, newPGlite, openDatabase } from "../../db/client.ts";
import { migrateDatabase, migrationsFolder } from "../../db/migrate.ts";

/**
 * Migration 0022 on a store as it was before it: products with one stock number (what could be
 * sold) and open orders holding boxes. No box may be lost: on hand becomes that number plus what
 * open orders hold, and each product's ledger opens with it.
 */
describe("migration 0022: from one stock number to on hand, allocated, reserved and a ledger", () => {
  let database: Database;
  let pglite: PGlite;
  const run = (text: string, params: unknown[] = []) =>
    pglite.query<Record<string, unknown>>(text, params).then((result) => result.rows);

  beforeAll(async () => {
    // The migrations up to 0021 only: the store before this change.
    const before = join(mkdtempSync(join(tmpdir(), "mcf-0021-")), "drizzle");
    cpSync(migrationsFolder(), before, { recursive: true });
    const journalPath = join(before, "meta", "_journal.json");
    const journal = JSON.parse(readFileSync(journalPath, "utf8")) as {
      entries: Array<{ tag: string }>;
    };
    journal.entries = journal.entries.filter((entry) => entry.tag < "0022");
    writeFileSync(journalPath, JSON.stringify(journal));
    pglite = newPGlite();
    database = await openDatabase({ pglite });
    await migrate(database.db as never, { migrationsFolder: before });
  }, 120_000);
  afterAll(() => database.close());

  async function product(name: string, stock: number): Promise<number> {
    const [row] = await run(
      `insert into products (name, stock_quantity) values ($1, $2) returning id`,
      [name, stock],
    );
    return Number(row?.id);
  }
  let orderNumber = 0;
  async function order(
    status: string,
    paymentStatus: string,
    stockStatus: string,
    lines: Array<[productId: number, boxes: number, kind?: string]>,
    shippedAt: Date | null = null,
  ): Promise<string> {
    orderNumber += 1;
    const [row] = await run(
      `insert into orders (friendly_order_id, status, payment_status, stock_status, payment_provider,
         payment_expires_at, tracking_token, customer_name, customer_email, customer_phone,
         billing_address, subtotal, shipping_cost, tax_amount, total_amount, total_sqft,
         total_cartons, pallets_needed, shipped_at)
       values ($1, $2, $3, $4, 'test', now() + interval '30 minutes', $5, 'Jordan', 'j@example.com',
         '205-555-0100', '{}'::jsonb, 0, 0, 0, 0, 0, 0, 0, $6)
       returning id`,
      [
        `MCF-M${orderNumber}`,
        status,
        paymentStatus,
        stockStatus,
        `token-${orderNumber}`,
        shippedAt,
      ],
    );
    const id = String(row?.id);
    for (const [productId, boxes, kind = "box"] of lines)
      await run(
        `insert into order_items (order_id, product_id, product_name, quantity, unit_price,
           total_price, sqft_per_box, total_sqft, kind)
         values ($1, $2, 'Line', $3, 1, 1, 1, 1, $4)`,
        [id, productId, boxes, kind],
      );
    return id;
  }

  it("keeps every box: on hand is today's number plus what open orders hold, written as opening rows", async () => {
    const oak = await product("Migrated Oak", 10);
    const ash = await product("Migrated Ash", 0);
    const none = await product("Migrated Pine", 7);
    // Paid, not shipped: allocated. Unpaid with an open payment: reserved.
    await order("processing", "paid", "committed", [
      [oak, 3],
      [ash, 2],
    ]);
    await order("pending", "unpaid", "reserved", [
      [oak, 1],
      [oak, 2, "sample"],
    ]);
    // Holding nothing: cancelled (released) and shipped orders.
    const cancelled = await order("cancelled", "expired", "released", [[oak, 5]]);
    const shipped = await order("shipped", "paid", "committed", [[oak, 4]], new Date());

    await migrateDatabase(database);

    const rows = await run(
      `select id, stock_quantity, on_hand, allocated, reserved from products order by id`,
    );
    expect(rows).toEqual([
      { id: oak, stock_quantity: 10, on_hand: 14, allocated: 3, reserved: 1 },
      { id: ash, stock_quantity: 0, on_hand: 2, allocated: 2, reserved: 0 },
      { id: none, stock_quantity: 7, on_hand: 7, allocated: 0, reserved: 0 },
    ]);
    const ledger = await run(
      `select product_id, boxes, allocated_change, reserved_change, reason from stock_ledger order by product_id`,
    );
    expect(ledger).toEqual([
      { product_id: oak, boxes: 14, allocated_change: 3, reserved_change: 1, reason: "opening" },
      { product_id: ash, boxes: 2, allocated_change: 2, reserved_change: 0, reason: "opening" },
      { product_id: none, boxes: 7, allocated_change: 0, reserved_change: 0, reason: "opening" },
    ]);
    const statuses = await run(`select id, stock_status from orders where id in ($1, $2)`, [
      cancelled,
      shipped,
    ]);
    expect(Object.fromEntries(statuses.map((row) => [row.id, row.stock_status]))).toEqual({
      [cancelled]: "released",
      [shipped]: "shipped",
    });
  });
});
