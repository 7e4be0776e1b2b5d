import { orderLookupLimit, orderLookupNotFoundMessage } from "@mcf/contracts/orders";
import { describe, expect, it } from "vitest";
import { createOrder } from "../../../test/factories.ts";
import { useTestApp } from "../../../test/test-app.ts";
import { normalizeOrderNumber } from "./orders.service.ts";

describe("POST /api/track/lookup: the tracking page by order number and email", () => {
  const t = useTestApp();
  let ip = 10;
  /** Each test asks from its own address, so the rate limit of one never touches another. */
  const lookUp = (payload: Record<string, unknown>, remoteAddress = `203.0.113.${ip}`) =>
    t.app.inject({ method: "POST", url: "/api/track/lookup", payload, remoteAddress });

  it("finds a paid order whatever the case and spacing of the number and email", async () => {
    ip += 1;
    const order = await createOrder(t.database.db, {
      friendly_order_id: "MCF-7K3P9Q",
      customer_email: "lost.link@example.com",
    });
    for (const order_number of ["MCF-7K3P9Q", " mcf-7k3p9q ", "7K3P9Q", "MCF 7K3P9Q"]) {
      const res = await lookUp({ order_number, email: " Lost.Link@Example.com " });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ tracking_path: `/track/${order.tracking_token}` });
    }
  });

  it("answers a wrong number, a wrong email and an unpaid order with the same 404", async () => {
    ip += 1;
    await createOrder(t.database.db, {
      friendly_order_id: "MCF-WR0NG2",
      customer_email: "right@example.com",
    });
    await createOrder(t.database.db, {
      friendly_order_id: "MCF-UNPA1D",
      customer_email: "right@example.com",
      payment_status: "unpaid",
      status: "pending",
    });
    const answers = await Promise.all([
      lookUp({ order_number: "MCF-WR0NG3", email: "right@example.com" }),
      lookUp({ order_number: "MCF-WR0NG2", email: "wrong@example.com" }),
      lookUp({ order_number: "MCF-UNPA1D", email: "right@example.com" }),
    ]);
    for (const res of answers) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: orderLookupNotFoundMessage });
    }
  });

  it("refuses a missing number or a malformed email with a clear message", async () => {
    ip += 1;
    const noNumber = await lookUp({ order_number: " ", email: "a@example.com" });
    expect(noNumber.statusCode).toBe(422);
    expect(JSON.stringify(noNumber.json().detail)).toContain("Please enter your order number");
    const badEmail = await lookUp({ order_number: "MCF-7K3P9Q", email: "not-an-email" });
    expect(badEmail.statusCode).toBe(422);
    expect(JSON.stringify(badEmail.json().detail)).toContain("Please enter a valid email address");
  });

  it("is rate-limited per network: guessing emails stops after a few tries", async () => {
    const address = "198.51.100.77";
    for (let i = 0; i < orderLookupLimit.max; i += 1) {
      const res = await lookUp({ order_number: "MCF-GUESS1", email: `g${i}@example.com` }, address);
      expect(res.statusCode).toBe(404);
    }
    const blocked = await lookUp({ order_number: "MCF-GUESS1", email: "g@example.com" }, address);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().detail).toContain("Too many order lookups from your network");
    // Another network is not affected.
    const other = await lookUp(
      { order_number: "MCF-GUESS1", email: "g@example.com" },
      "198.51.100.78",
    );
    expect(other.statusCode).toBe(404);
  });

  it("normalizeOrderNumber reads the number as the customer types it", () => {
    expect(normalizeOrderNumber("mcf-abc234")).toBe("MCF-ABC234");
    expect(normalizeOrderNumber("ABC234")).toBe("MCF-ABC234");
    expect(normalizeOrderNumber("#MCF–ABC234")).toBe("MCF-ABC234");
  });
});
