import { carriers, carrierTrackingUrl } from "@mcf/contracts/carriers";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createOrder, createProduct } from "../../../test/factories.ts";
import { testAdminPassword, useTestApp } from "../../../test/test-app.ts";
import { mailOutbox, orders } from "../../db/schema/index.ts";

const headers = { "admin-password": testAdminPassword };

describe("after the box leaves the shelf: carriers, appointment, note, checklist", () => {
  const t = useTestApp();
  const ship = (orderId: string, body: Record<string, unknown>) =>
    t.app.inject({
      method: "POST",
      url: `/api/admin/orders/${orderId}/shipping`,
      headers,
      payload: body,
    });

  it("every carrier with a tracking page links to it by the PRO or tracking number", () => {
    const ltl = carriers.filter((carrier) => carrier.kind === "ltl").map((c) => c.name);
    expect(ltl).toEqual(
      expect.arrayContaining([
        "Estes",
        "R+L Carriers",
        "Old Dominion",
        "XPO",
        "Saia",
        "ABF Freight",
      ]),
    );
    for (const carrier of carriers) {
      const url = carrierTrackingUrl(carrier.name, "PRO 123-45");
      if (carrier.trackingUrl === null) {
        expect(url).toBeNull();
        continue;
      }
      expect(url).toMatch(/^https:\/\//);
      expect(url).toContain("PRO%20123-45");
    }
    expect(carrierTrackingUrl("estes", "0628143046")).toBe(
      "https://www.estes-express.com/myestes/shipment-tracking/?type=PRO&query=0628143046",
    );
    expect(carrierTrackingUrl("Estes", null)).toBeNull();
  });

  it("staff ship with an LTL carrier and a PRO number: /api/track and the shipped email show the carrier link, appointment, note and checklist", async () => {
    const product = await createProduct(t.database.db);
    const order = await createOrder(t.database.db, {
      customer_email: "ltl-buyer@example.com",
      lines: [{ product, quantity: 7 }],
    });
    const res = await ship(order.id, {
      shipping_carrier: "Old Dominion",
      tracking_number: "28701727555",
      shipping_notes: "Two pallets; the driver calls 30 minutes ahead.",
      delivery_appointment_date: "2026-12-03",
      delivery_appointment_window: "8 AM – 12 PM",
      mark_shipped: true,
      send_email: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().order).toMatchObject({
      status: "shipped",
      tracking_url: "https://www.odfl.com/Trace/standardResult.faces?pro=28701727555",
      delivery_appointment_date: "2026-12-03",
      delivery_appointment_window: "8 AM – 12 PM",
    });

    const tracking = await t.app.inject({ url: `/api/track/${order.tracking_token}` });
    expect(tracking.json()).toMatchObject({
      status: "shipped",
      shipping_carrier: "Old Dominion",
      tracking_number: "28701727555",
      tracking_number_label: "PRO number",
      tracking_url: "https://www.odfl.com/Trace/standardResult.faces?pro=28701727555",
      total_cartons: 7,
      delivery: { method: "freight", label: "Freight delivery (1 pallet)" },
      appointment: { date: "2026-12-03", window: "8 AM – 12 PM" },
      note: "Two pallets; the driver calls 30 minutes ahead.",
    });
    // Nothing about the customer on the tracking answer.
    expect(JSON.stringify(tracking.json())).not.toContain("ltl-buyer@example.com");

    const [mail] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.to_address, "ltl-buyer@example.com"),
          eq(mailOutbox.kind, "order-shipped"),
        ),
      );
    expect(mail?.text).toContain("Carrier: Old Dominion");
    expect(mail?.text).toContain("PRO number: 28701727555");
    expect(mail?.text).toContain("https://www.odfl.com/Trace/standardResult.faces?pro=28701727555");
    expect(mail?.text).toContain("Delivery appointment: Thursday, December 3, 2026, 8 AM – 12 PM");
    expect(mail?.text).toContain(
      "A note from our team: Two pallets; the driver calls 30 minutes ahead.",
    );
    expect(mail?.text).toContain("Inspect before you sign:");
    expect(mail?.text).toContain("this order has 7 boxes");
    expect(mail?.text).toContain("Write any damage or shortage on the delivery receipt");
  });

  it("a parcel carrier keeps the words tracking number, and an order not yet shipped has no appointment", async () => {
    const order = await createOrder(t.database.db);
    const before = (await t.app.inject({ url: `/api/track/${order.tracking_token}` })).json();
    expect(before).toMatchObject({ appointment: null, note: null, tracking_url: null });
    await ship(order.id, { shipping_carrier: "UPS", tracking_number: "1Z999AA10123456784" });
    const after = (await t.app.inject({ url: `/api/track/${order.tracking_token}` })).json();
    expect(after).toMatchObject({
      tracking_number_label: "Tracking number",
      tracking_url: "https://www.ups.com/track?tracknum=1Z999AA10123456784",
    });
  });

  it("bad shipping input is refused with a clear message and changes nothing", async () => {
    const order = await createOrder(t.database.db);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ shipping_carrier: "Pony Express" }, "Carrier must be one of"],
      [{ delivery_appointment_date: "2026-02-30" }, "The appointment date is not a real date"],
      [{ delivery_appointment_date: "next Tuesday" }, "The appointment date must be a date"],
      [{ delivery_appointment_window: "8 AM – 12 PM" }, "Choose the appointment date"],
      [{ tracking_number: "<b>123</b>" }, "may contain only letters, digits, spaces and dashes"],
    ];
    for (const [body, message] of cases) {
      const res = await ship(order.id, { shipping_carrier: "Estes", mark_shipped: true, ...body });
      expect(res.statusCode).toBe(422);
      expect(JSON.stringify(res.json().detail)).toContain(message);
    }
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({
      status: "processing",
      shipping_carrier: null,
      delivery_appointment_date: null,
    });
  });
});
