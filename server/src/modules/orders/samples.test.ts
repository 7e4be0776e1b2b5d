import { finalSaleNotAcknowledged } from "@mcf/contracts/returns";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callAdmin } from "../../../test/admin-requests.ts";
import {
  buildPaymentRequest,
  createOrder,
  createProduct,
  storedStock,
} from "../../../test/factories.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import { onRealPostgres } from "../../../test/test-database.ts";
import { mailOutbox, orderItems, orders } from "../../db/schema/index.ts";
import { queueDueSampleFollowUps } from "./orders.service.ts";

const day = 86_400_000;

describe("samples as cart items", () => {
  let t: TestApp;
  beforeAll(async () => {
    // $2.00 a sample past the free five, $4.95 for a parcel of samples only, 5 days of waiting.
    t = await createTestApp({
      config: { samples: { pricePerSampleCents: 200, parcelRateCents: 495, followUpDays: 5 } },
    });
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  const calculate = (body: unknown) =>
    t.app.inject({ method: "POST", url: "/api/cart/calculate", payload: body as object });
  const startPayment = (body: unknown) =>
    t.app.inject({ method: "POST", url: "/api/payments/process", payload: body as object });
  const pay = (id: string) =>
    t.app.inject({
      method: "POST",
      url: `/api/payments/test-sessions/${id}/pay`,
      payload: { card_number: "4242 4242 4242 4242" },
    });
  const stockOf = (id: number) => storedStock(db(), id);
  const sample = (productId: number, quantity = 1) => ({
    product_id: productId,
    quantity,
    kind: "sample",
  });

  it("6 samples price as 5 free and 1 at the sample price, and a samples-only order ships by parcel at the flat rate with no pallets", async () => {
    const a = await createProduct(db(), { name: "Sample Oak A" });
    const b = await createProduct(db(), { name: "Sample Oak B" });
    const res = await calculate({
      cart_items: [sample(a.id, 4), sample(b.id, 2)],
      shipping_zip: "35203",
      shipping_state: "AL",
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(
      body.items.map((i: Record<string, unknown>) => [
        i.kind,
        i.quantity,
        i.free_quantity,
        i.total_price,
      ]),
    ).toEqual([
      ["sample", 4, 4, 0],
      ["sample", 2, 1, 2],
    ]);
    expect(body.subtotal).toBe(2);
    expect(body.shipping).toMatchObject({
      method: "parcel",
      cost: 4.95,
      pallets_needed: 0,
      total_cartons: 0,
    });
    const freight = body.delivery_options.find((o: { method: string }) => o.method === "freight");
    expect(freight).toMatchObject({ available: false });
    expect(freight.reason).toContain("Samples travel by parcel");
    // Alabama's 10% on the $2.00 of samples; no tax on delivery.
    expect(body.tax).toBe(0.2);
    expect(body.total).toBe(7.15);
  });

  it("a sample of a closeout is not final sale: it asks for no acknowledgement, while its boxes do", async () => {
    const closeout = await createProduct(db(), {
      name: "Sample Closeout",
      is_closeout: true,
      stock_quantity: 5,
    });
    const quoted = (await calculate({ cart_items: [sample(closeout.id)] })).json();
    expect(quoted.items[0]).toMatchObject({ kind: "sample", final_sale: false });
    const started = await startPayment(
      buildPaymentRequest([sample(closeout.id)], { final_sale_acknowledged: false }),
    );
    expect(started.statusCode).toBe(200);
    const boxes = await startPayment(
      buildPaymentRequest([{ product_id: closeout.id, quantity: 1 }], {
        final_sale_acknowledged: false,
      }),
    );
    expect(boxes.statusCode).toBe(422);
    expect(boxes.json().detail).toBe(finalSaleNotAcknowledged);
  });

  it("samples never add pallets, boxes or weight to the boxes they ride with", async () => {
    const p = await createProduct(db(), { cartons_per_pallet: 40, pallet_shipping_cost: 200 });
    const boxesOnly = (
      await calculate({ cart_items: [{ product_id: p.id, quantity: 40 }] })
    ).json();
    const withSamples = (
      await calculate({
        cart_items: [{ product_id: p.id, quantity: 40 }, sample(p.id, 5)],
      })
    ).json();
    expect(withSamples.shipping).toEqual(boxesOnly.shipping);
    expect(withSamples.shipping.pallets_needed).toBe(1);
    expect(withSamples.shipping.total_cartons).toBe(40);
    expect(withSamples.subtotal).toBe(boxesOnly.subtotal);
    expect(withSamples.items).toHaveLength(2);
  });

  it("refuses a sample of a product without samples, and 1,000 samples, with a clear message and no order", async () => {
    const none = await createProduct(db(), {
      name: "Hand-Scraped Hickory",
      samples_available: false,
    });
    const ok = await createProduct(db(), { stock_quantity: 10 });
    const refused = await calculate({ cart_items: [sample(none.id)] });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().detail).toMatch(/^Samples of "Hand-Scraped Hickory" are not available\./);

    const tooMany = await startPayment(buildPaymentRequest([sample(ok.id, 1000) as never]));
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().detail).toBe(
      "You can order up to 20 samples at a time; this cart has 1,000. Please remove some samples.",
    );
    const noSamples = await startPayment(buildPaymentRequest([sample(none.id) as never]));
    expect(noSamples.statusCode).toBe(422);
    const ordersOfOk = await db().select().from(orderItems).where(eq(orderItems.product_id, ok.id));
    expect(ordersOfOk).toHaveLength(0);
    expect(await stockOf(ok.id)).toBe(10);
  });

  it("a paid sample order leaves box stock unchanged, stores sample lines, and its confirmation lists the samples apart", async () => {
    const p = await createProduct(db(), { name: "Coastal Vinyl Plank", stock_quantity: 3 });
    const q = await createProduct(db(), { name: "Smoked Walnut", stock_quantity: 0 });
    const started = await startPayment(
      buildPaymentRequest([sample(p.id, 1), sample(q.id, 1)] as never, {
        delivery_method: "parcel",
      }),
    );
    expect(started.statusCode).toBe(200);
    const { id } = started.json();
    expect(await stockOf(p.id)).toBe(3);
    expect((await pay(id)).statusCode).toBe(200);
    expect(await stockOf(p.id)).toBe(3);
    expect(await stockOf(q.id)).toBe(0);
    const [order] = await db().select().from(orders).where(eq(orders.payment_session_id, id));
    expect(order).toMatchObject({
      payment_status: "paid",
      delivery_method: "parcel",
      pallets_needed: 0,
      total_cartons: 0,
      shipping_cost_cents: 495,
      subtotal_cents: 0,
    });
    const lines = await db()
      .select()
      .from(orderItems)
      .where(eq(orderItems.order_id, order?.id ?? ""));
    expect(lines.map((l) => [l.product_name, l.kind, l.total_price_cents])).toEqual([
      ["Coastal Vinyl Plank", "sample", 0],
      ["Smoked Walnut", "sample", 0],
    ]);
    const [mail] = await db()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.dedupe_key, `order-confirmation:${order?.id}`));
    expect(mail?.text).toContain("Sample: Coastal Vinyl Plank × 1");
    expect(mail?.text).toContain(
      "Your samples (2 samples: Coastal Vinyl Plank, Smoked Walnut) are cut by hand and mailed by parcel.",
    );
    expect(mail?.text).not.toContain("Coastal Vinyl Plank × 1 box");

    // Cancelling the order gives back no boxes it never took.
    const cancelled = await callAdmin(t, "PATCH", `/api/admin/orders/${order?.id}/status`, {
      status: "cancelled",
    });
    expect(cancelled.statusCode).toBe(200);
    expect(await stockOf(p.id)).toBe(3);
  });

  it("a mixed order takes only the boxes from stock, and staff see the sample line with its kind and on the samples-to-send list until ticked off", async () => {
    const p = await createProduct(db(), { name: "Ranch Oak", stock_quantity: 10 });
    const started = await startPayment(
      buildPaymentRequest([{ product_id: p.id, quantity: 2 }, sample(p.id, 1)] as never),
    );
    expect(started.statusCode).toBe(200);
    const { id } = started.json();
    await pay(id);
    expect(await stockOf(p.id)).toBe(8);
    const [order] = await db().select().from(orders).where(eq(orders.payment_session_id, id));
    const orderId = order?.id ?? "";
    const detail = (await callAdmin(t, "GET", `/api/admin/orders/${orderId}`)).json();
    expect(
      detail.items.map((i: { kind: string; quantity: number }) => [i.kind, i.quantity]),
    ).toEqual([
      ["box", 2],
      ["sample", 1],
    ]);

    const list = (await callAdmin(t, "GET", "/api/admin/samples-to-send")).json();
    const entry = list.orders.find((o: { order_id: string }) => o.order_id === orderId);
    expect(entry.samples).toEqual([{ product_name: "Ranch Oak", sku: p.sku, quantity: 1 }]);
    const ticked = await callAdmin(t, "POST", `/api/admin/orders/${orderId}/samples-sent`);
    expect(ticked.statusCode).toBe(200);
    expect(ticked.json().orders.some((o: { order_id: string }) => o.order_id === orderId)).toBe(
      false,
    );
    const again = (await callAdmin(t, "GET", `/api/admin/orders/${orderId}`)).json();
    expect(again.samples_sent_at).not.toBeNull();
    expect((await callAdmin(t, "POST", "/api/admin/orders/nope/samples-sent")).statusCode).toBe(
      404,
    );
  });

  it("the follow-up email is queued once, days after delivery, and its link offers the sampled products", async () => {
    const p = await createProduct(db(), { name: "Follow-Up Maple" });
    const order = await createOrder(db(), { lines: [{ product: p, quantity: 2, kind: "sample" }] });
    const delivered = await callAdmin(t, "PATCH", `/api/admin/orders/${order.id}/status`, {
      status: "delivered",
    });
    expect(delivered.statusCode).toBe(200);
    const [row] = await db().select().from(orders).where(eq(orders.id, order.id));
    const deliveredAt = row?.delivered_at?.getTime() ?? 0;
    expect(deliveredAt).toBeGreaterThan(0);
    const followUps = async () =>
      db()
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.dedupe_key, `sample-follow-up:${order.id}`));

    await t.app.jobs.queueSampleFollowUps(new Date(deliveredAt + 4 * day));
    expect(await followUps()).toHaveLength(0);
    await t.app.jobs.queueSampleFollowUps(new Date(deliveredAt + 5 * day + 1000));
    await t.app.jobs.queueSampleFollowUps(new Date(deliveredAt + 9 * day));
    const mails = await followUps();
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain("Follow-Up Maple");

    const link = mails[0]?.text.match(/\/samples\/reorder\?token=([A-Za-z0-9_%-]+)/);
    expect(link).not.toBeNull();
    const reorder = await t.app.inject({
      method: "GET",
      url: `/api/samples/reorder?token=${link?.[1]}`,
    });
    expect(reorder.statusCode).toBe(200);
    expect(reorder.json().products.map((x: { id: number }) => x.id)).toEqual([p.id]);
    const forged = await t.app.inject({ method: "GET", url: "/api/samples/reorder?token=forged" });
    expect(forged.statusCode).toBe(404);
    expect(forged.json().detail).toMatch(/^This link is not valid\./);
  });

  it("staff send a follow-up now once the samples went out, once: early is a 422, again is a 409, and the daily pass sends no second", async () => {
    const p = await createProduct(db(), { name: "Send-Now Walnut" });
    const order = await createOrder(db(), { lines: [{ product: p, quantity: 1, kind: "sample" }] });
    const boxesOnly = await createOrder(db(), { lines: [{ product: p, quantity: 1 }] });
    const sendNow = (id: string) =>
      callAdmin(t, "POST", `/api/admin/orders/${id}/sample-follow-up`);
    const followUps = async () =>
      db()
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.dedupe_key, `sample-follow-up:${order.id}`));

    const early = await sendNow(order.id);
    expect(early.statusCode).toBe(422);
    expect(early.json()).toEqual({
      detail: "The samples have not gone out yet: tick them off as sent first.",
    });
    expect((await sendNow(boxesOnly.id)).json()).toEqual({
      detail: "This order has no samples to follow up.",
    });
    expect((await sendNow("00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
    expect(await followUps()).toHaveLength(0);

    expect(
      (await callAdmin(t, "POST", `/api/admin/orders/${order.id}/samples-sent`)).statusCode,
    ).toBe(200);
    const sent = await sendNow(order.id);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ detail: "Follow-up email queued" });
    const again = await sendNow(order.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      detail: "This order's sample follow-up has already been sent.",
    });
    await callAdmin(t, "PATCH", `/api/admin/orders/${order.id}/status`, { status: "delivered" });
    await t.app.jobs.queueSampleFollowUps(new Date(Date.now() + 30 * day));
    const mails = await followUps();
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain("Send-Now Walnut");
    expect(mails[0]?.text).toMatch(/\/samples\/reorder\?token=/);
  });

  it.runIf(onRealPostgres)(
    "five follow-up passes at once queue one email per delivered sample order (PostgreSQL)",
    async () => {
      const p = await createProduct(db(), { name: "Race Birch" });
      const order = await createOrder(db(), {
        status: "delivered",
        delivered_at: new Date(Date.now() - 30 * day),
        lines: [{ product: p, quantity: 1, kind: "sample" }],
      });
      const passes = await Promise.all(
        Array.from({ length: 5 }, () =>
          queueDueSampleFollowUps(db(), { publicUrl: "http://store.test", followUpDays: 5 }),
        ),
      );
      expect(passes.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
      const mails = await db()
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.dedupe_key, `sample-follow-up:${order.id}`));
      expect(mails).toHaveLength(1);
    },
  );
});
