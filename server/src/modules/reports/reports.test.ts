import { shippingDefaults } from "@mcf/contracts/business";
import { storeToday } from "@mcf/contracts/store-today";
import { describe, expect, it } from "vitest";
import { callAdmin } from "../../../test/admin-requests.ts";
import {
  buildPaymentRequest,
  createAccessory,
  createInquiry,
  createOrder,
  createProduct,
} from "../../../test/factories.ts";
import { useTestApp } from "../../../test/test-app.ts";
import { getDashboard } from "./reports.service.ts";

describe("the owner's dashboard", () => {
  const t = useTestApp();

  it("matches a hand count of factory orders, inquiries and stock over 30 Birmingham days", async () => {
    const db = t.database.db;
    // Noon in Birmingham on June 15: the 30 days run May 17 to June 15.
    const now = new Date("2030-06-15T17:00:00Z");
    const oak = await createProduct(db, { name: "Dash Oak", our_price: 5, sqft_per_carton: 20 });
    const tile = await createProduct(db, { name: "Dash Tile", our_price: 2, sqft_per_carton: 10 });
    const paidAt = (iso: string) => ({ paid_at: new Date(iso), created_at: new Date(iso) });
    // $200 of oak + 10% tax; $100 of tile and $10 of trim + tax, paid at 11 PM on June 14
    // Birmingham time.
    await createOrder(db, {
      lines: [{ product: oak, quantity: 2 }],
      ...paidAt("2030-06-15T16:00:00Z"),
    });
    // A sample of oak rides along (not a box sold); a piece of trim is counted as a piece.
    const trim = await createAccessory(db, { name: "Dash Trim", our_price: 10 });
    await createOrder(db, {
      lines: [
        { product: tile, quantity: 5 },
        { product: oak, quantity: 1, kind: "sample" },
        { product: trim, quantity: 1 },
      ],
      ...paidAt("2030-06-15T04:00:00Z"),
    });
    // Paid the day before the period, and one never paid: neither counts as a sale.
    await createOrder(db, {
      lines: [{ product: oak, quantity: 9 }],
      ...paidAt("2030-05-16T12:00:00Z"),
    });
    await createOrder(db, {
      lines: [{ product: tile, quantity: 1 }],
      status: "pending",
      payment_status: "unpaid",
      paid_at: null,
      created_at: new Date("2030-06-10T15:00:00Z"),
    });
    const becameJob = await createInquiry(db, { created_at: new Date("2030-06-01T15:00:00Z") });
    await createInquiry(db, { created_at: new Date("2030-06-02T15:00:00Z") });
    await createInquiry(db, { created_at: new Date("2030-04-01T15:00:00Z") });
    expect(
      (await callAdmin(t, "POST", "/api/admin/jobs", { inquiry_id: becameJob.id })).statusCode,
    ).toBe(201);
    const low = await createProduct(db, { name: "Dash Low", stock_quantity: 4, reorder_point: 10 });
    const enough = await createProduct(db, {
      name: "Dash Enough",
      stock_quantity: 9,
      reorder_point: 5,
    });
    const lastBoxes = await createProduct(db, {
      name: "Dash Last",
      stock_quantity: 3,
      is_closeout: true,
    });

    const board = await getDashboard(db, 30, now);
    const pallet = shippingDefaults.palletShippingCostCents / 100;
    expect(board).toMatchObject({ days: 30, from: "2030-05-17", to: "2030-06-15", paid_orders: 2 });
    expect(board.sales_by_day).toHaveLength(30);
    expect(board.sales_by_day.at(-1)).toEqual({
      day: "2030-06-15",
      orders: 1,
      revenue: 220 + pallet,
      refunds: 0,
      net: 220 + pallet,
    });
    expect(board.sales_by_day.at(-2)).toEqual({
      day: "2030-06-14",
      orders: 1,
      revenue: 121 + pallet,
      refunds: 0,
      net: 121 + pallet,
    });
    expect(board.sales_by_day.slice(0, -2).every((d) => d.orders === 0 && d.revenue === 0)).toBe(
      true,
    );
    expect(board.revenue).toBe(341 + 2 * pallet);
    expect(board.average_order_value).toBe((341 + 2 * pallet) / 2);
    expect(board.orders_by_status).toMatchObject({ processing: 2, pending: 1, shipped: 0 });
    expect(board.top_products).toEqual([
      { product_id: oak.id, name: "Dash Oak", boxes: 2, unit: "box", revenue: 200 },
      { product_id: tile.id, name: "Dash Tile", boxes: 5, unit: "box", revenue: 100 },
      { product_id: trim.id, name: "Dash Trim", boxes: 1, unit: "piece", revenue: 10 },
    ]);
    expect(board.inquiries).toEqual({ received: 2, turned_into_jobs: 1 });
    expect(board.low_stock).toContainEqual({
      id: low.id,
      name: "Dash Low",
      stock_quantity: 4,
      reorder_point: 10,
    });
    expect(board.low_stock.map((p) => p.id)).not.toContain(enough.id);
    expect(board.closeouts_running_out).toContainEqual({
      id: lastBoxes.id,
      name: "Dash Last",
      stock_quantity: 3,
    });
  });

  it("GET /api/admin/dashboard answers 30 days by default, 90 when asked, and refuses others", async () => {
    const thirty = await callAdmin(t, "GET", "/api/admin/dashboard");
    expect(thirty.statusCode).toBe(200);
    expect(thirty.json().sales_by_day).toHaveLength(30);
    const ninety = await callAdmin(t, "GET", "/api/admin/dashboard?days=90");
    expect(ninety.json().sales_by_day).toHaveLength(90);
    const week = await callAdmin(t, "GET", "/api/admin/dashboard?days=7");
    expect(week.statusCode).toBe(422);
    expect(week.json().detail[0]).toEqual({
      loc: ["querystring", "days"],
      msg: "must be 30 or 90",
    });
    expect((await t.app.inject("/api/admin/dashboard")).statusCode).toBe(401);
  });

  it("exports the orders and customers of a date range as CSV, formulas defused", async () => {
    const db = t.database.db;
    const product = await createProduct(db, { our_price: 5, sqft_per_carton: 20 });
    const at = (iso: string) => ({ created_at: new Date(iso), paid_at: new Date(iso) });
    // 11:30 PM on March 31 in Birmingham is April 1 in UTC: it belongs to March.
    await createOrder(db, {
      lines: [{ product, quantity: 1 }],
      customer_name: '=HYPERLINK("http://evil.example")',
      customer_email: "Robin@Example.com",
      ...at("2031-04-01T04:30:00Z"),
    });
    await createOrder(db, {
      lines: [{ product, quantity: 2 }],
      customer_name: "Robin Banks",
      customer_email: "robin@example.com",
      ...at("2031-03-10T15:00:00Z"),
    });
    await createOrder(db, {
      lines: [{ product, quantity: 1 }],
      customer_email: "april@example.com",
      ...at("2031-04-02T15:00:00Z"),
    });
    const get = (url: string) => callAdmin(t, "GET", url);

    const orders = await get("/api/admin/exports/orders.csv?from=2031-03-01&to=2031-03-31");
    expect(orders.statusCode).toBe(200);
    expect(orders.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(orders.headers["content-disposition"]).toBe(
      'attachment; filename="orders-2031-03-01-to-2031-03-31.csv"',
    );
    const lines = orders.body.trim().split("\r\n");
    expect(lines[0]).toMatch(/^order,placed \(Birmingham time\),status,payment,customer,email/);
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain("2031-03-10 10:00");
    expect(lines[2]).toContain("2031-03-31 23:30");
    expect(lines[2]).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(orders.body).not.toContain("april@example.com");

    const customers = await get("/api/admin/exports/customers.csv?from=2031-03-01&to=2031-03-31");
    const rows = customers.body.trim().split("\r\n");
    expect(rows).toEqual([
      "email,name,phone,orders,paid orders,paid total,first order,last order",
      // $100 + $200 of flooring, 10% tax and one pallet each.
      `robin@example.com,"'=HYPERLINK(""http://evil.example"")",205-555-0100,2,2,${(330 + 2 * (shippingDefaults.palletShippingCostCents / 100)).toFixed(2)},2031-03-10,2031-03-31`,
    ]);
  });

  it("refuses an export range that is backwards, too long or not a date, with where and why", async () => {
    const get = (query: string) => callAdmin(t, "GET", `/api/admin/exports/orders.csv?${query}`);
    const backwards = await get("from=2031-03-31&to=2031-03-01");
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().detail).toEqual([
      { loc: ["querystring", "to"], msg: "The first day must not be after the last day" },
    ]);
    expect((await get("from=2030-01-01&to=2031-06-01")).json().detail[0].msg).toBe(
      "An export covers at most 366 days",
    );
    expect((await get("from=yesterday&to=2031-03-01")).json().detail[0]).toEqual({
      loc: ["querystring", "from"],
      msg: "must be a date (YYYY-MM-DD)",
    });
    expect((await get("to=2031-03-01")).statusCode).toBe(422);
  });

  it("shows margin (revenue less cost of goods) where the cost per box is known, on the dashboard and in the orders CSV", async () => {
    const db = t.database.db;
    const now = new Date("2032-06-15T17:00:00Z");
    // $100 a box ($5 × 20 sq ft), costing $60: two boxes leave $80 of margin.
    const costed = await createProduct(db, {
      name: "Margin Oak",
      our_price: 5,
      sqft_per_carton: 20,
    });
    const patched = await callAdmin(t, "PATCH", `/api/admin/products/${costed.id}`, {
      cost_per_box: 60,
    });
    expect(patched.statusCode).toBe(200);
    const unknownCost = await createProduct(db, {
      name: "Margin Tile",
      our_price: 2,
      sqft_per_carton: 10,
    });
    const at = {
      created_at: new Date("2032-06-14T15:00:00Z"),
      paid_at: new Date("2032-06-14T15:00:00Z"),
    };
    await createOrder(db, { lines: [{ product: costed, quantity: 2 }], ...at });
    await createOrder(db, { lines: [{ product: unknownCost, quantity: 3 }], ...at });

    const board = await getDashboard(db, 30, now);
    expect(board.margin).toEqual({
      revenue: 200,
      cost_of_goods: 120,
      margin: 80,
      lines_without_cost: 1,
    });

    const csv = await callAdmin(
      t,
      "GET",
      "/api/admin/exports/orders.csv?from=2032-06-14&to=2032-06-14",
    );
    const [header, ...rows] = csv.body.trim().split("\r\n");
    expect(header?.endsWith(",total,paid,refunded,net,cost of goods,margin")).toBe(true);
    expect(rows.some((row) => row.endsWith(",120.00,80.00"))).toBe(true);
    // No line of the tile order has a cost: its margin cells are empty.
    expect(rows.some((row) => row.endsWith(",,"))).toBe(true);
  });
  it("keeps a sale's margin at the cost per box of the day it was placed when the product's cost changes later", async () => {
    const db = t.database.db;
    // $100 a box ($5 × 20 sq ft), costing $60 when sold: two boxes leave $80 of margin.
    const maple = await createProduct(db, {
      name: "Cost Of Sale Maple",
      our_price: 5,
      sqft_per_carton: 20,
      stock_quantity: 20,
    });
    const setCost = async (dollars: number) =>
      expect(
        (await callAdmin(t, "PATCH", `/api/admin/products/${maple.id}`, { cost_per_box: dollars }))
          .statusCode,
      ).toBe(200);
    await setCost(60);
    const started = await t.app.inject({
      method: "POST",
      url: "/api/payments/process",
      payload: buildPaymentRequest([{ product_id: maple.id, quantity: 2 }]),
    });
    expect(started.statusCode).toBe(200);
    const sessionId: string = started.json().id;
    const paid = await t.app.inject({
      method: "POST",
      url: `/api/payments/test-sessions/${sessionId}/pay`,
      payload: { card_number: "4242 4242 4242 4242" },
    });
    expect(paid.statusCode).toBe(200);
    const friendly: string = (await t.app.inject(`/api/orders/by-session/${sessionId}`)).json()
      .friendly_order_id;
    const today = storeToday();
    const csvRow = async () => {
      const csv = await callAdmin(
        t,
        "GET",
        `/api/admin/exports/orders.csv?from=${today}&to=${today}`,
      );
      return csv.body.split("\r\n").find((row) => row.startsWith(`${friendly},`));
    };
    expect(await csvRow()).toMatch(/,120\.00,80\.00$/);
    const before = (await getDashboard(db, 30)).margin;

    // The supplier raised the price: the next boxes cost $90, the ones sold still cost $60.
    await setCost(90);
    expect(await csvRow()).toMatch(/,120\.00,80\.00$/);
    expect((await getDashboard(db, 30)).margin).toEqual(before);
  });
});
