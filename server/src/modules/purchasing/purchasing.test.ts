import { describe, expect, it } from "vitest";
import { callAdmin } from "../../../test/admin-requests.ts";
import { createProduct, storedLots } from "../../../test/factories.ts";
import { approvedPartner, bearer } from "../../../test/partner-factories.ts";
import { stockKit } from "../../../test/stock-kit.ts";
import { useTestApp } from "../../../test/test-app.ts";
import { onRealPostgres } from "../../../test/test-database.ts";

describe("purchase orders: receiving in full or in part, with dye lots and cost per box", () => {
  const t = useTestApp();

  const db = () => t.database.db;
  const { ledger, expectLedgerAddsUp } = stockKit(() => t);

  async function createPurchaseOrder(
    lines: Array<{ product_id: number; boxes_ordered: number; cost_per_box: number }>,
  ) {
    const res = await callAdmin(t, "POST", "/api/admin/purchase-orders", {
      vendor: "Mohawk Mills",
      expected_date: "2026-12-12",
      notes: "Truck to the back door",
      lines,
    });
    expect(res.statusCode).toBe(201);
    return res.json() as {
      id: number;
      number: string;
      status: string;
      lines: Array<{ id: number; boxes_remaining: number; boxes_received: number }>;
    };
  }

  const receive = (
    id: number,
    lines: Array<{ line_id: number; boxes: number; lot_code?: string }>,
  ) => callAdmin(t, "POST", `/api/admin/purchase-orders/${id}/receipts`, { lines });

  async function numbers(productId: number) {
    const res = await callAdmin(t, "GET", `/api/admin/products/${productId}`);
    expect(res.statusCode).toBe(200);
    const { on_hand, allocated, reserved, available, cost_per_box } = res.json();
    return { on_hand, allocated, reserved, available, cost_per_box };
  }

  it("staff receive part of a purchase order with its lot code, then the rest: on hand, lots, ledger and cost follow", async () => {
    const product = await createProduct(db(), { name: "Harbor Oak", stock_quantity: 4 });
    const po = await createPurchaseOrder([
      { product_id: product.id, boxes_ordered: 30, cost_per_box: 41.5 },
    ]);
    expect(po.status).toBe("open");
    expect(po.number).toBe(`PO-${po.id}`);
    const line = po.lines[0];
    if (!line) throw new Error("no line");
    expect(line.boxes_remaining).toBe(30);

    const listed = await callAdmin(t, "GET", "/api/admin/purchase-orders?status=open");
    expect(listed.json().purchase_orders.map((o: { id: number }) => o.id)).toContain(po.id);

    const first = await receive(po.id, [{ line_id: line.id, boxes: 12, lot_code: "DL-0412" }]);
    expect(first.statusCode).toBe(200);
    expect(first.json().status).toBe("partly_received");
    expect(first.json().lines[0]).toMatchObject({ boxes_received: 12, boxes_remaining: 18 });
    expect(await numbers(product.id)).toEqual({
      on_hand: 16,
      allocated: 0,
      reserved: 0,
      available: 16,
      cost_per_box: 41.5,
    });
    expect(await storedLots(db(), product.id)).toEqual({ "DL-0412": 12 });

    // The rest arrives in two dye lots, one of them the lot already on the shelf (any case).
    const rest = await receive(po.id, [
      { line_id: line.id, boxes: 10, lot_code: "dl-0412" },
      { line_id: line.id, boxes: 8, lot_code: "DL-0533" },
    ]);
    expect(rest.statusCode).toBe(200);
    expect(rest.json().status).toBe("received");
    expect(rest.json().boxes_received).toBe(30);
    expect((await numbers(product.id)).on_hand).toBe(34);
    expect(await storedLots(db(), product.id)).toEqual({ "DL-0412": 22, "DL-0533": 8 });

    const rows = await ledger(product.id);
    const received = rows.filter((row) => row.reason === "received");
    expect(received.map((row) => row.boxes)).toEqual([8, 10, 12]);
    for (const row of received) {
      expect(row.reference).toBe(`Purchase order PO-${po.id} from Mohawk Mills`);
      expect(row.staff).toBeTruthy();
      expect(row.lot_id).not.toBeNull();
    }
    await expectLedgerAddsUp(product.id);

    // Received in full: nothing left to receive or cancel.
    const again = await receive(po.id, [{ line_id: line.id, boxes: 1 }]);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toContain("received in full");
    const cancel = await callAdmin(t, "POST", `/api/admin/purchase-orders/${po.id}/cancel`);
    expect(cancel.statusCode).toBe(409);
  });

  it("receiving more boxes than are still to come is refused with a clear message, and nothing changes", async () => {
    const a = await createProduct(db(), { name: "Slate Tile", stock_quantity: 5 });
    const b = await createProduct(db(), { name: "Birch Plank", stock_quantity: 0 });
    const po = await createPurchaseOrder([
      { product_id: a.id, boxes_ordered: 10, cost_per_box: 20 },
      { product_id: b.id, boxes_ordered: 6, cost_per_box: 30 },
    ]);
    const [lineA, lineB] = po.lines;
    if (!lineA || !lineB) throw new Error("no lines");
    const before = { a: await ledger(a.id), b: await ledger(b.id) };

    // The first line is fine; the second asks for 7 of 6 (in two parts): the whole receipt fails.
    const res = await receive(po.id, [
      { line_id: lineA.id, boxes: 10, lot_code: "S-1" },
      { line_id: lineB.id, boxes: 4 },
      { line_id: lineB.id, boxes: 3 },
    ]);
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toBe(
      "Birch Plank: 7 boxes received but only 6 are still to come (6 ordered, 0 received). Nothing was received.",
    );
    expect((await numbers(a.id)).on_hand).toBe(5);
    expect((await numbers(b.id)).on_hand).toBe(0);
    expect(await ledger(a.id)).toEqual(before.a);
    expect(await ledger(b.id)).toEqual(before.b);
    expect(await storedLots(db(), a.id)).toEqual({});
    const unchanged = await callAdmin(t, "GET", `/api/admin/purchase-orders/${po.id}`);
    expect(unchanged.json()).toMatchObject({ status: "open", boxes_received: 0 });

    // A line of another purchase order is refused too.
    const other = await createPurchaseOrder([
      { product_id: a.id, boxes_ordered: 1, cost_per_box: 1 },
    ]);
    const foreign = await receive(po.id, [{ line_id: other.lines[0]?.id ?? 0, boxes: 1 }]);
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().detail).toContain("is not a line of this purchase order");
  });

  it("a cancelled purchase order receives nothing; what was received stays in the building", async () => {
    const product = await createProduct(db(), { name: "Cork Plank", stock_quantity: 0 });
    const po = await createPurchaseOrder([
      { product_id: product.id, boxes_ordered: 10, cost_per_box: 15 },
    ]);
    const lineId = po.lines[0]?.id ?? 0;
    expect((await receive(po.id, [{ line_id: lineId, boxes: 4 }])).statusCode).toBe(200);
    const cancelled = await callAdmin(t, "POST", `/api/admin/purchase-orders/${po.id}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().status).toBe("cancelled");
    const late = await receive(po.id, [{ line_id: lineId, boxes: 1 }]);
    expect(late.statusCode).toBe(409);
    expect(late.json().detail).toBe(`PO-${po.id} is cancelled: it has no boxes left to receive.`);
    expect((await numbers(product.id)).on_hand).toBe(4);
    await expectLedgerAddsUp(product.id);
  });

  it("a purchase order needs a vendor, lines and products that exist", async () => {
    const missing = await callAdmin(t, "POST", "/api/admin/purchase-orders", {
      vendor: "Mohawk Mills",
      lines: [{ product_id: 999_999, boxes_ordered: 1, cost_per_box: 1 }],
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().detail).toBe("Product 999999 does not exist");
    const empty = await callAdmin(t, "POST", "/api/admin/purchase-orders", {
      vendor: " ",
      lines: [],
    });
    expect(empty.statusCode).toBe(422);
    expect(JSON.stringify(empty.json().detail)).toContain("Vendor is required");
    const unknown = await callAdmin(t, "GET", "/api/admin/purchase-orders/999999");
    expect(unknown.statusCode).toBe(404);
  });

  it("cost per box is the last receipt's, editable in the product editor, and never in a public or partner answer", async () => {
    const product = await createProduct(db(), { name: "Secret Cost Oak", stock_quantity: 3 });
    const edited = await callAdmin(t, "PATCH", `/api/admin/products/${product.id}`, {
      cost_per_box: 12.34,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().cost_per_box).toBe(12.34);
    // A full replace that does not send the cost keeps it.
    const current = edited.json();
    const replaced = await callAdmin(t, "PUT", `/api/admin/products/${product.id}`, {
      name: current.name,
      our_price: current.our_price,
      sqft_per_carton: current.sqft_per_carton,
      stock_quantity: current.on_hand,
    });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().cost_per_box).toBe(12.34);

    const po = await createPurchaseOrder([
      { product_id: product.id, boxes_ordered: 2, cost_per_box: 13.01 },
    ]);
    await receive(po.id, [{ line_id: po.lines[0]?.id ?? 0, boxes: 2 }]);
    expect((await numbers(product.id)).cost_per_box).toBe(13.01);

    const answers = [
      await t.app.inject({ method: "GET", url: `/api/products/${product.id}` }),
      await t.app.inject({ method: "GET", url: "/api/products?q=Secret%20Cost" }),
    ];
    const partner = await approvedPartner(t.app);
    answers.push(
      await t.app.inject({
        method: "GET",
        url: `/api/ace/products/${product.id}`,
        headers: bearer(partner.token),
      }),
    );
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain("Secret Cost Oak");
      expect(res.body).not.toContain("cost_per_box");
      expect(res.body).not.toContain("13.01");
    }
  });

  it.runIf(onRealPostgres)(
    "two concurrent receipts of the last boxes receive them exactly once (PostgreSQL)",
    async () => {
      const product = await createProduct(db(), { name: "Race Maple", stock_quantity: 0 });
      const po = await createPurchaseOrder([
        { product_id: product.id, boxes_ordered: 10, cost_per_box: 9 },
      ]);
      const lineId = po.lines[0]?.id ?? 0;
      const results = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          receive(po.id, [{ line_id: lineId, boxes: 10, lot_code: `RACE-${i}` }]),
        ),
      );
      const codes = results.map((res) => res.statusCode).sort();
      expect(codes).toEqual([200, 409, 409, 409, 409, 409]);
      expect((await numbers(product.id)).on_hand).toBe(10);
      expect((await ledger(product.id)).filter((row) => row.reason === "received")).toHaveLength(1);
      await expectLedgerAddsUp(product.id);
    },
  );

  it.runIf(onRealPostgres)(
    "two concurrent partial receipts that together pass what was ordered: one is received, the other refused (PostgreSQL)",
    async () => {
      const product = await createProduct(db(), { name: "Race Cherry", stock_quantity: 2 });
      const po = await createPurchaseOrder([
        { product_id: product.id, boxes_ordered: 10, cost_per_box: 9 },
      ]);
      const lineId = po.lines[0]?.id ?? 0;
      const [first, second] = await Promise.all([
        receive(po.id, [{ line_id: lineId, boxes: 6, lot_code: "RC-1" }]),
        receive(po.id, [{ line_id: lineId, boxes: 6, lot_code: "RC-2" }]),
      ]);
      expect([first?.statusCode, second?.statusCode].sort()).toEqual([200, 422]);
      const refused = first?.statusCode === 422 ? first : second;
      expect(refused?.json().detail).toContain("only 4 are still to come");
      expect((await numbers(product.id)).on_hand).toBe(8);
      expect(Object.values(await storedLots(db(), product.id))).toEqual([6]);
      await expectLedgerAddsUp(product.id);
    },
  );
});
