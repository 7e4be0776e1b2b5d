import { storeToday } from "@mcf/contracts/store-today";
import { and, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { callAdmin } from "../../../test/admin-requests.ts";
import { jobsApi } from "../../../test/install-factories.ts";
import { createStaffSession } from "../../../test/staff-factories.ts";
import { type TestApp, useTestApp } from "../../../test/test-app.ts";
import { onRealPostgres } from "../../../test/test-database.ts";
import { installJobs, mailOutbox, projectInquiries } from "../../db/schema/index.ts";
import { addDays, storeInstant } from "./measure-slots.ts";

interface Slot {
  start: string;
  end: string;
  crew_id: number;
}

const dayMs = 24 * 60 * 60 * 1000;
let sequence = 0;

/** The inquiry form's fields, with an address at a ZIP code we serve. */
function inquiryFields(overrides: Record<string, unknown> = {}) {
  sequence += 1;
  return {
    name: `Avery Booker ${sequence}`,
    email: `avery${sequence}-${Date.now()}@example.com`,
    phone: "(205) 555-0123",
    address: "18 Linden Ave, Homewood, AL 35209",
    flooring_type: ["LVP"],
    ...overrides,
  };
}

function bookingApi(t: TestApp) {
  const jobs = jobsApi(t);
  return {
    ...jobs,
    async slots(zip = "35209") {
      return t.app.inject({ method: "GET", url: `/api/installation/slots?zip=${zip}` });
    },
    /**
     * The crew's free slots from the day after tomorrow on (store days, clear of the same-day
     * rules): whole days, so a day's slots never depend on the hour the test runs.
     */
    async slotsOf(crewId: number): Promise<Slot[]> {
      const slots = (await this.slots()).json().slots as Slot[];
      const from = storeInstant(addDays(storeToday(), 2), 0).getTime();
      return slots.filter((s) => s.crew_id === crewId && Date.parse(s.start) >= from);
    },
    book(slot: { start: string; crew_id: number }, overrides: Record<string, unknown> = {}) {
      return t.app.inject({
        method: "POST",
        url: "/api/installation/bookings",
        payload: { ...inquiryFields(overrides), slot },
      });
    },
    visit(ref: string) {
      return t.app.inject({ method: "GET", url: `/api/installation/visits/${ref}` });
    },
    move(ref: string, slot: Slot) {
      return t.app.inject({
        method: "POST",
        url: `/api/installation/visits/${ref}/reschedule`,
        payload: { slot },
      });
    },
    cancel(ref: string) {
      return t.app.inject({ method: "POST", url: `/api/installation/visits/${ref}/cancel` });
    },
    jobByToken(token: string) {
      return t.database.db.select().from(installJobs).where(eq(installJobs.token, token));
    },
    calendarWeekOf(iso: string) {
      return callAdmin(t, "GET", `/api/admin/calendar?week=${iso.slice(0, 10)}`);
    },
  };
}

describe("measure slots: GET /api/installation/slots", () => {
  const t = useTestApp();
  const api = bookingApi(t);

  it("refuses a ZIP code outside the service area with a clear message", async () => {
    const response = await api.slots("90210");
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toMatch(/We do not measure or install in ZIP code 90210/);
    expect((await api.slots("abc")).statusCode).toBe(422);
  });

  it("lists each crew's free visits of the next 21 days, without a visit staff booked or its buffer", async () => {
    const crew = await api.crew("Slots Crew");
    const slots = await api.slotsOf(crew);
    expect(slots.length).toBeGreaterThan(20);
    for (const slot of slots) {
      expect(Date.parse(slot.end) - Date.parse(slot.start)).toBe(60 * 60 * 1000);
      expect(Date.parse(slot.start)).toBeLessThan(Date.now() + 22 * dayMs);
      // Crews work Monday to Friday unless staff set other days.
      const weekday = new Date(Date.parse(slot.start) - 6 * 60 * 60 * 1000).getUTCDay();
      expect([1, 2, 3, 4, 5]).toContain(weekday);
    }
    // Staff book a measure visit at the crew's second slot of a day: it and the slots within the
    // travel buffer of it are no longer offered.
    const [first, second, third] = slots;
    if (!first || !second || !third) throw new Error("expected three slots");
    const job = await api.job();
    const booked = await api.call("POST", `/api/admin/jobs/${job.id}/measure`, {
      crew_id: crew,
      starts_at: second.start,
      ends_at: new Date(Date.parse(second.end) + 15 * 60 * 1000).toISOString(),
    });
    expect(booked.statusCode).toBe(200);
    const after = (await api.slotsOf(crew)).map((s) => s.start);
    expect(after).toContain(first.start);
    expect(after).not.toContain(second.start);
    // The visit ran 15 minutes long: the next slot no longer leaves the 30-minute buffer.
    expect(after).not.toContain(third.start);
  });

  it("follows the crew's working hours and days off", async () => {
    const crew = await api.crew("Hours Crew");
    const set = await api.call("PUT", `/api/admin/crews/${crew}/hours`, {
      work_start: "09:00",
      work_end: "12:00",
      work_days: [2],
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ work_start: "09:00", work_end: "12:00", work_days: [2] });
    const slots = await api.slotsOf(crew);
    expect(slots.length).toBeGreaterThan(0);
    // Tuesdays only, 9:00 and 10:30 (store time).
    const days = [...new Set(slots.map((s) => s.start.slice(0, 10)))];
    expect(slots).toHaveLength(days.length * 2);
    const firstDay = days[0] ?? "";
    expect(slots.slice(0, 2).map((s) => s.start)).toEqual([
      storeInstant(firstDay, 9 * 60).toISOString(),
      storeInstant(firstDay, 10 * 60 + 30).toISOString(),
    ]);
    const dayOff = await api.call("POST", `/api/admin/crews/${crew}/time-off`, {
      date: firstDay,
      reason: "Training",
    });
    expect(dayOff.statusCode).toBe(201);
    const blocked = await api.call("POST", `/api/admin/crews/${crew}/time-off`, {
      starts_at: storeInstant(days[1] ?? "", 10 * 60).toISOString(),
      ends_at: storeInstant(days[1] ?? "", 11 * 60).toISOString(),
    });
    expect(blocked.statusCode).toBe(201);
    const after = await api.slotsOf(crew);
    expect(after.some((s) => s.start.startsWith(firstDay))).toBe(false);
    expect(after.filter((s) => s.start.startsWith(days[1] ?? "")).map((s) => s.start)).toEqual([
      storeInstant(days[1] ?? "", 9 * 60).toISOString(),
    ]);
    const calendar = (await api.calendarWeekOf(firstDay)).json();
    expect(calendar.time_off).toEqual(
      expect.arrayContaining([expect.objectContaining({ crew_id: crew, reason: "Training" })]),
    );
    await api.call("DELETE", `/api/admin/crews/${crew}/time-off/${dayOff.json().id}`);
    expect((await api.slotsOf(crew)).some((s) => s.start.startsWith(firstDay))).toBe(true);
    const bad = await api.call("PUT", `/api/admin/crews/${crew}/hours`, {
      work_start: "17:00",
      work_end: "08:00",
      work_days: [1],
    });
    expect(bad.statusCode).toBe(422);
  });
});

describe("crew hours and time off in the audit log", () => {
  const t = useTestApp();
  const api = bookingApi(t);

  it("records who changed a crew's hours, added a day off or blocked time, and removed one", async () => {
    const crew = await api.crew("Audited Crew");
    const staff = await createStaffSession(t.app, { role: "owner" });
    const asStaff = (method: "PUT" | "POST" | "DELETE", url: string, payload?: object) =>
      t.app.inject({
        method,
        url,
        headers: { cookie: staff.cookie },
        ...(payload ? { payload } : {}),
      });
    const day = addDays(new Date().toISOString().slice(0, 10), 10);

    expect(
      (
        await asStaff("PUT", `/api/admin/crews/${crew}/hours`, {
          work_start: "07:30",
          work_end: "15:00",
          work_days: [1, 2, 3, 4],
        })
      ).statusCode,
    ).toBe(200);
    const dayOff = await asStaff("POST", `/api/admin/crews/${crew}/time-off`, {
      date: day,
      reason: "Training",
    });
    expect(dayOff.statusCode).toBe(201);
    const blocked = await asStaff("POST", `/api/admin/crews/${crew}/time-off`, {
      starts_at: storeInstant(addDays(day, 1), 13 * 60).toISOString(),
      ends_at: storeInstant(addDays(day, 1), 15 * 60).toISOString(),
      reason: "Van service",
    });
    expect(blocked.statusCode).toBe(201);
    expect(
      (await asStaff("DELETE", `/api/admin/crews/${crew}/time-off/${dayOff.json().id}`)).statusCode,
    ).toBe(204);

    const log = await api.call("GET", `/api/admin/audit?entity_type=crew&entity_id=${crew}`);
    expect(log.statusCode).toBe(200);
    const entries = [...log.json().entries].reverse();
    expect(entries.map((entry: { action: string }) => entry.action)).toEqual([
      "crew.hours",
      "crew.day_off",
      "crew.blocked_time",
      "crew.time_off_removed",
    ]);
    for (const entry of entries) {
      expect(entry.actor).toBe(staff.email);
      expect(entry.entity_label).toBe("Audited Crew");
    }
    expect(entries[0]).toMatchObject({
      before: { work_start: "08:00", work_end: "17:00", work_days: [1, 2, 3, 4, 5] },
      after: { work_start: "07:30", work_end: "15:00", work_days: [1, 2, 3, 4] },
    });
    expect(entries[1].after).toMatchObject({ day_off: day, reason: "Training" });
    expect(entries[2].after).toMatchObject({ reason: "Van service" });
    expect(entries[3].before).toMatchObject({
      starts_at: dayOff.json().starts_at,
      reason: "Training",
    });

    // A refused change writes nothing.
    expect(
      (
        await asStaff("PUT", `/api/admin/crews/${crew}/hours`, {
          work_start: "17:00",
          work_end: "08:00",
          work_days: [1],
        })
      ).statusCode,
    ).toBe(422);
    const again = await api.call("GET", `/api/admin/audit?entity_type=crew&entity_id=${crew}`);
    expect(again.json().entries).toHaveLength(4);
  });
});

describe("booking a measure visit: POST /api/installation/bookings", () => {
  const t = useTestApp();
  const api = bookingApi(t);

  it("books a free slot: the job at 'measure scheduled' with that crew, the email with its invite, the calendar", async () => {
    const crew = await api.crew("Booking Crew");
    const [slot] = await api.slotsOf(crew);
    if (!slot) throw new Error("no slot");
    const response = await api.book(slot, { name: "Dana Online" });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.token).toMatch(/^[\w-]{32}$/);
    expect(body.visit).toMatchObject({
      start: slot.start,
      end: slot.end,
      crew_name: "Booking Crew",
      cancelled: false,
      can_change: true,
    });
    const [job] = await api.jobByToken(body.token);
    expect(job).toMatchObject({ stage: "measure_scheduled", customer_name: "Dana Online" });
    const detail = (await api.call("GET", `/api/admin/jobs/${job?.id}`)).json();
    expect(detail.appointments).toEqual([
      expect.objectContaining({ kind: "measure", crew_id: crew, starts_at: slot.start }),
    ]);
    expect(detail.timeline.map((e: { detail: string }) => e.detail)).toEqual([
      `Created online from inquiry #${job?.inquiry_id}`,
      expect.stringMatching(/^Measure visit booked online by the customer for /),
    ]);
    const calendar = (await api.calendarWeekOf(slot.start)).json();
    expect(calendar.appointments).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ customer_name: "Dana Online", booked_by: "customer" }),
      ]),
    );
    const [mail] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(like(mailOutbox.dedupe_key, `job-measure:${job?.id}:%`));
    expect(mail?.subject).toMatch(/^Your measure visit: /);
    expect(mail?.text).toContain(body.manage_url);
    expect(mail?.attachments?.[0]).toMatchObject({ filename: "measure-visit.ics" });
    expect(mail?.attachments?.[0]?.content).toContain(
      `DTSTART:${slot.start.replace(/[-:]/g, "").replace(".000", "")}`,
    );
    // The slot is no longer offered.
    expect((await api.slotsOf(crew)).map((s) => s.start)).not.toContain(slot.start);
  });

  it("answers 409 with the next free slots when the slot was just taken, booking nothing", async () => {
    const crew = await api.crew("Taken Crew");
    const [slot] = await api.slotsOf(crew);
    if (!slot) throw new Error("no slot");
    expect((await api.book(slot)).statusCode).toBe(201);
    const jobsBefore = (await t.database.db.select().from(installJobs)).length;
    const second = await api.book(slot);
    expect(second.statusCode).toBe(409);
    expect(second.json().detail).toBe(
      "Sorry, that time was just taken. Please choose one of the next free times below.",
    );
    const offered = second.json().slots as Slot[];
    expect(offered.length).toBeGreaterThan(0);
    expect(offered.some((s) => s.start === slot.start && s.crew_id === crew)).toBe(false);
    expect((await t.database.db.select().from(installJobs)).length).toBe(jobsBefore);
  });

  it("refuses a slot in the past, a time never offered and a ZIP code we do not serve, booking nothing", async () => {
    const crew = await api.crew("Refusing Crew");
    const [slot] = await api.slotsOf(crew);
    if (!slot) throw new Error("no slot");
    const jobsBefore = (await t.database.db.select().from(installJobs)).length;
    const past = await api.book({
      start: new Date(Date.now() - dayMs).toISOString(),
      crew_id: crew,
    });
    expect(past.statusCode).toBe(422);
    expect(past.json().detail).toBe("That time has passed: please choose one of the free times");
    const odd = await api.book({
      start: new Date(Date.parse(slot.start) + 7 * 60 * 1000).toISOString(),
      crew_id: crew,
    });
    expect(odd.statusCode).toBe(422);
    expect(odd.json().detail).toMatch(/not one we offer/);
    const far = await api.book(slot, { address: "1 Sunset Blvd, Beverly Hills, CA 90210" });
    expect(far.statusCode).toBe(422);
    expect(far.json().detail).toMatch(/ZIP code 90210/);
    const noZip = await api.book(slot, { address: "1 Somewhere Road" });
    expect(noZip.statusCode).toBe(422);
    expect(noZip.json().detail).toMatch(/5-digit ZIP code/);
    expect((await t.database.db.select().from(installJobs)).length).toBe(jobsBefore);
    expect((await api.slotsOf(crew)).map((s) => s.start)).toContain(slot.start);
  });

  it("attaches to the inquiry the visitor just sent instead of storing another", async () => {
    const crew = await api.crew("Attach Crew");
    const [slot] = await api.slotsOf(crew);
    if (!slot) throw new Error("no slot");
    const fields = inquiryFields({ flooring_type: ["Tile"] });
    const sent = await t.app.inject({
      method: "POST",
      url: "/api/project-inquiries",
      payload: fields,
    });
    expect(sent.statusCode).toBe(201);
    const booked = await t.app.inject({
      method: "POST",
      url: "/api/installation/bookings",
      payload: { ...fields, slot },
    });
    expect(booked.statusCode).toBe(201);
    const inquiries = await t.database.db
      .select()
      .from(projectInquiries)
      .where(eq(projectInquiries.email, fields.email));
    expect(inquiries).toHaveLength(1);
    const [job] = await api.jobByToken(booked.json().token);
    expect(job).toMatchObject({ inquiry_id: inquiries[0]?.id, flooring_type: "tile" });
  });
});

