import { toDollars } from "@mcf/contracts/money";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { callAdmin } from "../../../test/admin-requests.ts";
import { createOrder, createProduct } from "../../../test/factories.ts";
import { useTestApp } from "../../../test/test-app.ts";
import { orderItems } from "../../db/schema/index.ts";
import { getDashboard } from "./reports.service.ts";

describe("paid, refunded and net: the order list, the orders CSV and the dashboard", () => {
  const t = useTestApp();

  it("a partly cancelled order shows what was paid, refunded and kept everywhere staff look", async () => {
    const db = t.database.db;
    // 4 boxes at $50 with 10% tax and one pallet, paid at noon in Birmingham on March 10, 2032.
    const product = await createProduct(db, { our_price: 2.5, sqft_per_carton: 20 });
    const paidAt = new Date("2032-03-10T17:00:00Z");
    const order = await createOrder(db, {
      lines: [{ product, quantity: 4 }],
      paid_at: paidAt,
      created_at: paidAt,
    });
    const [line] = await db.select().from(orderItems).where(eq(orderItems.order_id, order.id));
    if (!line) throw new Error("no line");
    const cancelled = await callAdmin(t, "POST", `/api/admin/orders/${order.id}/cancel-lines`, {
      lines: [{ order_item_id: line.id, boxes: 1 }],
      reason: "One box too many",
    });
    expect(cancelled.statusCode).toBe(200);
    const total = toDollars(order.total_amount_cents);
    // One box: $50 and its $5 of tax.
    const money = { paid: total, refunded: 55, net: Math.round((total - 55) * 100) / 100 };

    const list = await callAdmin(t, "GET", "/api/admin/orders");
    const listed = list
      .json()
      .orders.find((row: { order_id: string }) => row.order_id === order.id);
    expect(listed).toMatchObject(money);

    const csv = await callAdmin(
      t,
      "GET",
      "/api/admin/exports/orders.csv?from=2032-03-10&to=2032-03-10",
    );
    const [header, row] = csv.body.trim().split("\r\n");
    expect(header).toBe(
      "order,placed (Birmingham time),status,payment,customer,email,phone,city,state,zip code,delivery,coupon,boxes,subtotal,discount,shipping,tax,total,paid,refunded,net,cost of goods,margin",
    );
    expect(
      row?.includes(`,${total.toFixed(2)},${total.toFixed(2)},55.00,${money.net.toFixed(2)},`),
    ).toBe(true);

    // The refund was given today; the sale was on March 10: each counts on its own day.
    const now = new Date();
    const dashboard = await getDashboard(db, 30, now);
    const today = dashboard.sales_by_day.at(-1);
    expect(today?.refunds).toBeGreaterThanOrEqual(55);
    expect(dashboard.net_revenue).toBeCloseTo(dashboard.revenue - dashboard.refunds, 2);
    const march = await getDashboard(db, 30, new Date("2032-03-20T17:00:00Z"));
    expect(march.sales_by_day.find((day) => day.day === "2032-03-10")).toMatchObject({
      orders: 1,
      revenue: total,
      refunds: 0,
      net: total,
    });
  });
});
