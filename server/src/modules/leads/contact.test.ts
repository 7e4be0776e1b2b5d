import { asc } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useLeadTestApp } from "../../../test/lead-test-app.ts";
import { contactMessages, mailOutbox } from "../../db/schema/index.ts";

const valid = {
  name: "Priya Natarajan",
  email: "priya@example.com",
  phone: "205.555.0199",
  message: "Do you install tile on stairs?\nWe have 14 steps.",
  preferred_contact_method: "phone",
  best_time_to_contact: "Weekday mornings",
};

describe("POST /api/contact", () => {
  const { t, client } = useLeadTestApp(contactMessages, "10.1.0");

  /** A native form post, as the browser sends it from our own page. */
  const postForm = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: "POST",
      url: "/api/contact",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: "http://store.test",
        ...headers,
      },
      payload: new URLSearchParams(fields).toString(),
      remoteAddress: client.address,
    });

  const stored = () =>
    t.database.db.select().from(contactMessages).orderBy(asc(contactMessages.id));
  const queued = () => t.database.db.select().from(mailOutbox).orderBy(asc(mailOutbox.id));

  it("stores a valid form post and answers 303 to /contact?success=true", async () => {
    const res = await postForm(valid);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe("/contact?success=true");
    const rows = await stored();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ ...valid, status: "new" });
  });

  it("emails the staff a subject and a table of the fields, and sends no copy to the sender", async () => {
    await postForm(valid);
    const mail = await queued();
    expect(mail).toHaveLength(1);
    const [staff] = mail;
    expect(staff?.to_address).toBe("staff@magiccityfloors.example");
    expect(staff?.reply_to).toBe("priya@example.com");
    expect(staff?.subject).toBe("New contact message from Priya Natarajan");
    for (const line of [
      "Name: Priya Natarajan",
      "Email: priya@example.com",
      "Phone: 205.555.0199",
      "Message: Do you install tile on stairs?",
      "Preferred contact method: phone",
      "Best time to contact: Weekday mornings",
    ]) {
      expect(staff?.text).toContain(line);
    }
    expect(staff?.html).toContain("<table");
  });

  it("defaults the contact method to email and stores an empty best time as null", async () => {
    const res = await postForm({
      ...valid,
      preferred_contact_method: "",
      best_time_to_contact: "",
    });
    expect(res.headers.location).toBe("/contact?success=true");
    const [row] = await stored();
    expect(row).toMatchObject({ preferred_contact_method: "email", best_time_to_contact: null });
    const { preferred_contact_method: _m, best_time_to_contact: _b, ...required } = valid;
    await postForm(required);
    const rows = await stored();
    expect(rows[1]).toMatchObject({
      preferred_contact_method: "email",
      best_time_to_contact: null,
    });
  });

  const invalidCases: Array<[string, Record<string, string>, string]> = [
    ["a missing name", { name: "" }, "Name is required"],
    ["a missing email", { email: "" }, "Email is required"],
    ["a malformed email", { email: "priya@" }, "Enter a valid email address"],
    ["a missing phone", { phone: " " }, "Phone is required"],
    ["a malformed phone", { phone: "12" }, "Enter a valid phone number"],
    ["a missing message", { message: "" }, "Message is required"],
    ["an unknown contact method", { preferred_contact_method: "fax" }, "Preferred contact method"],
    ["a too long best time", { best_time_to_contact: "x".repeat(201) }, "at most 200"],
  ];
  for (const [what, change, reason] of invalidCases) {
    it(`answers ${what} with 303 to /contact?error=<reason> and stores nothing`, async () => {
      const res = await postForm({ ...valid, ...change });
      expect(res.statusCode).toBe(303);
      const location = new URL(String(res.headers.location), "http://store.test");
      expect(location.pathname).toBe("/contact");
      expect(location.searchParams.get("error")).toContain(reason);
      expect(await stored()).toHaveLength(0);
      expect(await queued()).toHaveLength(0);
    });
  }

  it("answers a JSON post with 201, and invalid JSON fields with 422 and their messages", async () => {
    const ok = await t.app.inject({
      method: "POST",
      url: "/api/contact",
      payload: valid,
      remoteAddress: client.address,
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().message).toBe("Message sent successfully! We'll get back to you soon.");
    const bad = await t.app.inject({
      method: "POST",
      url: "/api/contact",
      payload: { ...valid, email: "nope" },
      remoteAddress: client.address,
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail).toEqual([
      { loc: ["body", "email"], msg: "Enter a valid email address" },
    ]);
  });

  it("answers a filled honeypot with the normal success redirect and stores nothing", async () => {
    const res = await postForm({ ...valid, website: "http://spam.example" });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe("/contact?success=true");
    expect(await stored()).toHaveLength(0);
    expect(await queued()).toHaveLength(0);
  });

  it("refuses a post from another site (Origin or Referer) with 403", async () => {
    const fromOrigin = await postForm(valid, { origin: "https://evil.example" });
    expect(fromOrigin.statusCode).toBe(403);
    const fromReferer = await t.app.inject({
      method: "POST",
      url: "/api/contact",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        referer: "https://evil.example/form.html",
      },
      payload: new URLSearchParams(valid).toString(),
      remoteAddress: client.address,
    });
    expect(fromReferer.statusCode).toBe(403);
    const nullOrigin = await postForm(valid, { origin: "null" });
    expect(nullOrigin.statusCode).toBe(403);
    expect(await stored()).toHaveLength(0);
  });

  it("accepts a same-origin Referer, or a post with neither header", async () => {
    const withReferer = await t.app.inject({
      method: "POST",
      url: "/api/contact",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        referer: "http://store.test/contact",
      },
      payload: new URLSearchParams(valid).toString(),
      remoteAddress: client.address,
    });
    expect(withReferer.headers.location).toBe("/contact?success=true");
    const bare = await t.app.inject({
      method: "POST",
      url: "/api/contact",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams(valid).toString(),
      remoteAddress: client.address,
    });
    expect(bare.headers.location).toBe("/contact?success=true");
    expect(await stored()).toHaveLength(2);
  });

  it("limits one client address to 10 messages an hour and says so on the page", async () => {
    for (let i = 0; i < 10; i++) {
      expect((await postForm(valid)).headers.location).toBe("/contact?success=true");
    }
    const limited = await postForm(valid);
    expect(limited.statusCode).toBe(303);
    const location = new URL(String(limited.headers.location), "http://store.test");
    expect(location.searchParams.get("error")).toContain("Too many messages");
    expect(await stored()).toHaveLength(10);
    const otherClient = await t.app.inject({
      method: "POST",
      url: "/api/contact",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams(valid).toString(),
      remoteAddress: "10.1.9.9",
    });
    expect(otherClient.headers.location).toBe("/contact?success=true");
  });
});
