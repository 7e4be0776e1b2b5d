import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrder, createProduct } from "../../../test/factories.ts";
import { startTestSmtpServer, type TestSmtpServer } from "../../../test/smtp-test-server.ts";
import { createTestApp, type TestApp, testAdminPassword } from "../../../test/test-app.ts";
import { onRealPostgres } from "../../../test/test-database.ts";
import { auditLog, mailOutbox, orders, products } from "../../db/schema/index.ts";
import { createSmtpTransport } from "../../mail/transport.ts";

const headers = { "admin-password": testAdminPassword };

describe("admin orders API", () => {
  let t: TestApp;
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    t = await createTestApp({ mailTransport: createSmtpTransport(smtp.url) });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const call = (method: "GET" | "POST" | "PATCH", url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const stock = async (id: number) =>
    (await t.database.db.select().from(products).where(eq(products.id, id)))[0]?.stock_quantity;

  it("GET /api/admin/orders lists newest first, hides cancelled unless asked, and pages with limit/offset", async () => {
    const product = await createProduct(t.database.db);
    const older = await createOrder(t.database.db, {
      created_at: new Date("2026-01-01T10:00:00Z"),
      lines: [{ product, quantity: 1 }],
    });
    const newer = await createOrder(t.database.db, {
      created_at: new Date("2026-01-02T10:00:00Z"),
    });
    const cancelled = await createOrder(t.database.db, {
      status: "cancelled",
      created_at: new Date("2026-01-03T10:00:00Z"),
    });
    const flagged = await createOrder(t.database.db, {
      needs_attention: true,
      created_at: new Date("2025-12-01T10:00:00Z"),
    });

    const list = (await call("GET", "/api/admin/orders")).json().orders;
    const ids = list.map((o: { order_id: string }) => o.order_id);
    expect(ids).toEqual([newer.id, older.id, flagged.id]);
    expect(list[0].items).toBeUndefined();

    const withItems = (await call("GET", "/api/admin/orders?include_items=true")).json().orders;
    expect(withItems[1].items).toEqual([
      expect.objectContaining({ product_name: product.name, quantity: 1 }),
    ]);

    const onlyCancelled = (await call("GET", "/api/admin/orders?status=cancelled")).json().orders;
    expect(onlyCancelled.map((o: { order_id: string }) => o.order_id)).toEqual([cancelled.id]);
    const attention = (await call("GET", "/api/admin/orders?needs_attention=true")).json().orders;
    expect(attention.map((o: { order_id: string }) => o.order_id)).toEqual([flagged.id]);

    const page = (await call("GET", "/api/admin/orders?limit=1&offset=1")).json().orders;
    expect(page.map((o: { order_id: string }) => o.order_id)).toEqual([older.id]);
    for (const query of [
      "limit=101",
      "limit=0",
      "offset=-1",
      "status=lost",
      "include_items=maybe",
    ]) {
      const res = await call("GET", `/api/admin/orders?${query}`);
      expect(res.statusCode).toBe(422);
    }
  });

  it("GET /api/admin/orders?q= finds an order by its number, the customer's name, email or phone", async () => {
    const quinn = await createOrder(t.database.db, {
      customer_name: "Quinn Okafor-Searchable",
      customer_email: "quinn.search@example.com",
      customer_phone: "(205) 555-0142",
    });
    const other = await createOrder(t.database.db, { customer_name: "Rosa Unrelated" });
    const found = async (q: string) =>
      (await call("GET", `/api/admin/orders?q=${encodeURIComponent(q)}`))
        .json()
        .orders.map((o: { order_id: string }) => o.order_id);

    expect(await found(quinn.friendly_order_id.toLowerCase())).toEqual([quinn.id]);
    expect(await found("okafor-SEARCH")).toEqual([quinn.id]);
    expect(await found("QUINN.SEARCH@")).toEqual([quinn.id]);
    expect(await found("205-555-0142")).toEqual([quinn.id]);
    expect(await found("Rosa")).toEqual([other.id]);
    // The words are data, never SQL or a wildcard.
    expect(await found("%")).toEqual([]);
    expect(await found("' OR 1=1 --")).toEqual([]);
  });

  it("GET one order shows customer, items, amounts, payment status and addresses; 404 and 422 otherwise", async () => {
    const product = await createProduct(t.database.db, {
      name: "Detail Oak",
      our_price: 2,
      sqft_per_carton: 20,
    });
    const order = await createOrder(t.database.db, { lines: [{ product, quantity: 3 }] });
    const res = await call("GET", `/api/admin/orders/${order.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      order_id: order.id,
      friendly_order_id: order.friendly_order_id,
      customer_name: "Jordan Carter",
      payment_status: "paid",
      subtotal: 120,
      billing_address: { city: "Birmingham" },
      items: [{ product_name: "Detail Oak", quantity: 3, total_price: 120 }],
    });
    expect(
      (await call("GET", "/api/admin/orders/00000000-0000-4000-8000-000000000000")).statusCode,
    ).toBe(404);
  });

  it("an order id that does not exist is 404 Order not found, whatever its shape", async () => {
    const shipping = {
      shipping_carrier: "UPS",
      tracking_number: "1Z",
      shipped_at: null,
      shipping_notes: null,
      mark_shipped: false,
      send_email: false,
    };
    for (const id of ["not-a-uuid", "ZDEVYN", "00000000-0000-4000-8000-000000000000", "1%27"]) {
      const answers = [
        await call("GET", `/api/admin/orders/${id}`),
        await call("PATCH", `/api/admin/orders/${id}/status`, { status: "shipped" }),
        await call("POST", `/api/admin/orders/${id}/shipping`, shipping),
        await call("POST", `/api/admin/orders/${id}/resend-confirmation`),
        await call("POST", `/api/admin/orders/${id}/send-shipped-email`),
      ];
      for (const res of answers) {
        expect(res.statusCode, id).toBe(404);
        expect(res.json()).toEqual({ detail: "Order not found" });
      }
    }
  });

  it("PATCH status sets any of the five values and audits it; shipped + send_email sends the shipped email", async () => {
    const order = await createOrder(t.database.db, { customer_email: "status@example.com" });
    for (const status of ["pending", "delivered", "processing"]) {
      const res = await call("PATCH", `/api/admin/orders/${order.id}/status`, {
        status,
        send_email: false,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().order.status).toBe(status);
      expect(res.json().email_queued).toBe(false);
    }
    const shipped = await call("PATCH", `/api/admin/orders/${order.id}/status`, {
      status: "shipped",
      send_email: true,
    });
    expect(shipped.json().email_queued).toBe(true);
    expect(shipped.json().order.shipped_at).not.toBeNull();
    await t.app.jobs.mail?.runOnce();
    const mail = smtp.messages.find((m) =>
      m.subject?.includes(`${order.friendly_order_id} has shipped`),
    );
    expect(mail?.text).toContain(`http://store.test/track/${order.tracking_token}`);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity_id, order.id));
    expect(
      audit
        .filter((a) => a.action === "order.status")
        .map((a) => (a.after as { status: string }).status),
    ).toEqual(["pending", "delivered", "processing", "shipped"]);
    expect(audit.some((a) => a.action === "order.send_shipped_email")).toBe(true);
    const bad = await call("PATCH", `/api/admin/orders/${order.id}/status`, { status: "lost" });
    expect(bad.statusCode).toBe(422);
  });

  it("cancelling an unshipped paid order returns its stock once; a shipped one keeps it", async () => {
    const product = await createProduct(t.database.db, { stock_quantity: 10 });
    const order = await createOrder(t.database.db, { lines: [{ product, quantity: 4 }] });
    await call("PATCH", `/api/admin/orders/${order.id}/status`, { status: "cancelled" });
    expect(await stock(product.id)).toBe(14);
    await call("PATCH", `/api/admin/orders/${order.id}/status`, { status: "processing" });
    await call("PATCH", `/api/admin/orders/${order.id}/status`, { status: "cancelled" });
    expect(await stock(product.id)).toBe(14);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.stock_status).toBe("released");

    const shipped = await createOrder(t.database.db, {
      status: "shipped",
      shipped_at: new Date(),
      lines: [{ product, quantity: 2 }],
    });
    await call("PATCH", `/api/admin/orders/${shipped.id}/status`, { status: "cancelled" });
    expect(await stock(product.id)).toBe(14);
  });

  it("POST shipping saves the fields; mark_shipped sets shipped and stamps shipped_at when empty; send_email mails the tracking link", async () => {
    const order = await createOrder(t.database.db, { customer_email: "ship@example.com" });
    const res = await call("POST", `/api/admin/orders/${order.id}/shipping`, {
      shipping_carrier: "UPS",
      tracking_number: "1Z999AA10123456784",
      shipped_at: "",
      shipping_notes: "Left at the loading dock",
      mark_shipped: true,
      send_email: true,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.email_queued).toBe(true);
    expect(body.order).toMatchObject({
      status: "shipped",
      shipping_carrier: "UPS",
      tracking_number: "1Z999AA10123456784",
      tracking_url: "https://www.ups.com/track?tracknum=1Z999AA10123456784",
      shipping_notes: "Left at the loading dock",
    });
    expect(Date.now() - Date.parse(body.order.shipped_at)).toBeLessThan(60_000);
    // Earlier tests' refund emails wait in the outbox too: deliver until it is empty.
    while ((await t.app.jobs.mail?.runOnce()) ?? 0);
    const mail = smtp.messages.find((m) =>
      m.subject?.includes(`${order.friendly_order_id} has shipped`),
    );
    expect(mail?.text).toContain("1Z999AA10123456784");
    expect(mail?.text).toContain("https://www.ups.com/track?tracknum=1Z999AA10123456784");
    expect(mail?.text).toContain(`http://store.test/track/${order.tracking_token}`);

    const track = await t.app.inject({ url: `/api/admin/orders/${order.id}`, headers });
    expect(track.json().status).toBe("shipped");

    const given = await call("POST", `/api/admin/orders/${order.id}/shipping`, {
      shipping_carrier: "FedEx",
      tracking_number: "123",
      shipped_at: "2026-03-04T15:30:00.000Z",
      mark_shipped: false,
      send_email: false,
    });
    expect(given.json().order).toMatchObject({
      shipped_at: "2026-03-04T15:30:00.000Z",
      shipping_carrier: "FedEx",
      status: "shipped",
    });
    expect(given.json().email_queued).toBe(false);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity_id, order.id));
    expect(audit.filter((a) => a.action === "order.shipping")).toHaveLength(2);
  });

  it("POST shipping rejects an unknown carrier or a bad date with 422, and marking a cancelled order shipped with 409", async () => {
    const order = await createOrder(t.database.db);
    expect(
      (
        await call("POST", `/api/admin/orders/${order.id}/shipping`, {
          shipping_carrier: "Pony Express",
        })
      ).statusCode,
    ).toBe(422);
    expect(
      (await call("POST", `/api/admin/orders/${order.id}/shipping`, { shipped_at: "yesterday" }))
        .statusCode,
    ).toBe(422);
    const cancelled = await createOrder(t.database.db, { status: "cancelled" });
    const res = await call("POST", `/api/admin/orders/${cancelled.id}/shipping`, {
      mark_shipped: true,
    });
    expect(res.statusCode).toBe(409);
  });

  it("resend-confirmation always sends, and send-shipped-email sends, with empty bodies", async () => {
    const product = await createProduct(t.database.db, { name: "Resend Oak" });
    const order = await createOrder(t.database.db, {
      customer_email: "resend@example.com",
      lines: [{ product, quantity: 1 }],
    });
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({
        method: "POST",
        url: `/api/admin/orders/${order.id}/resend-confirmation`,
        headers,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().email_queued).toBe(true);
    }
    const shippedMail = await t.app.inject({
      method: "POST",
      url: `/api/admin/orders/${order.id}/send-shipped-email`,
      headers: { ...headers, "content-type": "application/json" },
      payload: "{}",
    });
    expect(shippedMail.statusCode).toBe(200);
    const queued = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to_address, "resend@example.com"));
    expect(queued.map((m) => m.kind).sort()).toEqual([
      "order-confirmation",
      "order-confirmation",
      "order-shipped",
    ]);
    expect(queued.find((m) => m.kind === "order-confirmation")?.text).toContain("Resend Oak");
    const missing = await t.app.inject({
      method: "POST",
      url: "/api/admin/orders/00000000-0000-4000-8000-000000000000/resend-confirmation",
      headers,
    });
    expect(missing.statusCode).toBe(404);
  });

  it.runIf(onRealPostgres)(
    "two staff cancelling the same order at once return its stock only once",
    async () => {
      const product = await createProduct(t.database.db, { stock_quantity: 0 });
      const order = await createOrder(t.database.db, { lines: [{ product, quantity: 3 }] });
      await Promise.all([
        call("PATCH", `/api/admin/orders/${order.id}/status`, { status: "cancelled" }),
        call("PATCH", `/api/admin/orders/${order.id}/status`, { status: "cancelled" }),
      ]);
      expect(await stock(product.id)).toBe(3);
    },
  );

  it("GET /api/admin/orders/{id} shows the delivery chosen at checkout and what the driver needs", async () => {
    const order = await createOrder(t.database.db, {
      pallets_needed: 2,
      delivery_method: "freight",
      delivery_services: ["residential", "liftgate"],
      delivery_answers: { site_access: "small_truck_only", stairs: true, appointment_phone: null },
      delivery_estimated_date: "2026-12-02",
    });
    const res = await call("GET", `/api/admin/orders/${order.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().delivery).toEqual({
      method: "freight",
      label: "Freight delivery (2 pallets)",
      estimated_date: "2026-12-02",
      services: ["residential", "liftgate"],
      site_access: "small_truck_only",
      stairs: true,
      appointment_phone: null,
    });
  });
});
