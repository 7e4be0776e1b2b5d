import { describe, expect, it } from "vitest";
import { callAdmin, settleReturn } from "../../../test/admin-requests.ts";
import { buildPaymentRequest, createProduct } from "../../../test/factories.ts";
import { stockKit } from "../../../test/stock-kit.ts";
import { useTestApp } from "../../../test/test-app.ts";
import { onRealPostgres } from "../../../test/test-database.ts";
import { cancelUnpaid } from "../orders/orders.service.ts";

describe("stock you can count on: on hand, allocated, reserved, available and the ledger", () => {
  const t = useTestApp();

  const db = () => t.database.db;
  const { numbers, expectLedgerAddsUp, ledger, checkout, pay, orderOf, setStatus } = stockKit(
    () => t,
  );
  const count = (productId: number, boxes: unknown) =>
    callAdmin(t, "PATCH", `/api/admin/products/${productId}`, { stock_quantity: boxes });

  it("the issue's example: 10 in stock, a paid order of 3 not yet shipped, a count of 10 leaves 7 available and a row of 0", async () => {
    const product = await createProduct(db(), { name: "Count Oak", stock_quantity: 10 });
    await pay(await checkout(product.id, 3));
    expect(await numbers(product.id)).toEqual({
      on_hand: 10,
      allocated: 3,
      reserved: 0,
      available: 7,
    });

    const counted = await count(product.id, 10);
    expect(counted.statusCode).toBe(200);
    expect(counted.json()).toMatchObject({ on_hand: 10, allocated: 3, available: 7 });
    expect(counted.json().stock_quantity).toBe(7);
    const [newest] = await ledger(product.id);
    expect(newest).toMatchObject({
      reason: "counted",
      boxes: 0,
      reference: "Product editor",
      staff: expect.any(String),
    });
    // The public product shows what can be bought now.
    const publicView = await t.app.inject(`/api/products/${product.id}`);
    expect(publicView.json().stock_quantity).toBe(7);
    expect(publicView.json()).not.toHaveProperty("on_hand");
    await expectLedgerAddsUp(product.id);
  });

  it("every kind of movement is one ledger row, and on hand stays the sum of the rows", async () => {
    const product = await createProduct(db(), { name: "Ledger Maple", stock_quantity: 20 });
    await expectLedgerAddsUp(product.id);

    // A checkout reserves; paying allocates; neither moves a box in or out.
    const paid = await checkout(product.id, 4);
    expect(await numbers(product.id)).toEqual({
      on_hand: 20,
      allocated: 0,
      reserved: 4,
      available: 16,
    });
    await expectLedgerAddsUp(product.id);
    await pay(paid);
    expect(await numbers(product.id)).toMatchObject({ on_hand: 20, allocated: 4, reserved: 0 });
    await expectLedgerAddsUp(product.id);

    // An unpaid checkout that ends gives its reservation back.
    const abandoned = await checkout(product.id, 2);
    await cancelUnpaid(db(), { sessionId: abandoned }, "cancelled");
    expect(await numbers(product.id)).toEqual({
      on_hand: 20,
      allocated: 4,
      reserved: 0,
      available: 16,
    });
    await expectLedgerAddsUp(product.id);

    // Shipping takes the boxes off on hand and off the allocation, once.
    const order = await orderOf(paid);
    expect((await setStatus(order.id, "shipped")).statusCode).toBe(200);
    expect((await setStatus(order.id, "delivered")).statusCode).toBe(200);
    expect(await numbers(product.id)).toEqual({
      on_hand: 16,
      allocated: 0,
      reserved: 0,
      available: 16,
    });
    await expectLedgerAddsUp(product.id);

    // A count of the shelf; then a return received back on the shelf.
    expect((await count(product.id, 15)).statusCode).toBe(200);
    await expectLedgerAddsUp(product.id);
    const [item] = (
      await callAdmin(t, "GET", `/api/admin/orders/${order.id}`).then((res) => res.json())
    ).items;
    const asked = await t.app.inject({
      method: "POST",
      url: `/api/track/${order.tracking_token}/returns`,
      payload: {
        lines: [{ order_item_id: item.id ?? item.order_item_id, quantity: 1 }],
        reason: "Ordered too much",
        unopened: true,
      },
      remoteAddress: "198.18.9.1",
    });
    expect(asked.statusCode).toBe(201);
    expect((await settleReturn(t, asked.json().id)).statusCode).toBe(200);
    expect(await numbers(product.id)).toEqual({
      on_hand: 16,
      allocated: 0,
      reserved: 0,
      available: 16,
    });
    await expectLedgerAddsUp(product.id);

    const rows = await ledger(product.id);
    expect(rows.map((row) => [row.reason, row.boxes])).toEqual([
      ["return_restocked", 1],
      ["counted", -1],
      ["shipped", -4],
      ["cancelled", 0],
      ["reserved", 0],
      ["allocated", 0],
      ["reserved", 0],
      ["opening", 20],
    ]);
    expect(rows[2]).toMatchObject({
      reference: `Order ${order.friendly_order_id}`,
      allocated_change: -4,
      staff: expect.any(String),
    });
    // The checkout and the payment were the store's doing, not a staff member's.
    expect(rows[5]).toMatchObject({ allocated_change: 4, reserved_change: -4, staff: null });
    expect(rows[0]?.reference).toBe(
      `Return ${asked.json().id} of order ${order.friendly_order_id}`,
    );
    const times = rows.map((row) => Date.parse(row.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    // Filtered by reason, and as a CSV file.
    expect((await ledger(product.id, "?reason=shipped")).map((row) => row.boxes)).toEqual([-4]);
    const csv = await callAdmin(t, "GET", `/api/admin/products/${product.id}/ledger.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toContain("text/csv");
    const lines = csv.body.trim().split("\r\n");
    expect(lines[0]).toBe(
      "created_at,reason,boxes,allocated_change,reserved_change,on_hand_after,available_after,reference,staff,lot",
    );
    expect(lines).toHaveLength(rows.length + 1);
    expect(lines[1]).toContain("Return received (restocked),1,0,0,16,16");
  });

  it("a cancel releases the allocation without touching on hand; leaving cancelled takes the boxes again once, or 409 when they are gone", async () => {
    const product = await createProduct(db(), { name: "Reopen Ash", stock_quantity: 10 });
    // A paid order of 4, cancelled: its allocation goes, on hand stays (the money goes back too,
    // so it cannot be reopened: a refunded order is refused by the money rule).
    const paidSession = await checkout(product.id, 4);
    await pay(paidSession);
    const paid = await orderOf(paidSession);
    expect((await setStatus(paid.id, "cancelled")).statusCode).toBe(200);
    expect(await numbers(product.id)).toEqual({
      on_hand: 10,
      allocated: 0,
      reserved: 0,
      available: 10,
    });
    expect((await setStatus(paid.id, "processing")).statusCode).toBe(409);
    expect(await numbers(product.id)).toMatchObject({ allocated: 0, available: 10 });

    // An unpaid order of 4, cancelled, then reopened: its boxes are held again, once.
    const session = await checkout(product.id, 4);
    const order = await orderOf(session);
    expect((await setStatus(order.id, "cancelled")).statusCode).toBe(200);
    expect(await numbers(product.id)).toMatchObject({ reserved: 0, available: 10 });
    // Cancelling again moves nothing.
    expect((await setStatus(order.id, "cancelled")).statusCode).toBe(200);
    expect(await numbers(product.id)).toMatchObject({ reserved: 0, available: 10 });
    expect((await setStatus(order.id, "processing")).statusCode).toBe(200);
    expect((await setStatus(order.id, "processing")).statusCode).toBe(200);
    expect((await setStatus(order.id, "pending")).statusCode).toBe(200);
    expect(await numbers(product.id)).toEqual({
      on_hand: 10,
      allocated: 0,
      reserved: 4,
      available: 6,
    });
    await expectLedgerAddsUp(product.id);

    // Cancelled again, and meanwhile another shopper buys 7 of the 10: the order cannot come back.
    expect((await setStatus(order.id, "cancelled")).statusCode).toBe(200);
    await pay(await checkout(product.id, 7));
    const before = await numbers(product.id);
    const refused = await setStatus(order.id, "processing");
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(
      'Only 3 boxes of "Reopen Ash" are available now, and this order needs 4: it cannot take its boxes again. Count the stock or change the order first.',
    );
    expect(await numbers(product.id)).toEqual(before);
    expect((await orderOf(session)).status).toBe("cancelled");
    // Nor can it ship from cancelled.
    expect((await setStatus(order.id, "shipped")).statusCode).toBe(409);
    expect(await numbers(product.id)).toEqual(before);
    await expectLedgerAddsUp(product.id);
  });

  it("each dye lot shows its on hand, allocated, reserved and available", async () => {
    const product = await createProduct(db(), { name: "Lot Birch", stock_quantity: 20 });
    const saved = await callAdmin(t, "PUT", `/api/admin/products/${product.id}/lots`, {
      lots: [
        { lot_code: "A1", boxes: 6 },
        { lot_code: "B2", boxes: 10 },
      ],
    });
    expect(saved.statusCode).toBe(200);
    // A paid order of 5 comes from the smallest lot that holds it (A1); an open checkout of 8
    // from B2.
    await pay(await checkout(product.id, 5));
    await checkout(product.id, 8);
    const res = await callAdmin(t, "GET", `/api/admin/products/${product.id}/ledger`);
    expect(res.json()).toMatchObject({ on_hand: 20, allocated: 5, reserved: 8, available: 7 });
    expect(res.json().lots.map((lot: { lot_code: string }) => ({ ...lot, id: undefined }))).toEqual(
      [
        { id: undefined, lot_code: "A1", on_hand: 6, allocated: 5, reserved: 0, available: 1 },
        { id: undefined, lot_code: "B2", on_hand: 10, allocated: 0, reserved: 8, available: 2 },
      ],
    );
  });

  it("staff write off damaged boxes from what is available, never from what orders hold", async () => {
    const product = await createProduct(db(), { name: "Damaged Teak", stock_quantity: 6 });
    await pay(await checkout(product.id, 4));
    const damaged = (payload: unknown) =>
      callAdmin(t, "POST", `/api/admin/products/${product.id}/damaged`, payload);
    const written = await damaged({ boxes: 1, note: "Forklift" });
    expect(written.statusCode).toBe(200);
    expect(written.json()).toMatchObject({ on_hand: 5, allocated: 4, available: 1 });
    expect((await ledger(product.id))[0]).toMatchObject({
      reason: "damaged",
      boxes: -1,
      reference: "Forklift",
    });
    const before = await numbers(product.id);
    const tooMany = await damaged({ boxes: 2 });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().detail).toBe(
      "Only 1 box is available to write off: the boxes open orders hold stay theirs.",
    );
    expect((await damaged({ boxes: 0 })).statusCode).toBe(422);
    expect((await damaged({ boxes: 1.5 })).statusCode).toBe(422);
    expect(await numbers(product.id)).toEqual(before);
    expect(
      (await callAdmin(t, "POST", "/api/admin/products/999999/damaged", { boxes: 1 })).statusCode,
    ).toBe(404);
    await expectLedgerAddsUp(product.id);
  });

  it("a negative count, a count below what open orders hold and an unknown reason change nothing", async () => {
    const product = await createProduct(db(), { name: "Refused Elm", stock_quantity: 5 });
    await pay(await checkout(product.id, 2));
    const before = await numbers(product.id);
    const rowsBefore = (await ledger(product.id)).length;

    const negative = await count(product.id, -1);
    expect(negative.statusCode).toBe(422);
    const below = await count(product.id, 1);
    expect(below.statusCode).toBe(409);
    expect(below.json().detail).toBe(
      'Open orders hold 2 boxes of "Refused Elm" (2 paid, 0 in checkout): a count of 1 is fewer than they hold. Count again, or cancel an order first.',
    );
    expect(await numbers(product.id)).toEqual(before);
    expect(await ledger(product.id)).toHaveLength(rowsBefore);

    const badReason = await callAdmin(
      t,
      "GET",
      `/api/admin/products/${product.id}/ledger?reason=stolen`,
    );
    expect(badReason.statusCode).toBe(422);
    expect((await callAdmin(t, "GET", "/api/admin/products/999999/ledger")).statusCode).toBe(404);
  });

  it("the CSV's stock column is a count of on hand: exported as on hand, imported as a count", async () => {
    const product = await createProduct(db(), {
      name: "Csv Hickory",
      sku: `CSV-COUNT-${Date.now()}`,
      stock_quantity: 12,
    });
    await pay(await checkout(product.id, 5));
    const exported = await callAdmin(
      t,
      "GET",
      `/api/admin/products/export.csv?search=${encodeURIComponent("Csv Hickory")}`,
    );
    const [header, row] = exported.body.trim().split("\r\n");
    const stockColumn = header?.split(",").indexOf("stock_quantity") ?? -1;
    expect(row?.split(",")[stockColumn]).toBe("12");

    const file = `sku,name,stock_quantity\r\n${product.sku},Csv Hickory,11\r\n`;
    const imported = await callAdmin(t, "POST", "/api/admin/products/import", {
      csv: file,
      dry_run: false,
    });
    expect(imported.statusCode).toBe(200);
    expect(await numbers(product.id)).toEqual({
      on_hand: 11,
      allocated: 5,
      reserved: 0,
      available: 6,
    });
    const [newest] = await ledger(product.id);
    expect(newest).toMatchObject({ reason: "counted", boxes: -1, reference: "CSV import, line 2" });
    await expectLedgerAddsUp(product.id);
  });

  it.runIf(onRealPostgres)(
    "50 concurrent checkouts while a count is imported never oversell and never lose the count (PostgreSQL)",
    async () => {
      const product = await createProduct(db(), {
        name: "Rush Walnut",
        sku: `RUSH-${Date.now()}`,
        stock_quantity: 60,
      });
      const file = `sku,name,stock_quantity\r\n${product.sku},Rush Walnut,90\r\n`;
      const calls = Array.from({ length: 50 }, (_, i) =>
        t.app.inject({
          method: "POST",
          url: "/api/payments/process",
          payload: buildPaymentRequest([{ product_id: product.id, quantity: 3 }]) as object,
          remoteAddress: `198.51.101.${i + 1}`,
        }),
      );
      const [imported, ...checkouts] = await Promise.all([
        callAdmin(t, "POST", "/api/admin/products/import", { csv: file, dry_run: false }),
        ...calls,
      ]);
      expect(imported?.statusCode).toBe(200);
      const codes = checkouts.map((res) => res.statusCode);
      expect(codes.every((code) => code === 200 || code === 409)).toBe(true);
      const sold = codes.filter((code) => code === 200).length;
      // Before the count 60 boxes could go (20 checkouts); after it 90 (30).
      expect(sold).toBeGreaterThanOrEqual(20);
      expect(sold).toBeLessThanOrEqual(30);
      expect(await numbers(product.id)).toEqual({
        on_hand: 90,
        allocated: 0,
        reserved: sold * 3,
        available: 90 - sold * 3,
      });
      await expectLedgerAddsUp(product.id);
    },
  );
});
