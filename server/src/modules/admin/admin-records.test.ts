import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrder, createProduct } from "../../../test/factories.ts";
import { createTestApp, type TestApp, testAdminPassword } from "../../../test/test-app.ts";
import {
  auditLog,
  contactMessages,
  mailOutbox,
  orders,
  projectInquiries,
} from "../../db/schema/index.ts";

const headers = { "admin-password": testAdminPassword };

describe("admin coupons, inbox, outbox and audit API", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });
  const call = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  it("creates, edits and deactivates a coupon, with usage counts", async () => {
    const created = await call("POST", "/api/admin/coupons", {
      code: "spring15",
      kind: "percent",
      value: 15,
      min_subtotal: "",
      expires_at: "2027-06-30",
      usage_limit: "",
    });
    expect(created.statusCode).toBe(201);
    const coupon = created.json();
    expect(coupon).toMatchObject({
      code: "SPRING15",
      kind: "percent",
      value: 15,
      min_subtotal: 0,
      usage_limit: null,
      active: true,
      times_used: 0,
      orders_count: 0,
    });
    await createOrder(t.database.db, { coupon_code: "SPRING15" });
    const edited = await call("PATCH", `/api/admin/coupons/${coupon.id}`, {
      value: 20,
      usage_limit: 50,
    });
    expect(edited.json()).toMatchObject({ value: 20, usage_limit: 50, orders_count: 1 });
    const off = await call("PATCH", `/api/admin/coupons/${coupon.id}`, { active: false });
    expect(off.json().active).toBe(false);
    const list = (await call("GET", "/api/admin/coupons")).json().coupons;
    expect(list.find((c: { code: string }) => c.code === "SPRING15")).toMatchObject({
      active: false,
      orders_count: 1,
    });
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity_type, "coupon"));
    expect(audit.map((a) => a.action)).toEqual(["coupon.create", "coupon.update", "coupon.update"]);
  });

  it("refuses a duplicate code (409), a percent above 100 and bad fields (422)", async () => {
    await call("POST", "/api/admin/coupons", { code: "ONCE10", kind: "fixed", value: 10 });
    expect(
      (await call("POST", "/api/admin/coupons", { code: "once10", kind: "fixed", value: 5 }))
        .statusCode,
    ).toBe(409);
    for (const payload of [
      { code: "BIG", kind: "percent", value: 150 },
      { code: "x", kind: "fixed", value: 5 },
      { code: "OK1", kind: "bogus", value: 5 },
      { code: "OK2", kind: "fixed", value: 0 },
      { code: "OK3", kind: "fixed", value: 5, expires_at: "soon" },
    ]) {
      expect((await call("POST", "/api/admin/coupons", payload)).statusCode).toBe(422);
    }
    expect((await call("PATCH", "/api/admin/coupons/999999", { active: false })).statusCode).toBe(
      404,
    );
  });

  it("lists inquiries and contact messages newest first and records status and note", async () => {
    const [older] = await t.database.db
      .insert(projectInquiries)
      .values({
        name: "Old Lead",
        email: "a@example.com",
        phone: "1",
        address: "1 St",
        property_type: "Residential",
        acting_as: "Owner",
        timeline: "ASAP",
        created_at: new Date("2026-01-01"),
      })
      .returning();
    const [newer] = await t.database.db
      .insert(projectInquiries)
      .values({
        name: "New Lead",
        email: "b@example.com",
        phone: "2",
        address: "2 St",
        property_type: "Commercial",
        acting_as: "Contractor",
        timeline: "Flexible",
        flooring_type: ["Tile"],
        square_footage: 800,
      })
      .returning();
    const list = (await call("GET", "/api/admin/inquiries")).json().inquiries;
    expect(list.map((i: { id: number }) => i.id)).toEqual([newer?.id, older?.id]);
    const updated = await call("PATCH", `/api/admin/inquiries/${newer?.id}`, {
      status: "contacted",
      staff_note: "Called, visit Tuesday",
    });
    expect(updated.json()).toMatchObject({
      status: "contacted",
      staff_note: "Called, visit Tuesday",
    });
    const contacted = (await call("GET", "/api/admin/inquiries?status=contacted")).json().inquiries;
    expect(contacted.map((i: { id: number }) => i.id)).toEqual([newer?.id]);
    expect(
      (await call("PATCH", `/api/admin/inquiries/${newer?.id}`, { status: "lost" })).statusCode,
    ).toBe(422);
    expect((await call("PATCH", `/api/admin/inquiries/${newer?.id}`, {})).statusCode).toBe(422);

    const [message] = await t.database.db
      .insert(contactMessages)
      .values({ name: "Pat", email: "pat@example.com", phone: "3", message: "Do you sell cork?" })
      .returning();
    const messages = (await call("GET", "/api/admin/contact-messages")).json().messages;
    expect(messages[0]).toMatchObject({ name: "Pat", status: "new" });
    const closed = await call("PATCH", `/api/admin/contact-messages/${message?.id}`, {
      status: "closed",
    });
    expect(closed.json().status).toBe("closed");
    expect(
      (await call("PATCH", "/api/admin/contact-messages/999999", { status: "closed" })).statusCode,
    ).toBe(404);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity_type, "inquiry"));
    expect(audit[0]).toMatchObject({
      before: { status: "new", staff_note: null },
      after: { status: "contacted" },
    });
  });

  it("shows the outbox with counts and retries a failed message, but never a sent one", async () => {
    const [failed] = await t.database.db
      .insert(mailOutbox)
      .values({
        kind: "test",
        to_address: "x@example.com",
        subject: "Failed one",
        html: "<p>x</p>",
        text: "x",
        status: "failed",
        attempts: 8,
        last_error: "connection refused",
      })
      .returning();
    const [sent] = await t.database.db
      .insert(mailOutbox)
      .values({
        kind: "test",
        to_address: "y@example.com",
        subject: "Sent one",
        html: "<p>y</p>",
        text: "y",
        status: "sent",
        sent_at: new Date(),
      })
      .returning();
    const list = (await call("GET", "/api/admin/outbox")).json();
    expect(list.counts.failed).toBeGreaterThanOrEqual(1);
    expect(list.messages.find((m: { id: number }) => m.id === failed?.id)).toMatchObject({
      last_error: "connection refused",
    });
    expect(list.messages[0]).not.toHaveProperty("html");
    const onlyFailed = (await call("GET", "/api/admin/outbox?status=failed")).json().messages;
    expect(onlyFailed.every((m: { status: string }) => m.status === "failed")).toBe(true);
    const retried = await call("POST", `/api/admin/outbox/${failed?.id}/retry`);
    expect(retried.json()).toMatchObject({ status: "pending", attempts: 0 });
    expect((await call("POST", `/api/admin/outbox/${sent?.id}/retry`)).statusCode).toBe(409);
    expect((await call("POST", "/api/admin/outbox/999999/retry")).statusCode).toBe(404);
    expect((await call("GET", "/api/admin/outbox?status=lost")).statusCode).toBe(422);
  });

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
