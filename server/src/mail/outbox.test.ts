import { describe, expect, it } from "vitest";
import { type AdminMethod, callAdmin } from "../../test/admin-requests.ts";
import { useTestApp } from "../../test/test-app.ts";
import { mailOutbox } from "../db/schema/index.ts";

describe("admin outbox API", () => {
  const t = useTestApp();
  const call = (method: AdminMethod, url: string, payload?: unknown) =>
    callAdmin(t, method, url, payload);

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

    // One message opens with what its reader got.
    const opened = await call("GET", `/api/admin/outbox/${sent?.id}`);
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({ subject: "Sent one", text: "y", attachments: [] });
    expect(opened.json()).not.toHaveProperty("html");
    expect((await call("GET", "/api/admin/outbox/999999")).statusCode).toBe(404);
  });
});
