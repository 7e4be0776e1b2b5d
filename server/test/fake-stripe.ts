import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

export interface FakeStripeRequest {
  method: string;
  path: string;
  /** Form fields with Stripe's literal bracket keys, e.g. `line_items[0][quantity]`. */
  form: Record<string, string>;
  idempotencyKey: string | undefined;
}

export interface FakeStripe {
  port: number;
  requests: FakeStripeRequest[];
  /** Sessions created so far, by id; set `payment_status` to "paid" to mimic a payment. */
  sessions: Map<string, Record<string, unknown>>;
  /** Payment intents by id (`metadata.order_id` names the order), as `GET /v1/payment_intents/{id}` answers. */
  paymentIntents: Map<string, Record<string, unknown>>;
  /** Every refund: made through the API, or added with `refundInDashboard`. */
  refunds: Array<Record<string, unknown>>;
  /** A refund staff made in Stripe's dashboard (no idempotency key, no order metadata). */
  refundInDashboard(paymentIntent: string, amountCents: number): Record<string, unknown>;
  /** Makes the next `count` session creations fail with a 500 (the SDK retries twice). */
  failCreates(count: number): void;
  close(): Promise<void>;
}

export const fakeStripeSecrets = {
  secretKey: "sk_test_fake_key_for_tests",
  webhookSecret: "whsec_test_fake_secret",
};

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** A small stand-in for Stripe's HTTP API: coupons, Checkout Sessions and refunds, enough for the SDK. */
export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: FakeStripeRequest[] = [];
  const sessions = new Map<string, Record<string, unknown>>();
  const byIdempotencyKey = new Map<string, unknown>();
  const paymentIntents = new Map<string, Record<string, unknown>>();
  const refunds: Array<Record<string, unknown>> = [];
  const newRefund = (paymentIntent: string | undefined, amount: number) => {
    const refund = {
      id: `re_${randomBytes(8).toString("hex")}`,
      object: "refund",
      payment_intent: paymentIntent,
      amount,
      status: "succeeded",
      created: Math.floor(Date.now() / 1000),
    };
    refunds.push(refund);
    return refund;
  };
  let failuresLeft = 0;
  const server: Server = createServer(async (request, response) => {
    const body = await readBody(request);
    const form = Object.fromEntries(new URLSearchParams(body));
    const path = (request.url ?? "").split("?")[0] ?? "";
    const idempotencyKey = request.headers["idempotency-key"] as string | undefined;
    requests.push({ method: request.method ?? "", path, form, idempotencyKey });
    const send = (status: number, value: unknown) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(value));
    };
    if (idempotencyKey && byIdempotencyKey.has(idempotencyKey))
      return send(200, byIdempotencyKey.get(idempotencyKey));
    if (request.method === "POST" && path === "/v1/coupons") {
      const coupon = {
        id: `co_${randomBytes(6).toString("hex")}`,
        object: "coupon",
        amount_off: Number(form.amount_off),
      };
      if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, coupon);
      return send(200, coupon);
    }
    if (request.method === "POST" && path === "/v1/checkout/sessions") {
      if (failuresLeft > 0) {
        failuresLeft -= 1;
        return send(500, { error: { type: "api_error", message: "Stripe is having a bad day" } });
      }
      const id = `cs_test_${randomBytes(16).toString("hex")}`;
      const session = {
        id,
        object: "checkout.session",
        url: `https://checkout.stripe.test/c/pay/${id}`,
        payment_status: "unpaid",
        status: "open",
        customer_email: form.customer_email,
        expires_at: Number(form.expires_at),
        metadata: { order_id: form["metadata[order_id]"] },
      };
      sessions.set(id, session);
      if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, session);
      return send(200, session);
    }
    if (request.method === "POST" && path === "/v1/refunds") {
      const refund = newRefund(form.payment_intent, Number(form.amount));
      if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, refund);
      return send(200, refund);
    }
    if (request.method === "GET" && path === "/v1/refunds") {
      const query = new URLSearchParams((request.url ?? "").split("?")[1] ?? "");
      const data = refunds.filter((r) => r.payment_intent === query.get("payment_intent"));
      return send(200, { object: "list", data, has_more: false, url: "/v1/refunds" });
    }
    const intent = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (request.method === "GET" && intent?.[1]) {
      const found = paymentIntents.get(intent[1]);
      if (!found)
        return send(404, {
          error: { type: "invalid_request_error", message: "No such payment_intent" },
        });
      return send(200, { object: "payment_intent", ...found });
    }
    const match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (request.method === "GET" && match?.[1]) {
      const session = sessions.get(match[1]);
      if (!session)
        return send(404, {
          error: { type: "invalid_request_error", message: "No such checkout.session" },
        });
      return send(200, session);
    }
    send(404, {
      error: {
        type: "invalid_request_error",
        message: `Unrecognized request URL (${request.method}: ${path})`,
      },
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    requests,
    sessions,
    paymentIntents,
    refunds,
    refundInDashboard: (paymentIntent, amountCents) => newRefund(paymentIntent, amountCents),
    failCreates(count) {
      failuresLeft = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const signer = new Stripe(fakeStripeSecrets.secretKey);

/** A webhook event about a Checkout Session, signed as Stripe signs it. */
export function signedStripeEvent(
  type: string,
  session: Record<string, unknown>,
  eventId = `evt_${randomBytes(12).toString("hex")}`,
): { payload: string; signature: string; eventId: string } {
  const payload = JSON.stringify({
    id: eventId,
    object: "event",
    api_version: "2025-01-01",
    created: Math.floor(Date.now() / 1000),
    type,
    data: { object: { object: "checkout.session", ...session } },
  });
  const signature = signer.webhooks.generateTestHeaderString({
    payload,
    secret: fakeStripeSecrets.webhookSecret,
  });
  return { payload, signature, eventId };
}

/** A signed `charge.refunded` event: the charge of a payment intent, refunded in part or whole. */
export function signedChargeRefundedEvent(
  charge: { paymentIntent: string; amountCents: number; refundedCents: number },
  eventId = `evt_${randomBytes(12).toString("hex")}`,
): { payload: string; signature: string; eventId: string } {
  const payload = JSON.stringify({
    id: eventId,
    object: "event",
    api_version: "2025-01-01",
    created: Math.floor(Date.now() / 1000),
    type: "charge.refunded",
    data: {
      object: {
        id: `ch_${charge.paymentIntent}`,
        object: "charge",
        payment_intent: charge.paymentIntent,
        amount: charge.amountCents,
        amount_refunded: charge.refundedCents,
        refunded: charge.amountCents === charge.refundedCents,
        metadata: {},
      },
    },
  });
  const signature = signer.webhooks.generateTestHeaderString({
    payload,
    secret: fakeStripeSecrets.webhookSecret,
  });
  return { payload, signature, eventId };
}
