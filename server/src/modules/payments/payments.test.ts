import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildPaymentRequest,
  createCoupon,
  createPartnerWithSession,
  createProduct,
  storedStock,
} from "../../../test/factories.ts";
import { startTestSmtpServer, type TestSmtpServer } from "../../../test/smtp-test-server.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import { onRealPostgres } from "../../../test/test-database.ts";
import { coupons, mailOutbox, orderItems, orders, products } from "../../db/schema/index.ts";
import { createSmtpTransport } from "../../mail/transport.ts";
import { markPaid } from "../orders/orders.service.ts";

describe("payments with the built-in test payment page", () => {
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

  const db = () => t.database.db;
  const process = (body: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: "POST",
      url: "/api/payments/process",
      payload: body as object,
      headers,
    });
  const pay = (id: string, card: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: "POST",
      url: `/api/payments/test-sessions/${id}/pay`,
      payload: { card_number: card },
      headers,
    });
  const stockOf = (id: number) => storedStock(db(), id);
  const orderOf = async (sessionId: string) =>
    (await db().select().from(orders).where(eq(orders.payment_session_id, sessionId)))[0];
  const confirmations = async (orderId: string) =>
    (await db().select().from(mailOutbox).where(eq(mailOutbox.kind, "order-confirmation"))).filter(
      (m) => m.dedupe_key === `order-confirmation:${orderId}`,
    ).length;

  it("POST /api/payments/process recomputes every amount, ignoring forged ones, and reserves the stock", async () => {
    const p = await createProduct(db(), {
      our_price: 5,
      sqft_per_carton: 20,
      stock_quantity: 10,
      pallet_shipping_cost: 150,
    });
    const res = await process(
      buildPaymentRequest(
        [{ product_id: p.id, quantity: 2, unit_price: 0.01, total_price: 0.02 } as never],
        {
          subtotal: 0.02,
          shipping_cost: 0,
          tax_amount: 0,
          total_amount: 0.02,
        },
      ),
    );
    expect(res.statusCode).toBe(200);
    const { id, url } = res.json();
    expect(id).toMatch(/^test_[A-Za-z0-9_-]{27}$/);
    expect(url).toBe(`http://store.test/pay/${id}`);
    const order = await orderOf(id);
    expect(order).toMatchObject({
      status: "pending",
      payment_status: "unpaid",
      stock_status: "reserved",
      payment_provider: "test",
      subtotal_cents: 20000,
      shipping_cost_cents: 15000,
      tax_amount_cents: 2000,
      total_amount_cents: 37000,
      total_cartons: 2,
      pallets_needed: 1,
    });
    expect(order?.friendly_order_id).toMatch(/^MCF-[2-9A-HJKMNP-TV-Z]{6}$/);
    expect(order?.tracking_token.length).toBeGreaterThanOrEqual(32);
    const minutes = ((order?.payment_expires_at.getTime() ?? 0) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(29);
    expect(minutes).toBeLessThanOrEqual(30);
    expect(await stockOf(p.id)).toBe(8);
    const [item] = await db()
      .select()
      .from(orderItems)
      .where(eq(orderItems.order_id, order?.id ?? ""));
    expect(item).toMatchObject({
      product_name: p.name,
      quantity: 2,
      unit_price_cents: 10000,
      total_price_cents: 20000,
      price_source: "public",
    });
  });

  it("answers 409 naming the product and how many boxes are left", async () => {
    const p = await createProduct(db(), { name: "Last Few Oak", stock_quantity: 3 });
    const res = await process(buildPaymentRequest([{ product_id: p.id, quantity: 4 }]));
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(
      'Sorry, only 3 boxes of "Last Few Oak" are left. Please lower the quantity in your cart.',
    );
    const none = await createProduct(db(), { name: "Gone Oak", stock_quantity: 0 });
    const gone = await process(buildPaymentRequest([{ product_id: none.id, quantity: 1 }]));
    expect(gone.json().detail).toBe(
      'Sorry, "Gone Oak" is out of stock. Please remove it from your cart.',
    );
    expect(await stockOf(p.id)).toBe(3);
  });

  it("rolls back every line when one line is short", async () => {
    const plenty = await createProduct(db(), { stock_quantity: 50 });
    const short = await createProduct(db(), { stock_quantity: 1 });
    const res = await process(
      buildPaymentRequest([
        { product_id: plenty.id, quantity: 5 },
        { product_id: short.id, quantity: 2 },
      ]),
    );
    expect(res.statusCode).toBe(409);
    expect(await stockOf(plenty.id)).toBe(50);
  });

  it("validates the whole payment request with 422", async () => {
    const p = await createProduct(db());
    const bad = buildPaymentRequest([{ product_id: p.id, quantity: 1 }], {
      customer_name: "  ",
      customer_email: "not-an-email",
      billing_address: {
        street: "1 A St",
        city: "B",
        state: "Alabama",
        zip_code: "123",
        country: "US",
      },
    });
    const res = await process(bad);
    expect(res.statusCode).toBe(422);
    const messages = res.json().detail.map((d: { msg: string }) => d.msg);
    expect(messages).toEqual(
      expect.arrayContaining([
        "Name is required",
        "Please enter a valid email address",
        "State must be a two-letter code",
        "ZIP code must be 5 digits (or ZIP+4)",
      ]),
    );
  });

  it("taxes by the shipping address when it differs from billing", async () => {
    const p = await createProduct(db(), { our_price: 5, sqft_per_carton: 20 });
    const res = await process(
      buildPaymentRequest([{ product_id: p.id, quantity: 1 }], {
        shipping_address: {
          street: "5 Elm St",
          city: "Atlanta",
          state: "GA",
          zip_code: "30301",
          country: "US",
        },
      }),
    );
    const order = await orderOf(res.json().id);
    expect(order?.tax_amount_cents).toBe(0);
    expect(order?.shipping_address?.city).toBe("Atlanta");
  });

  it("the test page shows the session, and 4242 4242 4242 4242 pays once: order processing, stock kept, coupon counted, one confirmation email with the tracking link", async () => {
    const p = await createProduct(db(), {
      name: "Paid Oak",
      our_price: 5,
      sqft_per_carton: 20,
      stock_quantity: 10,
    });
    await createCoupon(db(), { code: "PAYTEN", value: "10", min_subtotal: "0" });
    const { id } = (
      await process(
        buildPaymentRequest([{ product_id: p.id, quantity: 3 }], {
          coupon_code: "payten",
          customer_email: "paid.buyer@example.com",
        }),
      )
    ).json();

    const view = await t.app.inject(`/api/payments/test-sessions/${id}`);
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({
      id,
      amount: 497,
      currency: "usd",
      status: "open",
      customer_email: "paid.buyer@example.com",
      items: [{ product_name: "Paid Oak", quantity: 3, total_price: 300 }],
    });

    const paid = await pay(id, "4242 4242 4242 4242", { origin: "http://store.test" });
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toEqual({ redirect_url: `/success?session_id=${id}` });
    const order = await orderOf(id);
    expect(order).toMatchObject({
      status: "processing",
      payment_status: "paid",
      stock_status: "committed",
      coupon_code: "PAYTEN",
      discount_amount_cents: 3000,
    });
    expect(await stockOf(p.id)).toBe(7);
    const [coupon] = await db().select().from(coupons).where(eq(coupons.code, "PAYTEN"));
    expect(coupon?.times_used).toBe(1);

    const again = await pay(id, "4242424242424242");
    expect(again.json()).toEqual({ redirect_url: `/success?session_id=${id}` });
    expect(await confirmations(order?.id ?? "")).toBe(1);
    expect((await t.app.inject(`/api/payments/test-sessions/${id}`)).json().status).toBe("paid");

    await t.app.jobs.mail?.runOnce();
    const mail = (await smtp.waitFor(1)).find((m) =>
      m.subject?.includes(order?.friendly_order_id ?? "?"),
    );
    expect(mail?.subject).toBe(`Your Magic City Floors order ${order?.friendly_order_id}`);
    expect(mail?.text).toContain(
      `Track your order: http://store.test/track/${order?.tracking_token}`,
    );
    expect(mail?.text).toContain("Paid Oak × 3 boxes: $300.00");
    expect(mail?.text).toContain("Discount (PAYTEN): -$30.00");
    expect(mail?.text).toContain("Sales tax: $27.00");
    expect(mail?.text).toContain("Total paid: $497.00");
    expect(mail?.text).toContain("100 Main St");
  });

  it("a declined card leaves the order unpaid with its stock held, and another card can pay it", async () => {
    const p = await createProduct(db(), { stock_quantity: 6 });
    const { id } = (await process(buildPaymentRequest([{ product_id: p.id, quantity: 4 }]))).json();
    expect(await stockOf(p.id)).toBe(2);
    const res = await pay(id, "4000 0000 0000 0002");
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ detail: "Your card was declined. Please try another card." });
    expect(await orderOf(id)).toMatchObject({
      status: "pending",
      payment_status: "unpaid",
      stock_status: "reserved",
    });
    expect((await t.app.inject(`/api/payments/test-sessions/${id}`)).json().status).toBe("open");
    expect((await pay(id, "4000 0000 0000 0002")).statusCode).toBe(402);
    const retry = await pay(id, "4242 4242 4242 4242");
    expect(retry.statusCode).toBe(200);
    expect(await orderOf(id)).toMatchObject({ status: "processing", payment_status: "paid" });
    expect(await stockOf(p.id)).toBe(2);
  });

  it("a declined session that is cancelled returns its stock", async () => {
    const p = await createProduct(db(), { stock_quantity: 3 });
    const { id } = (await process(buildPaymentRequest([{ product_id: p.id, quantity: 3 }]))).json();
    expect((await pay(id, "4000 0000 0000 0002")).statusCode).toBe(402);
    const cancel = await t.app.inject({
      method: "POST",
      url: `/api/payments/test-sessions/${id}/cancel`,
    });
    expect(cancel.json()).toEqual({ redirect_url: "/cart?step=checkout" });
    expect(await stockOf(p.id)).toBe(3);
  });

  it("refuses other card numbers with the test card hint", async () => {
    const p = await createProduct(db());
    const { id } = (await process(buildPaymentRequest([{ product_id: p.id, quantity: 1 }]))).json();
    const res = await pay(id, "5555 5555 5555 4444");
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ detail: "Use test card 4242 4242 4242 4242" });
    for (const card of ["4242-4242-4242-4242", "", "4242 4242 4242 424"]) {
      const other = await pay(id, card);
      expect(other.statusCode).toBe(422);
      expect(other.json()).toEqual({ detail: "Use test card 4242 4242 4242 4242" });
    }
    expect((await orderOf(id))?.payment_status).toBe("unpaid");
  });

  it("cancel returns the stock and sends the shopper back to checkout", async () => {
    const p = await createProduct(db(), { stock_quantity: 5 });
    const { id } = (await process(buildPaymentRequest([{ product_id: p.id, quantity: 5 }]))).json();
    expect(await stockOf(p.id)).toBe(0);
    const res = await t.app.inject({
      method: "POST",
      url: `/api/payments/test-sessions/${id}/cancel`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ redirect_url: "/cart?step=checkout" });
    expect(await orderOf(id)).toMatchObject({ status: "cancelled", payment_status: "cancelled" });
    expect(await stockOf(p.id)).toBe(5);
  });

  it("accepts the test page's form posts only from the store's own origin", async () => {
    const p = await createProduct(db());
    const { id } = (await process(buildPaymentRequest([{ product_id: p.id, quantity: 1 }]))).json();
    const evil = await pay(id, "4242 4242 4242 4242", { origin: "https://evil.example" });
    expect(evil.statusCode).toBe(403);
    const evilReferer = await t.app.inject({
      method: "POST",
      url: `/api/payments/test-sessions/${id}/cancel`,
      headers: { referer: "https://evil.example/page" },
    });
    expect(evilReferer.statusCode).toBe(403);
    expect((await orderOf(id))?.payment_status).toBe("unpaid");
    const ok = await pay(id, "4242 4242 4242 4242", { referer: `http://store.test/pay/${id}` });
    expect(ok.statusCode).toBe(200);
  });

  it("answers 404 for an unknown test session", async () => {
    const res = await t.app.inject("/api/payments/test-sessions/test_unknown_session_id");
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: "Payment session not found" });
  });

  it("the expiry sweeper cancels overdue unpaid orders and returns their stock, once", async () => {
    const p = await createProduct(db(), { stock_quantity: 10 });
    const { id } = (await process(buildPaymentRequest([{ product_id: p.id, quantity: 4 }]))).json();
    expect(await stockOf(p.id)).toBe(6);
    const later = new Date(Date.now() + 31 * 60_000);
    expect(await t.app.jobs.sweepExpiredPayments(later)).toBeGreaterThanOrEqual(1);
    expect(await orderOf(id)).toMatchObject({
      status: "cancelled",
      payment_status: "expired",
      stock_status: "released",
    });
    expect(await stockOf(p.id)).toBe(10);
    await t.app.jobs.sweepExpiredPayments(later);
    expect(await stockOf(p.id)).toBe(10);
  });

  it("a session past its expiry cannot be paid on the test page", async () => {
    const p = await createProduct(db(), { stock_quantity: 10 });
    const { id } = (await process(buildPaymentRequest([{ product_id: p.id, quantity: 2 }]))).json();
    await db()
      .update(orders)
      .set({ payment_expires_at: new Date(Date.now() - 1000) })
      .where(eq(orders.payment_session_id, id));
    expect((await t.app.inject(`/api/payments/test-sessions/${id}`)).json().status).toBe("expired");
    const res = await pay(id, "4242 4242 4242 4242");
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(
      "This payment session has expired. Please return to your cart and try again.",
    );
    expect(await stockOf(p.id)).toBe(10);
  });

  it("a payment completing after its reservation expired still becomes a paid order: stock taken again, or flagged when short", async () => {
    const p = await createProduct(db(), { stock_quantity: 5 });
    const first = (await process(buildPaymentRequest([{ product_id: p.id, quantity: 2 }]))).json()
      .id;
    const second = (await process(buildPaymentRequest([{ product_id: p.id, quantity: 3 }]))).json()
      .id;
    await t.app.jobs.sweepExpiredPayments(new Date(Date.now() + 31 * 60_000));
    expect(await stockOf(p.id)).toBe(5);
    // Someone else buys 2 boxes meanwhile.
    const other = (await process(buildPaymentRequest([{ product_id: p.id, quantity: 2 }]))).json()
      .id;
    expect(await stockOf(p.id)).toBe(3);

    await markPaid(db(), first, { publicUrl: "http://store.test" });
    expect(await orderOf(first)).toMatchObject({
      status: "processing",
      payment_status: "paid",
      stock_status: "committed",
      needs_attention: false,
    });
    expect(await stockOf(p.id)).toBe(1);

    await markPaid(db(), second, { publicUrl: "http://store.test" });
    expect(await orderOf(second)).toMatchObject({
      status: "processing",
      payment_status: "paid",
      stock_status: "released",
      needs_attention: true,
    });
    expect(await stockOf(p.id)).toBe(1);
    expect(await orderOf(other)).toMatchObject({
      payment_status: "unpaid",
      stock_status: "reserved",
    });
  });

  it("an approved partner pays the partner price and the order records the partner", async () => {
    const p = await createProduct(db(), { our_price: 5, ace_shown_price: 4, sqft_per_carton: 10 });
    const { user, token } = await createPartnerWithSession(db());
    const res = await process(buildPaymentRequest([{ product_id: p.id, quantity: 1 }]), {
      authorization: `Bearer ${token}`,
    });
    const order = await orderOf(res.json().id);
    expect(order).toMatchObject({ partner_user_id: user.id, subtotal_cents: 4000 });
    const [item] = await db()
      .select()
      .from(orderItems)
      .where(eq(orderItems.order_id, order?.id ?? ""));
    expect(item?.price_source).toBe("partner");
  });

  it("a pending or disabled partner, or an unknown token, pays the public price and the order names no partner", async () => {
    const p = await createProduct(db(), { our_price: 5, ace_shown_price: 4, sqft_per_carton: 10 });
    const { token: pendingToken } = await createPartnerWithSession(db(), { status: "pending" });
    const { token: disabledToken } = await createPartnerWithSession(db(), { status: "disabled" });
    for (const token of [pendingToken, disabledToken, "not-a-session-token"]) {
      const res = await process(buildPaymentRequest([{ product_id: p.id, quantity: 1 }]), {
        authorization: `Bearer ${token}`,
      });
      expect(res.statusCode).toBe(200);
      const order = await orderOf(res.json().id);
      expect(order).toMatchObject({ partner_user_id: null, subtotal_cents: 5000 });
    }
  });

  it("a coupon that no longer applies at payment answers 422 with the reason; a limited coupon held by an unpaid order is used up", async () => {
    const p = await createProduct(db(), { our_price: 5, sqft_per_carton: 20 });
    await createCoupon(db(), { code: "SINGLE", usage_limit: 1 });
    const first = await process(
      buildPaymentRequest([{ product_id: p.id, quantity: 1 }], { coupon_code: "SINGLE" }),
    );
    expect(first.statusCode).toBe(200);
    const second = await process(
      buildPaymentRequest([{ product_id: p.id, quantity: 1 }], { coupon_code: "single" }),
    );
    expect(second.statusCode).toBe(422);
    expect(second.json()).toEqual({ detail: "This coupon has reached its usage limit" });
    const unknown = await process(
      buildPaymentRequest([{ product_id: p.id, quantity: 1 }], { coupon_code: "NOSUCH" }),
    );
    expect(unknown.json()).toEqual({ detail: "Invalid coupon code" });
  });

  it("a one-per-customer coupon is refused to an email that paid with it or holds it, whatever its case", async () => {
    const p = await createProduct(db(), { our_price: 5, sqft_per_carton: 20, stock_quantity: 20 });
    await createCoupon(db(), { code: "FIRSTONLY", once_per_customer: true });
    const order = (email: string) =>
      process(
        buildPaymentRequest([{ product_id: p.id, quantity: 1 }], {
          coupon_code: "firstonly",
          customer_email: email,
        }),
      );
    const first = await order("first.timer@example.com");
    expect(first.statusCode).toBe(200);
    // Held by an open checkout, then paid: refused to the same email either way.
    const held = await order("First.Timer@Example.com");
    expect(held.statusCode).toBe(422);
    await pay(first.json().id, "4242424242424242", { origin: "http://store.test" });
    const again = await order("first.timer@example.com");
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({
      detail: "This coupon can be used once per customer, and this email address has used it",
    });
    // Another customer still can; a coupon without the rule takes repeat customers.
    expect((await order("someone.else@example.com")).statusCode).toBe(200);
    await createCoupon(db(), { code: "ANYTIME" });
    const repeat = await process(
      buildPaymentRequest([{ product_id: p.id, quantity: 1 }], {
        coupon_code: "ANYTIME",
        customer_email: "first.timer@example.com",
      }),
    );
    expect(repeat.statusCode).toBe(200);
  });
});

