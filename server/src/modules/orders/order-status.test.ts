import { orderStatuses } from "@mcf/contracts/orders";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrder } from "../../../test/factories.ts";
import { createTestDatabase } from "../../../test/test-database.ts";
import type { Database } from "../../db/client.ts";
import { orders } from "../../db/schema/index.ts";
import { nextStatus, staffStatusEvents } from "./order-status.ts";

describe("the order status machine", () => {
  it("a payment moves a pending or cancelled order to processing and leaves a shipped or delivered one where it is", () => {
    expect(nextStatus("markPaid", "pending")).toBe("processing");
    expect(nextStatus("markPaid", "cancelled")).toBe("processing");
    expect(nextStatus("markPaid", "shipped")).toBe("shipped");
    expect(nextStatus("markPaid", "delivered")).toBe("delivered");
  });

  it("staff may set any of the five statuses from any other", () => {
    for (const from of orderStatuses)
      for (const to of orderStatuses) expect(nextStatus(staffStatusEvents[to], from)).toBe(to);
  });

  it("the shipping form's mark shipped keeps a delivered order delivered and refuses a cancelled one with 409", () => {
    expect(nextStatus("markShipped", "processing")).toBe("shipped");
    expect(nextStatus("markShipped", "delivered")).toBe("delivered");
    expect(() => nextStatus("markShipped", "cancelled")).toThrow(
      expect.objectContaining({
        statusCode: 409,
        message: "A cancelled order cannot be marked as shipped",
      }),
    );
  });
});

describe("order statuses in the database", () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it("refuses a status, payment status or stock status outside the known values", async () => {
    const order = await createOrder(database.db);
    for (const column of ["status", "payment_status", "stock_status"]) {
      const write = database.db.execute(
        sql`update orders set ${sql.identifier(column)} = 'lost' where id = ${order.id}`,
      );
      await expect(write).rejects.toMatchObject({ cause: { code: "23514" } });
    }
    const [row] = await database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({
      status: "processing",
      payment_status: "paid",
      stock_status: "committed",
    });
  });
});
