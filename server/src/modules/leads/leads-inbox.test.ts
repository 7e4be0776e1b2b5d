import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { type AdminMethod, callAdmin } from "../../../test/admin-requests.ts";
import { useTestApp } from "../../../test/test-app.ts";
import { auditLog, contactMessages, projectInquiries } from "../../db/schema/index.ts";

describe("admin inbox API", () => {
  const t = useTestApp();
  const call = (method: AdminMethod, url: string, payload?: unknown) =>
    callAdmin(t, method, url, payload);

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
});