describe("payments under concurrency (PostgreSQL)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  // Many shoppers, each from their own address, so the per-address rate limit stays out of the way.
  let shopper = 0;
  const process = (body: unknown) =>
    t.app.inject({
      method: "POST",
      url: "/api/payments/process",
      payload: body as object,
      headers: { "x-forwarded-for": `10.0.${Math.floor(++shopper / 250)}.${shopper % 250}` },
    });
  const pay = (id: string, card: string) =>
    t.app.inject({
      method: "POST",
      url: `/api/payments/test-sessions/${id}/pay`,
      payload: { card_number: card },
    });
  const stockOf = (id: number) => storedStock(db(), id);
  const orderOf = async (sessionId: string) =>
    (await db().select().from(orders).where(eq(orders.payment_session_id, sessionId)))[0];
  const confirmations = async (orderId: string) =>
    (
      await db()
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.dedupe_key, `order-confirmation:${orderId}`))
    ).length;

  it.runIf(onRealPostgres)(
    "20 concurrent payment requests for a product with 5 boxes: exactly 5 reserve, the rest get 409 (PostgreSQL)",
    async () => {
      const p = await createProduct(db(), { name: "Scarce Walnut", stock_quantity: 5 });
      const results = await Promise.all(
        Array.from({ length: 20 }, () =>
          process(buildPaymentRequest([{ product_id: p.id, quantity: 1 }])),
        ),
      );
      const codes = results.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 200)).toHaveLength(5);
      expect(codes.filter((c) => c === 409)).toHaveLength(15);
      expect(results.find((r) => r.statusCode === 409)?.json().detail).toBe(
        'Sorry, "Scarce Walnut" is out of stock. Please remove it from your cart.',
      );
      expect(await stockOf(p.id)).toBe(0);
      const [row] = await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(orderItems)
        .where(eq(orderItems.product_id, p.id));
      expect(Number(row?.n)).toBe(5);
    },
  );

  it.runIf(onRealPostgres)(
    "50 concurrent completions and 10 success-page lookups make one paid order, one stock commit and one email (PostgreSQL)",
    async () => {
      const p = await createProduct(db(), { stock_quantity: 10 });
      await createCoupon(db(), { code: "RACE5", value: "5" });
      const { id } = (
        await process(
          buildPaymentRequest([{ product_id: p.id, quantity: 3 }], { coupon_code: "RACE5" }),
        )
      ).json();
      const calls = [
        ...Array.from({ length: 50 }, () => pay(id, "4242 4242 4242 4242")),
        ...Array.from({ length: 10 }, () => t.app.inject(`/api/orders/by-session/${id}`)),
      ];
      const results = await Promise.all(calls);
      expect(results.every((r) => r.statusCode === 200)).toBe(true);
      const order = await orderOf(id);
      expect(order).toMatchObject({ payment_status: "paid", stock_status: "committed" });
      expect(await stockOf(p.id)).toBe(7);
      expect(await confirmations(order?.id ?? "")).toBe(1);
      const [coupon] = await db().select().from(coupons).where(eq(coupons.code, "RACE5"));
      expect(coupon?.times_used).toBe(1);
    },
  );

  it.runIf(onRealPostgres)(
    "a sweep racing a payment never both releases and commits the stock (PostgreSQL)",
    async () => {
      const p = await createProduct(db(), { stock_quantity: 10 });
      const ids: string[] = [];
      for (let i = 0; i < 5; i++)
        ids.push(
          (await process(buildPaymentRequest([{ product_id: p.id, quantity: 1 }]))).json().id,
        );
      await db()
        .update(orders)
        .set({ payment_expires_at: new Date(Date.now() - 1000) })
        .where(inArray(orders.payment_session_id, ids));
      await Promise.all([
        t.app.jobs.sweepExpiredPayments(),
        t.app.jobs.sweepExpiredPayments(),
        ...ids.map((id) => markPaid(db(), id, { publicUrl: "http://store.test" })),
      ]);
      const rows = await db().select().from(orders).where(inArray(orders.payment_session_id, ids));
      expect(rows.every((o) => o.payment_status === "paid" && o.stock_status === "committed")).toBe(
        true,
      );
      expect(await stockOf(p.id)).toBe(5);
    },
  );
  it.runIf(onRealPostgres)(
    "the sweeper returns stock in product order, so it cannot deadlock with a checkout (PostgreSQL)",
    async () => {
      const [p1, p2, p3] = [
        await createProduct(db(), { stock_quantity: 100 }),
        await createProduct(db(), { stock_quantity: 100 }),
        await createProduct(db(), { stock_quantity: 100 }),
      ];
      // Two overdue orders, {p1, p3} then {p2}: returned order by order, the sweep would lock
      // p1, p3 and then wait for p2, while a checkout holding p2 waits for p3.
      const first = (
        await process(
          buildPaymentRequest([
            { product_id: p1.id, quantity: 1 },
            { product_id: p3.id, quantity: 1 },
          ]),
        )
      ).json().id;
      const second = (
        await process(buildPaymentRequest([{ product_id: p2.id, quantity: 1 }]))
      ).json().id;
      await db()
        .update(orders)
        .set({ payment_expires_at: new Date(Date.now() - 2000) })
        .where(eq(orders.payment_session_id, first));
      await db()
        .update(orders)
        .set({ payment_expires_at: new Date(Date.now() - 1000) })
        .where(eq(orders.payment_session_id, second));

      const someoneWaitsForALock = async () => {
        for (let i = 0; i < 200; i++) {
          const result = await db().execute(
            sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
          );
          if (Number((result.rows[0] as { n: number }).n) > 0) return;
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
        throw new Error("the sweep never waited for the checkout's lock");
      };
      let p2Taken!: () => void;
      const p2Locked = new Promise<void>((resolve) => {
        p2Taken = resolve;
      });
      const takeOne = {
        stock_quantity: sql`${products.stock_quantity} - 1`,
        reserved: sql`${products.reserved} + 1`,
      };
      const checkout = db().transaction(async (tx) => {
        await tx.update(products).set(takeOne).where(eq(products.id, p2.id));
        p2Taken();
        await someoneWaitsForALock();
        await tx.update(products).set(takeOne).where(eq(products.id, p3.id));
      });
      await p2Locked;
      const sweep = t.app.jobs.sweepExpiredPayments();
      const outcomes = await Promise.allSettled([checkout, sweep]);
      expect(outcomes.map((o) => o.status)).toEqual(["fulfilled", "fulfilled"]);
      expect(await stockOf(p1.id)).toBe(100);
      expect(await stockOf(p2.id)).toBe(99);
      expect(await stockOf(p3.id)).toBe(99);
    },
  );
});
