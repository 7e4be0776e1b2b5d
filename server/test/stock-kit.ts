import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { orders, products } from "../src/db/schema/index.ts";
import { ledgerTotals } from "../src/modules/stock/stock.service.ts";
import { callAdmin } from "./admin-requests.ts";
import { buildPaymentRequest } from "./factories.ts";
import type { TestApp } from "./test-app.ts";

/** One row of a product's stock ledger as the back office reads it. */
export interface LedgerRow {
  boxes: number;
  allocated_change: number;
  reserved_change: number;
  reason: string;
  lot_id: number | null;
  lot_code: string | null;
  reference: string | null;
  order_id: string | null;
  staff: string | null;
  created_at: string;
}

/**
 * What the stock tests read and do through the API: the four numbers, the ledger, a checkout and
 * its payment, an order's status. `app` is read at call time (the test app is made in beforeAll).
 */
export function stockKit(app: () => TestApp) {
  let address = 0;
  const db = () => app().database.db;
  return {
    /** On hand, allocated, reserved and available as the back office reads them. */
    async numbers(productId: number) {
      const res = await callAdmin(app(), "GET", `/api/admin/products/${productId}`);
      expect(res.statusCode).toBe(200);
      const { on_hand, allocated, reserved, available, stock_quantity } = res.json();
      // The public number is what can be sold now.
      expect(stock_quantity).toBe(available);
      return { on_hand, allocated, reserved, available };
    },
    /** On hand, allocated and reserved are each the sum of the product's ledger rows. */
    async expectLedgerAddsUp(productId: number) {
      const [row] = await db().select().from(products).where(eq(products.id, productId));
      expect(await ledgerTotals(db(), productId)).toEqual({
        onHand: row?.on_hand,
        allocated: row?.allocated,
        reserved: row?.reserved,
      });
      expect(row?.stock_quantity).toBe(
        (row?.on_hand ?? 0) - (row?.allocated ?? 0) - (row?.reserved ?? 0),
      );
    },
    async ledger(productId: number, query = ""): Promise<LedgerRow[]> {
      const res = await callAdmin(app(), "GET", `/api/admin/products/${productId}/ledger${query}`);
      expect(res.statusCode).toBe(200);
      return res.json().rows;
    },
    /** A checkout of `quantity` boxes, each from its own address; returns its payment session id. */
    async checkout(productId: number, quantity: number) {
      address += 1;
      const res = await app().app.inject({
        method: "POST",
        url: "/api/payments/process",
        payload: buildPaymentRequest([{ product_id: productId, quantity }]) as object,
        remoteAddress: `198.51.100.${address % 250}`,
      });
      expect(res.statusCode).toBe(200);
      return res.json().id as string;
    },
    async pay(sessionId: string) {
      const res = await app().app.inject({
        method: "POST",
        url: `/api/payments/test-sessions/${sessionId}/pay`,
        payload: { card_number: "4242 4242 4242 4242" },
      });
      expect(res.statusCode).toBe(200);
    },
    async orderOf(sessionId: string) {
      const [row] = await db()
        .select()
        .from(orders)
        .where(eq(orders.payment_session_id, sessionId));
      if (!row) throw new Error("no order");
      return row;
    },
    setStatus: (orderId: string, status: string) =>
      callAdmin(app(), "PATCH", `/api/admin/orders/${orderId}/status`, { status }),
  };
}
