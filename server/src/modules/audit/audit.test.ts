import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { type AdminMethod, callAdmin } from "../../../test/admin-requests.ts";
import { createOrder, createProduct } from "../../../test/factories.ts";
import { useTestApp } from "../../../test/test-app.ts";
import { orders } from "../../db/schema/index.ts";

describe("admin audit API", () => {
  const t = useTestApp();
  const call = (method: AdminMethod, url: string, payload?: unknown) =>
    callAdmin(t, method, url, payload);

  it("GET /api/admin/audit reads one entity's history newest first", async () => {
    const order = await createOrder(t.database.db);
    await call("PATCH", `/api/admin/orders/${order.id}/status`, { status: "shipped" });
    await call("PATCH", `/api/admin/orders/${order.id}/status`, { status: "delivered" });
    const res = await call("GET", `/api/admin/audit?entity_type=order&entity_id=${order.id}`);
    expect(res.json().entries.map((e: { after: { status: string } }) => e.after.status)).toEqual([
      "delivered",
      "shipped",
    ]);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.status).toBe("delivered");
    expect(res.json().entries[0]).toMatchObject({
      actor: "admin",
      entity_label: order.friendly_order_id,
    });
  });

  it("GET /api/admin/audit names each record as staff know it, and a deleted one not at all", async () => {
    const kept = await createProduct(t.database.db, { name: "Audit Kept Oak" });
    const gone = await createProduct(t.database.db, { name: "Audit Gone Ash" });
    await call("PATCH", `/api/admin/products/${kept.id}`, { our_price: 3.33 });
    await call("DELETE", `/api/admin/products/${gone.id}`);
    const res = await call("GET", "/api/admin/audit?entity_type=product&limit=200");
    expect(res.statusCode).toBe(200);
    const entries = res.json().entries as Array<{
      entity_id: string;
      entity_label: string | null;
      action: string;
      before: { name?: string } | null;
    }>;
    expect(entries.find((e) => e.entity_id === String(kept.id))).toMatchObject({
      action: "product.update",
      entity_label: "Audit Kept Oak",
    });
    // The record is gone, but its delete entry still carries what it was.
    expect(entries.find((e) => e.entity_id === String(gone.id))).toMatchObject({
      action: "product.delete",
      entity_label: null,
      before: { name: "Audit Gone Ash" },
    });
    expect((await call("GET", "/api/admin/audit?entity_type=lost")).statusCode).toBe(422);
  });
});
