import { rmSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrder } from "../../test/factories.ts";
import { migrateWith, migrationsBefore, openScratchDatabase } from "../../test/migration-store.ts";
import type { Database } from "./client.ts";
import { migrationsFolder } from "./migrate.ts";
import { orders } from "./schema/index.ts";

/** When installation orders of earlier jobs were given their job: the store stops before it. */
const backfillWhen = 1797700000000;

describe("the migration that names the job on earlier installation orders", {
  timeout: 120_000,
}, () => {
  let database: Database;
  let drop: () => Promise<void>;
  let oldMigrations: string;
  beforeAll(async () => {
    oldMigrations = migrationsBefore(backfillWhen);
    ({ database, drop } = await openScratchDatabase("jobbackfill"));
    await migrateWith(database, oldMigrations);
  }, 180_000);
  afterAll(async () => {
    await drop();
    rmSync(oldMigrations, { recursive: true, force: true });
  });

  it("gives each job's deposit and balance order its job and payment, and leaves other orders alone", async () => {
    const db = database.db;
    // Orders as they were written before orders named their job.
    const installation = { purpose: "installation" as const, install_job_id: null };
    const deposit = await createOrder(db, installation);
    const balance = await createOrder(db, installation);
    const superseded = await createOrder(db, installation);
    const goods = await createOrder(db);
    const [job] = (
      await db.execute<{ id: number }>(sql`insert into install_jobs
        (token, stage, customer_name, customer_email, customer_phone, address, flooring_type,
         deposit_order_id, balance_order_id)
      values ('old-job-token', 'completed', 'Casey Homeowner', 'casey@example.com',
        '(205) 555-0199', '42 Magnolia Ave, Birmingham, AL 35205', 'tile',
        ${deposit.id}, ${balance.id})
      returning id`)
    ).rows;

    await migrateWith(database, migrationsFolder());

    const named = async (id: string) => {
      const [row] = await db
        .select({ job: orders.install_job_id, payment: orders.install_payment })
        .from(orders)
        .where(eq(orders.id, id));
      return row;
    };
    expect(await named(deposit.id)).toEqual({ job: job?.id, payment: "deposit" });
    expect(await named(balance.id)).toEqual({ job: job?.id, payment: "balance" });
    expect(await named(superseded.id)).toEqual({ job: null, payment: null });
    expect(await named(goods.id)).toEqual({ job: null, payment: null });
  });
});
