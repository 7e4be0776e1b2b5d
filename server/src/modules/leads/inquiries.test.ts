import { locationTypes } from "@mcf/contracts/leads";
import { asc } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useLeadTestApp } from "../../../test/lead-test-app.ts";
import { mailOutbox, projectInquiries } from "../../db/schema/index.ts";

const valid = {
  name: "Jordan Ellis",
  email: "jordan@example.com",
  phone: "(205) 555-0100",
  address: "12 Oak St, Homewood, AL 35209",
  property_type: "Commercial",
  location_type: "Office",
  acting_as: "Property Manager",
  flooring_type: ["LVP", "Tile"],
  square_footage: 1800,
  rooms: "Lobby, two offices",
  timeline: "1–3 months",
  additional_notes: "Slab floor, occupied during the day.",
};

describe("POST /api/project-inquiries", () => {
  const { t, client } = useLeadTestApp(projectInquiries, "10.0.0");

  const post = (payload: Record<string, unknown>) =>
    t.app.inject({
      method: "POST",
      url: "/api/project-inquiries",
      payload,
      remoteAddress: client.address,
    });

  const storedInquiries = () =>
    t.database.db.select().from(projectInquiries).orderBy(asc(projectInquiries.id));
  const queuedMail = () => t.database.db.select().from(mailOutbox).orderBy(asc(mailOutbox.id));

  it("stores a valid inquiry with every field and answers 201", async () => {
    const res = await post(valid);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ received: true });
    expect(res.json().message).toContain("24-48 hours");
    const rows = await storedInquiries();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ ...valid, status: "new" });
  });

  it("emails the staff a table of every field, replying to the customer", async () => {
    await post(valid);
    const staff = (await queuedMail()).find((m) => m.kind === "inquiry-staff");
    expect(staff?.to_address).toBe("staff@magiccityfloors.example");
    expect(staff?.reply_to).toBe("jordan@example.com");
    expect(staff?.subject).toBe("New project inquiry from Jordan Ellis");
    for (const line of [
      "Name: Jordan Ellis",
      "Email: jordan@example.com",
      "Phone: (205) 555-0100",
      "Address: 12 Oak St, Homewood, AL 35209",
      "Property type: Commercial",
      "Location type: Office",
      "I am the: Property Manager",
      "Flooring type: LVP, Tile",
      "Square footage: 1800",
      "Rooms: Lobby, two offices",
      "Timeline: 1–3 months",
      "Additional notes: Slab floor, occupied during the day.",
    ]) {
      expect(staff?.text).toContain(line);
    }
    expect(staff?.html).toContain("<table");
  });

  it("sends the customer an acknowledgement that repeats nothing they typed", async () => {
    await post({ ...valid, name: "Visit spam.example now", additional_notes: "buy things" });
    const ack = (await queuedMail()).find((m) => m.kind === "inquiry-acknowledgement");
    expect(ack?.to_address).toBe("jordan@example.com");
    expect(ack?.text).toContain("24-48 hours");
    expect(ack?.text).not.toContain("spam.example");
    expect(ack?.text).not.toContain("buy things");
  });

  it("acknowledges one address at most once per hour, but stores and notifies every inquiry", async () => {
    await post(valid);
    await post({ ...valid, email: "JORDAN@example.com" });
    const mail = await queuedMail();
    expect(mail.filter((m) => m.kind === "inquiry-acknowledgement")).toHaveLength(1);
    expect(mail.filter((m) => m.kind === "inquiry-staff")).toHaveLength(2);
    expect(await storedInquiries()).toHaveLength(2);
  });

  it("applies the defaults and stores empty optional fields as null", async () => {
    const res = await post({
      name: "  Sam Lee ",
      email: "sam@example.com",
      phone: "205-555-0111",
      address: "9 Elm Ave, Hoover, AL",
      property_type: "",
      location_type: "",
      acting_as: null,
      flooring_type: [],
      square_footage: null,
      rooms: "  ",
      timeline: "",
      additional_notes: "",
    });
    expect(res.statusCode).toBe(201);
    const [row] = await storedInquiries();
    expect(row).toMatchObject({
      name: "Sam Lee",
      property_type: "Residential",
      location_type: null,
      acting_as: "Owner",
      flooring_type: [],
      square_footage: null,
      rooms: null,
      timeline: "ASAP",
      additional_notes: null,
    });
  });

  it("accepts the required fields alone", async () => {
    const { name, email, phone, address } = valid;
    const res = await post({ name, email, phone, address });
    expect(res.statusCode).toBe(201);
    const [row] = await storedInquiries();
    expect(row).toMatchObject({
      property_type: "Residential",
      acting_as: "Owner",
      timeline: "ASAP",
    });
  });

  it("documents the location_type options in the OpenAPI document and accepts each one", async () => {
    const doc = (await t.app.inject("/api/openapi.json")).json();
    const schema =
      doc.paths["/api/project-inquiries"].post.requestBody.content["application/json"].schema
        .properties.location_type;
    const documented = (schema.anyOf as Array<{ enum: string[] }>).flatMap((o) => o.enum);
    expect(documented).toEqual(expect.arrayContaining([...locationTypes]));
    for (const location_type of locationTypes) {
      expect((await post({ ...valid, location_type })).statusCode, location_type).toBe(201);
    }
    expect((await post({ ...valid, location_type: "" })).statusCode).toBe(201);
  });

  it("accepts a square footage of 0", async () => {
    expect((await post({ ...valid, square_footage: 0 })).statusCode).toBe(201);
  });

  const invalidCases: Array<[string, Record<string, unknown>, string]> = [
    ["a missing name", { name: undefined }, "Name is required"],
    ["a blank name", { name: "   " }, "Name is required"],
    ["a missing email", { email: undefined }, "Email is required"],
    ["a malformed email", { email: "not-an-email" }, "Enter a valid email address"],
    ["a missing phone", { phone: "" }, "Phone is required"],
    ["a phone without enough digits", { phone: "call me" }, "Enter a valid phone number"],
    ["a missing address", { address: "" }, "Address is required"],
    ["an unknown property type", { property_type: "Industrial" }, "Property type must be one of"],
    ["an unknown location type", { location_type: "Castle" }, "Location type must be one of"],
    ["an unknown role", { acting_as: "Tenant" }, "I am the must be one of"],
    ["an unknown flooring type", { flooring_type: ["Marble"] }, "Flooring type"],
    [
      "a flooring type that is not a list",
      { flooring_type: "LVP" },
      "Flooring type must be a list",
    ],
    ["a negative square footage", { square_footage: -5 }, "Square footage must be 0 or more"],
    ["a fractional square footage", { square_footage: 12.5 }, "whole number"],
    ["a square footage as text", { square_footage: "lots" }, "whole number"],
    ["an unknown timeline", { timeline: "Next year" }, "Timeline must be one of"],
    ["notes that are too long", { additional_notes: "x".repeat(5001) }, "at most 5000"],
  ];
  for (const [what, change, message] of invalidCases) {
    it(`rejects ${what} with 422 and stores nothing`, async () => {
      const res = await post({ ...valid, ...change });
      expect(res.statusCode).toBe(422);
      const detail = res.json().detail as Array<{ loc: string[]; msg: string }>;
      expect(detail.map((d) => d.msg).join(" | ")).toContain(message);
      expect(detail[0]?.loc[0]).toBe("body");
      expect(await storedInquiries()).toHaveLength(0);
      expect(await queuedMail()).toHaveLength(0);
    });
  }

  it("rejects a body that is not JSON with a readable error", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/project-inquiries",
      headers: { "content-type": "application/json" },
      payload: "{not json",
      remoteAddress: client.address,
    });
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().detail).toBe("string");
  });

  it("answers a filled honeypot like a success but stores and mails nothing", async () => {
    const res = await post({ ...valid, website: "http://spam.example" });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ received: true });
    expect(await storedInquiries()).toHaveLength(0);
    expect(await queuedMail()).toHaveLength(0);
  });

  it("limits one client address to 10 inquiries an hour, leaving other addresses alone", async () => {
    for (let i = 0; i < 10; i++) {
      expect((await post({ ...valid, email: `c${i}@example.com` })).statusCode).toBe(201);
    }
    const limited = await post(valid);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().detail).toContain("Too many messages");
    expect(await storedInquiries()).toHaveLength(10);
    const other = await t.app.inject({
      method: "POST",
      url: "/api/project-inquiries",
      payload: valid,
      remoteAddress: "10.9.9.9",
    });
    expect(other.statusCode).toBe(201);
  });
});