describe("the signed link: reschedule and cancel before the cut-off", () => {
  const t = useTestApp();
  const api = bookingApi(t);

  it("shows, moves and cancels the visit; the calendar and timeline follow", async () => {
    const crew = await api.crew("Link Crew");
    const [first, , other] = await api.slotsOf(crew);
    if (!first || !other) throw new Error("no slots");
    const booked = (await api.book(first)).json();
    const shown = await api.visit(booked.ref);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({ start: first.start, can_change: true });

    const moved = await api.move(booked.ref, other);
    expect(moved.statusCode).toBe(200);
    expect(moved.json().visit.start).toBe(other.start);
    const free = (await api.slotsOf(crew)).map((s) => s.start);
    expect(free).toContain(first.start);
    expect(free).not.toContain(other.start);
    // The older link still names the job: it shows the visit as it is now.
    expect((await api.visit(booked.ref)).json().start).toBe(other.start);

    const cancelled = await api.cancel(moved.json().ref);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ cancelled: true, can_change: false });
    const [job] = await api.jobByToken(booked.token);
    expect(job?.stage).toBe("new");
    expect((await api.slotsOf(crew)).map((s) => s.start)).toContain(other.start);
    const detail = (await api.call("GET", `/api/admin/jobs/${job?.id}`)).json();
    expect(detail.appointments).toEqual([]);
    expect(detail.timeline.at(-1).detail).toMatch(/cancelled online by the customer$/);
    expect((await api.cancel(moved.json().ref)).statusCode).toBe(409);
  });

  it("refuses a tampered link with a clear message, changing nothing", async () => {
    const crew = await api.crew("Tamper Crew");
    const [slot, other] = await api.slotsOf(crew);
    if (!slot || !other) throw new Error("no slots");
    const booked = (await api.book(slot)).json();
    const [id, signature] = booked.ref.split(".");
    const tampered = [
      `${Number(id) + 1}.${signature}`,
      `${id}.${signature.slice(0, -1)}${signature.endsWith("A") ? "B" : "A"}`,
      "nonsense",
    ];
    for (const ref of tampered) {
      const response = await api.cancel(ref);
      expect(response.statusCode).toBe(403);
      expect(response.json().detail).toMatch(/^This link is not valid/);
      expect((await api.move(ref, other)).statusCode).toBe(403);
      expect((await api.visit(ref)).statusCode).toBe(403);
    }
    const [job] = await api.jobByToken(booked.token);
    expect(job?.stage).toBe("measure_scheduled");
  });

  it("refuses a change after the cut-off", async () => {
    const crew = await api.crew("Cut-off Crew");
    const [slot, other] = await api.slotsOf(crew);
    if (!slot || !other) throw new Error("no slots");
    const booked = (await api.book(slot)).json();
    const current = (await callAdmin(t, "GET", "/api/admin/settings")).json().settings;
    const saved = await callAdmin(t, "PUT", "/api/admin/settings", {
      ...current,
      booking: { ...current.booking, change_cutoff_hours: 336 },
    });
    expect(saved.statusCode).toBe(200);
    expect((await api.visit(booked.ref)).json().can_change).toBe(false);
    const late = await api.cancel(booked.ref);
    expect(late.statusCode).toBe(409);
    expect(late.json().detail).toMatch(/until 336 hours before they start/);
    expect((await api.move(booked.ref, other)).statusCode).toBe(409);
    const [job] = await api.jobByToken(booked.token);
    expect(job?.stage).toBe("measure_scheduled");
    await callAdmin(t, "PUT", "/api/admin/settings", current);
  });

  it("sends the reminder the day before, once", async () => {
    const crew = await api.crew("Reminder Crew");
    const [slot] = await api.slotsOf(crew);
    if (!slot) throw new Error("no slot");
    const booked = (await api.book(slot)).json();
    const [job] = await api.jobByToken(booked.token);
    const remindersOf = () =>
      t.database.db
        .select()
        .from(mailOutbox)
        .where(
          and(
            eq(mailOutbox.kind, "job-measure-reminder"),
            like(mailOutbox.dedupe_key, `job-measure-reminder:${job?.id}:%`),
          ),
        );
    const reminderCount = async () => (await remindersOf()).length;
    const visitDay = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Chicago" }).format(
      new Date(slot.start),
    );
    const twoDaysBefore = storeInstant(addDays(visitDay, -2), 12 * 60);
    const dayBefore = storeInstant(addDays(visitDay, -1), 12 * 60);
    // Other visits of that day get theirs in the same pass; a second pass queues none.
    await t.app.jobs.queueMeasureReminders(twoDaysBefore);
    expect(await reminderCount()).toBe(0);
    expect(await t.app.jobs.queueMeasureReminders(dayBefore)).toBeGreaterThanOrEqual(1);
    expect(await t.app.jobs.queueMeasureReminders(dayBefore)).toBe(0);
    const reminders = await remindersOf();
    expect(reminders).toHaveLength(1);
    expect(reminders[0]?.subject).toMatch(/^Reminder: your measure visit tomorrow/);
  });
});

