import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { callAdmin } from "../../../test/admin-requests.ts";
import { buildPaymentRequest, createProduct, storedLots } from "../../../test/factories.ts";
import { stockKit } from "../../../test/stock-kit.ts";
import { useTestApp } from "../../../test/test-app.ts";
import { onRealPostgres } from "../../../test/test-database.ts";
import { suggestedReorder } from "../reports/reports.service.ts";

describe("the stock count screen's batch, ledger rows per dye lot and the reorder report", () => {
  const t = useTestApp();

  const db = () => t.database.db;
  const { numbers, expectLedgerAddsUp, ledger, checkout, pay, orderOf, setStatus } = stockKit(
    () => t,
  );
  const saveCounts = (counts: unknown[], note?: string) =>
    callAdmin(t, "POST", "/api/admin/stock/counts", { counts, ...(note ? { note } : {}) });
  async function withLots(productId: number, lots: Array<{ lot_code: string; boxes: number }>) {
    const res = await callAdmin(t, "PUT", `/api/admin/products/${productId}/lots`, { lots });
    expect(res.statusCode).toBe(200);
    return Object.fromEntries(
      res.json().lots.map((lot: { id: number; lot_code: string }) => [lot.lot_code, lot.id]),
    ) as Record<string, number>;
  }

  it("POST /api/admin/stock/counts: 10 in stock, a paid order of 3, a count of 10 leaves 7 available and a row of 0", async () => {
    const held = await createProduct(db(), { name: "Batch Count Oak", stock_quantity: 10 });
    const other = await createProduct(db(), { name: "Batch Count Ash", stock_quantity: 5 });
    await pay(await checkout(held.id, 3));

    const res = await saveCounts(
      [
        { product_id: held.id, on_hand: 10 },
        { product_id: other.id, on_hand: 8 },
      ],
      "Monthly count",
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().counts).toEqual([
      { product_id: held.id, lot_id: null, difference: 0, on_hand: 10, available: 7 },
      { product_id: other.id, lot_id: null, difference: 3, on_hand: 8, available: 8 },
    ]);
    expect(await numbers(held.id)).toEqual({
      on_hand: 10,
      allocated: 3,
      reserved: 0,
      available: 7,
    });
    const [newest] = await ledger(held.id);
    expect(newest).toMatchObject({
      reason: "counted",
      boxes: 0,
      reference: "Monthly count",
      staff: expect.any(String),
    });
    expect((await ledger(other.id))[0]).toMatchObject({ reason: "counted", boxes: 3 });
    await expectLedgerAddsUp(held.id);
    await expectLedgerAddsUp(other.id);
  });

  it("one bad line refuses the whole count, naming the line, and changes nothing", async () => {
    const first = await createProduct(db(), { name: "All Or Nothing Elm", stock_quantity: 4 });
    const held = await createProduct(db(), { name: "All Or Nothing Fir", stock_quantity: 6 });
    await pay(await checkout(held.id, 5));
    const before = await ledger(first.id);

    const negative = await saveCounts([
      { product_id: first.id, on_hand: 9 },
      { product_id: held.id, on_hand: -1 },
    ]);
    expect(negative.statusCode).toBe(422);
    expect(negative.json().detail).toContainEqual({
      loc: ["body", "counts", 1, "on_hand"],
      msg: "The count cannot be negative",
    });

    const fraction = await saveCounts([{ product_id: first.id, on_hand: 2.5 }]);
    expect(fraction.statusCode).toBe(422);
    expect(fraction.json().detail[0].msg).toBe("The count must be a whole number of boxes");

    const unknown = await saveCounts([
      { product_id: first.id, on_hand: 9 },
      { product_id: 987_654, on_hand: 1 },
    ]);
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().detail).toBe("Line 2: no product has id 987654.");

    const twice = await saveCounts([
      { product_id: first.id, on_hand: 9 },
      { product_id: first.id, on_hand: 8 },
    ]);
    expect(twice.statusCode).toBe(422);
    expect(twice.json().detail).toMatch(/^Line 2 counts the same product as line 1/);

    // The first line is applied before the second is refused: the transaction takes it back.
    const belowHeld = await saveCounts([
      { product_id: first.id, on_hand: 9 },
      { product_id: held.id, on_hand: 4 },
    ]);
    expect(belowHeld.statusCode).toBe(409);
    expect(belowHeld.json().detail).toMatch(
      /^Line 2: Open orders hold 5 boxes of "All Or Nothing Fir" \(5 paid, 0 in checkout\): a count of 4 is fewer than they hold/,
    );

    const empty = await saveCounts([]);
    expect(empty.statusCode).toBe(422);

    expect(await numbers(first.id)).toEqual({
      on_hand: 4,
      allocated: 0,
      reserved: 0,
      available: 4,
    });
    expect(await numbers(held.id)).toEqual({ on_hand: 6, allocated: 5, reserved: 0, available: 1 });
    expect(await ledger(first.id)).toEqual(before);
  });

  it("a dye lot counted on its own moves the lot and the product's on hand together, one row naming the lot", async () => {
    const product = await createProduct(db(), { name: "Lot Count Birch", stock_quantity: 20 });
    const lot = await withLots(product.id, [
      { lot_code: "A1", boxes: 6 },
      { lot_code: "B2", boxes: 10 },
    ]);
    // A paid order of 5 comes from A1 (the smallest lot that holds it): A1 is 6 on hand, 1 free.
    await pay(await checkout(product.id, 5));

    const below = await saveCounts([{ product_id: product.id, lot_id: lot.A1, on_hand: 4 }]);
    expect(below.statusCode).toBe(409);
    expect(below.json().detail).toMatch(/^Line 1: open orders hold 5 boxes of lot A1/);

    const res = await saveCounts([
      { product_id: product.id, lot_id: lot.B2, on_hand: 9 },
      { product_id: product.id, lot_id: lot.A1, on_hand: 7 },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().counts).toMatchObject([
      { lot_id: lot.B2, difference: -1, on_hand: 20, available: 15 },
      { lot_id: lot.A1, difference: 1, on_hand: 20, available: 15 },
    ]);
    expect(await storedLots(db(), product.id)).toEqual({ A1: 2, B2: 9 });
    const body = (await callAdmin(t, "GET", `/api/admin/products/${product.id}/ledger`)).json();
    expect(body).toMatchObject({ on_hand: 20, allocated: 5, available: 15 });
    expect(body.lots).toMatchObject([
      { lot_code: "A1", on_hand: 7, allocated: 5, available: 2 },
      { lot_code: "B2", on_hand: 9, allocated: 0, available: 9 },
    ]);
    expect(
      (await ledger(product.id, "?reason=counted")).map((row) => [row.lot_code, row.boxes]),
    ).toEqual([
      // Newest first; lots are counted in the order they were recorded.
      ["B2", -1],
      ["A1", 1],
    ]);

    const otherProduct = await createProduct(db(), { name: "Lot Count Cedar", stock_quantity: 3 });
    const mixed = await saveCounts([
      { product_id: otherProduct.id, on_hand: 3 },
      { product_id: otherProduct.id, lot_id: lot.A1, on_hand: 3 },
    ]);
    expect(mixed.statusCode).toBe(422);
    const foreign = await saveCounts([{ product_id: otherProduct.id, lot_id: lot.A1, on_hand: 3 }]);
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().detail).toBe(
      'Line 1: that dye lot is not a lot of "Lot Count Cedar" (any more).',
    );
    await expectLedgerAddsUp(product.id);
  });

  it("an order's ledger rows name the dye lot its boxes are in: reserved, allocated, shipped, cancelled; ?lot_id= keeps one lot", async () => {
    const product = await createProduct(db(), { name: "Lot Ledger Walnut", stock_quantity: 30 });
    const lot = await withLots(product.id, [
      { lot_code: "W1", boxes: 8 },
      { lot_code: "W2", boxes: 20 },
    ]);
    const shippedSession = await checkout(product.id, 6);
    await pay(shippedSession);
    const shipped = await orderOf(shippedSession);
    expect((await setStatus(shipped.id, "shipped")).statusCode).toBe(200);
    const cancelledSession = await checkout(product.id, 12);
    await pay(cancelledSession);
    const cancelled = await orderOf(cancelledSession);
    expect((await setStatus(cancelled.id, "cancelled")).statusCode).toBe(200);

    const rows = await ledger(product.id);
    const moves = rows
      .filter((row) => row.reason !== "opening" && row.reason !== "reserved")
      .map((row) => [row.reason, row.lot_code, row.boxes, row.allocated_change]);
    expect(moves).toEqual([
      ["cancelled", "W2", 0, -12],
      ["allocated", "W2", 0, 12],
      ["shipped", "W1", -6, -6],
      ["allocated", "W1", 0, 6],
    ]);
    // A checkout chooses its lots before it reserves, so its reservation names them too.
    expect(
      rows
        .filter((row) => row.reason === "reserved")
        .map((row) => [row.lot_code, row.reserved_change]),
    ).toEqual([
      ["W2", 12],
      ["W1", 6],
    ]);
    const onlyW1 = await ledger(product.id, `?lot_id=${lot.W1}`);
    expect(onlyW1.map((row) => row.reason)).toEqual(["shipped", "allocated", "reserved"]);
    const csv = await callAdmin(
      t,
      "GET",
      `/api/admin/products/${product.id}/ledger.csv?lot_id=${lot.W1}`,
    );
    const [header, newest] = csv.body.trim().split("\r\n");
    expect(header?.split(",").at(-1)).toBe("lot");
    expect(newest?.split(",")[1]).toBe("Shipped or picked up");
    expect(newest?.split(",").at(-1)).toBe("W1");
    expect(
      (await callAdmin(t, "GET", `/api/admin/products/${product.id}/ledger?lot_id=x`)).statusCode,
    ).toBe(422);
    await expectLedgerAddsUp(product.id);
  });

  it("GET /api/admin/stock/reorder lists products at or below their reorder point with 90 days' sales and a suggestion", async () => {
    const low = await createProduct(db(), {
      name: "Reorder Low Hickory",
      sku: "RE-LOW-1",
      stock_quantity: 12,
      reorder_point: 10,
    });
    const fine = await createProduct(db(), {
      name: "Reorder Fine Pine",
      stock_quantity: 50,
      reorder_point: 10,
    });
    // Sold 5 (paid), 2 more in an open checkout (not sold), 1 in a paid order then cancelled.
    await pay(await checkout(low.id, 5));
    await checkout(low.id, 2);
    const cancelledSession = await checkout(low.id, 1);
    await pay(cancelledSession);
    await setStatus((await orderOf(cancelledSession)).id, "cancelled");
    await pay(await checkout(fine.id, 1));

    const res = await callAdmin(t, "GET", "/api/admin/stock/reorder");
    expect(res.statusCode).toBe(200);
    const ids = res.json().products.map((line: { id: number }) => line.id);
    expect(ids).toContain(low.id);
    expect(ids).not.toContain(fine.id);
    expect(res.json().products.find((line: { id: number }) => line.id === low.id)).toEqual({
      id: low.id,
      name: "Reorder Low Hickory",
      sku: "RE-LOW-1",
      on_hand: 12,
      available: 5,
      reorder_point: 10,
      sold_90_days: 5,
      suggested: 0,
    });

    const csv = await callAdmin(t, "GET", "/api/admin/stock/reorder.csv");
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toMatch(/^text\/csv/);
    const lines = csv.body.trim().split("\r\n");
    expect(lines[0]).toBe("sku,name,on_hand,available,reorder_point,sold_90_days,suggested");
    expect(lines).toContain("RE-LOW-1,Reorder Low Hickory,12,5,10,5,0");
  });

  it("the suggestion covers the next 90 days at the last 90 days' rate, less what is available", () => {
    expect(suggestedReorder(30, 4)).toBe(26);
    expect(suggestedReorder(3, 10)).toBe(0);
    expect(suggestedReorder(0, 0)).toBe(0);
    fc.assert(
      fc.property(fc.nat(10_000), fc.nat(10_000), (sold, available) => {
        const suggested = suggestedReorder(sold, available);
        // Whole boxes, never negative, and with them available covers the 90 days' sales.
        expect(Number.isInteger(suggested)).toBe(true);
        expect(suggested).toBeGreaterThanOrEqual(0);
        expect(available + suggested).toBeGreaterThanOrEqual(sold);
        // No more than needed.
        if (suggested > 0) expect(available + suggested - 1).toBeLessThan(sold);
      }),
    );
  });

  it.runIf(onRealPostgres)(
    "30 concurrent checkouts while a batch count is saved never oversell and never lose the count (PostgreSQL)",
    async () => {
      const first = await createProduct(db(), { name: "Batch Rush Oak", stock_quantity: 40 });
      const second = await createProduct(db(), { name: "Batch Rush Ash", stock_quantity: 10 });
      const calls = Array.from({ length: 30 }, (_, i) =>
        t.app.inject({
          method: "POST",
          url: "/api/payments/process",
          payload: buildPaymentRequest([
            { product_id: first.id, quantity: 2 },
            { product_id: second.id, quantity: 1 },
          ]) as object,
          remoteAddress: `198.51.102.${i + 1}`,
        }),
      );
      const [counted, ...checkouts] = await Promise.all([
        saveCounts([
          { product_id: second.id, on_hand: 25 },
          { product_id: first.id, on_hand: 60 },
        ]),
        ...calls,
      ]);
      const codes = checkouts.map((res) => res.statusCode);
      expect(codes.every((code) => code === 200 || code === 409)).toBe(true);
      const sold = codes.filter((code) => code === 200).length;
      // A count lands whole or not at all: refused only when checkouts already hold more.
      if (counted?.statusCode === 200) {
        expect(await numbers(first.id)).toMatchObject({ on_hand: 60, reserved: sold * 2 });
        expect(await numbers(second.id)).toMatchObject({ on_hand: 25, reserved: sold });
      } else {
        expect(counted?.statusCode).toBe(409);
        expect(await numbers(first.id)).toMatchObject({ on_hand: 40 });
        expect(await numbers(second.id)).toMatchObject({ on_hand: 10 });
      }
      for (const id of [first.id, second.id]) {
        const now = await numbers(id);
        expect(now.available).toBeGreaterThanOrEqual(0);
        await expectLedgerAddsUp(id);
      }
    },
  );
});
