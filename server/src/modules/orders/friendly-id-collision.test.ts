import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildPaymentRequest, createProduct } from "../../../test/factories.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import { orders } from "../../db/schema/index.ts";

// The first two orders draw the same friendly id; later ones draw real random ids.
vi.mock("./order-identifiers.ts", async (importOriginal) => {
  const real = await importOriginal<typeof import("./order-identifiers.ts")>();
  let draws = 0;
  return {
    ...real,
    newFriendlyOrderId: () => (++draws <= 2 ? "MCF-SAME22" : real.newFriendlyOrderId()),
  };
});

describe("friendly order ids", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("a colliding friendly id is drawn again instead of failing the payment", async () => {
    const p = await createProduct(t.database.db, { stock_quantity: 10 });
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/payments/process",
        payload: buildPaymentRequest([{ product_id: p.id, quantity: 1 }]),
      });
      expect(res.statusCode).toBe(200);
    }
    const rows = await t.database.db.select({ id: orders.friendly_order_id }).from(orders);
    expect(rows.map((r) => r.id)).toContain("MCF-SAME22");
    expect(new Set(rows.map((r) => r.id)).size).toBe(2);
  });
});