describe.runIf(onRealPostgres)("two people, one slot (PostgreSQL)", () => {
  const t = useTestApp();
  const api = bookingApi(t);

  it("20 bookings of one slot at once: exactly one 201, the others 409 with other slots", async () => {
    const crew = await api.crew("Race Crew");
    const [slot] = await api.slotsOf(crew);
    if (!slot) throw new Error("no slot");
    const answers = await Promise.all(Array.from({ length: 20 }, () => api.book(slot)));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    for (const answer of answers.filter((a) => a.statusCode === 409))
      expect(
        answer.json().slots.some((s: Slot) => s.start === slot.start && s.crew_id === crew),
      ).toBe(false);
    const detail = (await api.calendarWeekOf(slot.start)).json();
    expect(
      detail.appointments.filter(
        (a: { crew_id: number; starts_at: string }) =>
          a.crew_id === crew && a.starts_at === slot.start,
      ),
    ).toHaveLength(1);
  });

  it("a customer and staff at once: one visit holds the crew", async () => {
    const crew = await api.crew("Mixed Race Crew");
    const [slot] = await api.slotsOf(crew);
    if (!slot) throw new Error("no slot");
    const job = await api.job();
    const [online, staff] = await Promise.all([
      api.book(slot),
      api.call("POST", `/api/admin/jobs/${job.id}/measure`, {
        crew_id: crew,
        starts_at: slot.start,
        ends_at: slot.end,
      }),
    ]);
    // Exactly one of them got the slot.
    const winners = [online.statusCode === 201, staff.statusCode === 200].filter(Boolean);
    expect(winners).toHaveLength(1);
    expect([online.statusCode, staff.statusCode]).toContain(409);
    const detail = (await api.calendarWeekOf(slot.start)).json();
    expect(detail.appointments.filter((a: { crew_id: number }) => a.crew_id === crew)).toHaveLength(
      1,
    );
  });
});
