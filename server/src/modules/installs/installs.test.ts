import { and, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createInquiry, createProduct } from "../../../test/factories.ts";
import { daysFromNow, jobsApi, measureSlot, slot } from "../../../test/install-factories.ts";
import { useTestApp } from "../../../test/test-app.ts";
import { onRealPostgres } from "../../../test/test-database.ts";
import { auditLog, installJobs, mailOutbox, products } from "../../db/schema/index.ts";

describe("installation jobs: admin API", () => {
  const t = useTestApp();
  const api = jobsApi(t);
  const jobCount = async () => (await t.database.db.select().from(installJobs)).length;

  it("POST /api/admin/jobs turns an inquiry into a new job with a customer token, once", async () => {
    const inquiry = await createInquiry(t.database.db, { flooring_type: ["LVP"] });
    const created = await api.call("POST", "/api/admin/jobs", { inquiry_id: inquiry.id });
    expect(created.statusCode).toBe(201);
    const { job, timeline } = created.json();
    expect(job).toMatchObject({
      stage: "new",
      inquiry_id: inquiry.id,
      customer_name: inquiry.name,
      customer_email: inquiry.email,
      flooring_type: "vinyl",
    });
    expect(job.token).toMatch(/^[\w-]{32}$/);
    expect(created.json()).toMatchObject({
      inquiry: { id: inquiry.id, name: inquiry.name, email: inquiry.email },
      deposit_order: null,
      messages: [],
    });
    expect(timeline).toEqual([
      expect.objectContaining({
        action: "job.create",
        actor: "admin",
        detail: `Created from inquiry #${inquiry.id}`,
      }),
    ]);
    const again = await api.call("POST", "/api/admin/jobs", { inquiry_id: inquiry.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(`Inquiry ${inquiry.id} is already a job`);
  });

  it("refuses an unknown inquiry, an inquiry without a flooring type and bad details, creating nothing", async () => {
    const before = await jobCount();
    const unknown = await api.call("POST", "/api/admin/jobs", { inquiry_id: 999999 });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().detail).toBe("Inquiry 999999 does not exist");
    // Past the largest id the database holds: a bad id, not a database error.
    const beyond = await api.call("POST", "/api/admin/jobs", { inquiry_id: 2_147_483_648 });
    expect(beyond.statusCode).toBe(422);
    const notSure = await createInquiry(t.database.db, { flooring_type: ["Not Sure"] });
    const unclear = await api.call("POST", "/api/admin/jobs", { inquiry_id: notSure.id });
    expect(unclear.statusCode).toBe(422);
    expect(unclear.json().detail).toMatch(/choose one for the job/);
    const bad = await api.call("POST", "/api/admin/jobs", {
      customer_name: "A",
      customer_email: "not-an-email",
      customer_phone: "1",
      address: "x",
      flooring_type: "marble",
    });
    expect(bad.statusCode).toBe(422);
    expect(await jobCount()).toBe(before);
  });

  it("GET /api/admin/jobs filters by stage and search and counts every stage", async () => {
    const crew = await api.crew("Filter Crew");
    const measured = await api.job({ customer_name: "Riley Searchable" });
    await api.job({ customer_name: "Morgan Other" });
    await api.call("POST", `/api/admin/jobs/${measured.id}/measure`, measureSlot(crew, 20));
    const byStage = (await api.call("GET", "/api/admin/jobs?stage=measure_scheduled")).json();
    expect(byStage.jobs.map((j: { id: number }) => j.id)).toEqual([measured.id]);
    expect(byStage.counts.measure_scheduled).toBe(1);
    expect(byStage.counts.new).toBeGreaterThanOrEqual(1);
    const search = (await api.call("GET", "/api/admin/jobs?q=searchable")).json();
    expect(search.jobs.map((j: { customer_name: string }) => j.customer_name)).toEqual([
      "Riley Searchable",
    ]);
  });

  it("refuses moves the stage table does not allow, with the stage named, changing nothing", async () => {
    const job = await api.job();
    const early = await api.call("PUT", `/api/admin/jobs/${job.id}/estimate`, {
      lines: [{ kind: "labour", description: "Install", quantity: 100, unit_price: 3 }],
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().detail).toMatch(/the job is new/);
    expect((await api.call("POST", `/api/admin/jobs/${job.id}/complete`)).statusCode).toBe(409);
    expect(
      (await api.call("POST", `/api/admin/jobs/${job.id}/materials-ready`, {})).statusCode,
    ).toBe(409);
    expect((await api.call("POST", `/api/admin/jobs/${job.id}/cancel`)).statusCode).toBe(200);
    const again = await api.call("POST", `/api/admin/jobs/${job.id}/cancel`);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe("Only an open job can be cancelled (the job is cancelled)");
    const detail = (await api.call("GET", `/api/admin/jobs/${job.id}`)).json();
    expect(detail.job.stage).toBe("cancelled");
    expect(detail.timeline.map((e: { action: string }) => e.action)).toEqual([
      "job.create",
      "job.cancel",
    ]);
    expect((await api.call("GET", "/api/admin/jobs/999999")).statusCode).toBe(404);
  });

  it("prices an estimate to the cent with catalogue prices and tax on materials, and versions revisions", async () => {
    const crew = await api.crew("Estimate Crew");
    // $4.99 per sq ft × 20 sq ft per box = $99.80 per box.
    const product = await createProduct(t.database.db, { our_price: 4.99, sqft_per_carton: 20 });
    const job = await api.job();
    await api.call("POST", `/api/admin/jobs/${job.id}/measure`, measureSlot(crew, 3));
    const sent = await api.call("PUT", `/api/admin/jobs/${job.id}/estimate`, {
      lines: [
        {
          kind: "labour",
          description: "Install solid hardwood",
          quantity: 412.5,
          unit_price: 3.15,
        },
        { kind: "removal", description: "Remove carpet", quantity: 400, unit_price: 1.1 },
        { kind: "subfloor", description: "Level subfloor", quantity: 120, unit_price: 0.85 },
        { kind: "stairs", description: "Stair treads", quantity: 13, unit_price: 45 },
        { kind: "material", product_id: product.id, quantity: 21 },
      ],
    });
    expect(sent.statusCode).toBe(200);
    const { job: sentJob, estimate } = sent.json();
    expect(sentJob.stage).toBe("estimate_sent");
    // 412.5 × $3.15 = $1,299.375 → $1,299.38; 400 × $1.10; 120 × $0.85; 13 × $45.
    expect(estimate.lines.map((l: { total: number }) => l.total)).toEqual([
      1299.38, 440, 102, 585, 2095.8,
    ]);
    expect(estimate).toMatchObject({
      version: 1,
      labour_subtotal: 2426.38,
      materials_subtotal: 2095.8,
      tax: 209.58,
      total: 4731.76,
      deposit_percent: 30,
      deposit: 1419.53,
    });
    expect(estimate.lines[4]).toMatchObject({
      unit_price: 99.8,
      product_id: product.id,
      quantity: 21,
    });
    const revised = await api.call("PUT", `/api/admin/jobs/${job.id}/estimate`, {
      lines: [{ kind: "labour", description: "Install", quantity: 100, unit_price: 2.5 }],
    });
    expect(revised.json().estimate).toMatchObject({ version: 2, total: 250, deposit: 75 });
    const mails = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, "job-estimate"));
    expect(mails.filter((m) => m.to_address === "casey@example.com").length).toBeGreaterThanOrEqual(
      2,
    );
  });

  it("refuses an estimate with negative or unknown lines, keeping the last version", async () => {
    const crew = await api.crew("Refusal Crew");
    const job = await api.job();
    await api.call("POST", `/api/admin/jobs/${job.id}/measure`, measureSlot(crew, 4));
    await api.call("PUT", `/api/admin/jobs/${job.id}/estimate`, {
      lines: [{ kind: "labour", description: "Install", quantity: 100, unit_price: 3 }],
    });
    const negative = await api.call("PUT", `/api/admin/jobs/${job.id}/estimate`, {
      lines: [{ kind: "labour", description: "Install", quantity: -5, unit_price: -3 }],
    });
    expect(negative.statusCode).toBe(422);
    expect(negative.json().detail).toEqual(
      expect.arrayContaining([
        { loc: ["body", "lines", 0, "quantity"], msg: "must be more than 0" },
        { loc: ["body", "lines", 0, "unit_price"], msg: "must not be negative" },
      ]),
    );
    const unknown = await api.call("PUT", `/api/admin/jobs/${job.id}/estimate`, {
      lines: [{ kind: "material", product_id: 999999, quantity: 2 }],
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().detail).toBe("Line 1: product 999999 does not exist");
    const detail = (await api.call("GET", `/api/admin/jobs/${job.id}`)).json();
    expect(detail.estimate).toMatchObject({ version: 1, total: 300 });
  });

  it("refuses a visit over the crew's blocked time or day off, naming it, and books around it", async () => {
    const crew = await api.crew("Crew Gamma");
    const job = await api.job({ customer_name: "Day Off Customer" });
    const blocked = measureSlot(crew, 6, 14, 4);
    const added = await api.call("POST", `/api/admin/crews/${crew}/time-off`, {
      starts_at: blocked.starts_at,
      ends_at: blocked.ends_at,
      reason: "Dentist",
    });
    expect(added.statusCode).toBe(201);
    const over = await api.call(
      "POST",
      `/api/admin/jobs/${job.id}/measure`,
      measureSlot(crew, 6, 15, 2),
    );
    expect(over.statusCode).toBe(409);
    expect(over.json().detail).toMatch(
      /^Crew Gamma is off on .* \(Dentist\)\. Choose another time or crew\.$/,
    );
    expect((await api.call("GET", `/api/admin/jobs/${job.id}`)).json().job.stage).toBe("new");
    const after = await api.call(
      "POST",
      `/api/admin/jobs/${job.id}/measure`,
      measureSlot(crew, 6, 19, 1),
    );
    expect(after.statusCode).toBe(200);
  });

  it("refuses a visit in the past, an unknown crew and a crew already booked at that time", async () => {
    const crewA = await api.crew("Crew Alpha");
    const crewB = await api.crew("Crew Beta");
    const first = await api.job({ customer_name: "First Customer" });
    const second = await api.job({ customer_name: "Second Customer" });
    const past = await api.call(
      "POST",
      `/api/admin/jobs/${first.id}/measure`,
      measureSlot(crewA, -1),
    );
    expect(past.statusCode).toBe(422);
    expect(past.json().detail).toBe("The visit must start in the future");
    const noCrew = await api.call(
      "POST",
      `/api/admin/jobs/${first.id}/measure`,
      measureSlot(999999, 5),
    );
    expect(noCrew.statusCode).toBe(422);
    expect(noCrew.json().detail).toBe("Crew 999999 does not exist");
    expect((await api.call("GET", `/api/admin/jobs/${first.id}`)).json().job.stage).toBe("new");

    expect(
      (await api.call("POST", `/api/admin/jobs/${first.id}/measure`, measureSlot(crewA, 5, 15, 2)))
        .statusCode,
    ).toBe(200);
    const clash = await api.call(
      "POST",
      `/api/admin/jobs/${second.id}/measure`,
      slot(crewA, 5, 16, 2),
    );
    expect(clash.statusCode).toBe(409);
    expect(clash.json().detail).toMatch(
      /^Crew Alpha is already booked on .* \(First Customer\)\. Choose another time or crew\.$/,
    );
    expect((await api.call("GET", `/api/admin/jobs/${second.id}`)).json().job.stage).toBe("new");
    // Another crew, or the same crew right after, is fine; moving a visit does not clash with itself.
    expect(
      (await api.call("POST", `/api/admin/jobs/${second.id}/measure`, measureSlot(crewB, 5, 16, 2)))
        .statusCode,
    ).toBe(200);
    expect(
      (await api.call("POST", `/api/admin/jobs/${first.id}/measure`, measureSlot(crewA, 5, 14, 2)))
        .statusCode,
    ).toBe(200);
    const moved = (await api.call("GET", `/api/admin/jobs/${first.id}`)).json();
    expect(moved.appointments).toHaveLength(1);
    expect(moved.appointments[0]).toMatchObject({
      kind: "measure",
      crew_name: "Crew Alpha",
      starts_at: daysFromNow(5, 14),
    });

    const week = (
      await api.call("GET", `/api/admin/calendar?week=${daysFromNow(5).slice(0, 10)}`)
    ).json();
    expect(
      week.appointments.map(
        (a: { customer_name: string; crew_name: string }) => `${a.customer_name}/${a.crew_name}`,
      ),
    ).toEqual(expect.arrayContaining(["First Customer/Crew Alpha", "Second Customer/Crew Beta"]));
    expect((await api.call("GET", "/api/admin/calendar?week=next")).statusCode).toBe(422);
  });

  it.runIf(onRealPostgres)(
    "staff booking one crew for overlapping times at once: one wins, the others get a clear 409",
    async () => {
      const crew = await api.crew("Race Crew");
      // Several staff at once, so the requests truly overlap on the server.
      const jobs = await Promise.all(Array.from({ length: 6 }, () => api.job()));
      const answers = await Promise.all(
        jobs.map((job, i) =>
          api.call(
            "POST",
            `/api/admin/jobs/${job.id}/measure`,
            measureSlot(crew, 9, 15 + (i % 2), 3),
          ),
        ),
      );
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
      expect(answers.find((a) => a.statusCode === 409)?.json().detail).toMatch(
        /^Race Crew is already booked/,
      );
      const week = (
        await api.call("GET", `/api/admin/calendar?week=${daysFromNow(9).slice(0, 10)}`)
      ).json();
      expect(
        week.appointments.filter((a: { crew_name: string }) => a.crew_name === "Race Crew"),
      ).toHaveLength(1);
    },
  );
});

describe("installation jobs: the customer's page, the deposit and the install", () => {
  const t = useTestApp();
  const api = jobsApi(t);
  const page = (token: string) =>
    t.app.inject({ method: "GET", url: `/api/installation/jobs/${token}` });
  const post = (url: string, payload?: object) =>
    t.app.inject({ method: "POST", url, ...(payload ? { payload } : {}) });

  /** A job whose estimate (with `boxes` boxes of a product) was sent. */
  async function estimatedJob(boxes = 10, flooring = "solid_hardwood") {
    const crew = await api.crew(`Crew ${Math.random().toString(36).slice(2, 8)}`);
    const product = await createProduct(t.database.db, {
      our_price: 5,
      sqft_per_carton: 20,
      stock_quantity: 50,
    });
    const job = await api.job({ flooring_type: flooring });
    await api.call("POST", `/api/admin/jobs/${job.id}/measure`, measureSlot(crew, 2));
    await api.call("PUT", `/api/admin/jobs/${job.id}/estimate`, {
      lines: [
        { kind: "labour", description: "Install", quantity: 200, unit_price: 3 },
        { kind: "material", product_id: product.id, quantity: boxes },
      ],
    });
    return { job, crew, product };
  }

  async function paidDeposit() {
    const made = await estimatedJob();
    await post(`/api/installation/jobs/${made.job.token}/accept`, {
      version: 1,
      full_name: "Casey Homeowner",
      terms_accepted: true,
    });
    const started = await post(`/api/installation/jobs/${made.job.token}/deposit`);
    const sessionId = started.json().payment_url.split("/pay/")[1];
    await post(`/api/payments/test-sessions/${sessionId}/pay`, {
      card_number: "4242 4242 4242 4242",
    });
    return { ...made, sessionId };
  }

  it("emails the customer when the measure visit is booked, and the page shows the visit", async () => {
    const crew = await api.crew("Crew Measure");
    const job = await api.job();
    const booked = await api.call(
      "POST",
      `/api/admin/jobs/${job.id}/measure`,
      measureSlot(crew, 3),
    );
    expect(booked.statusCode).toBe(200);
    const [mail] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(like(mailOutbox.dedupe_key, `job-measure:${job.id}:%`));
    expect(mail?.to_address).toBe("casey@example.com");
    expect(mail?.subject).toMatch(/^Your measure visit: /);
    expect(mail?.text).toContain("42 Magnolia Ave, Birmingham, AL 35205");
    expect(mail?.text).toContain("To prepare:");
    expect((await page(job.token)).json().next_appointment).toMatchObject({
      kind: "measure",
      crew_name: "Crew Measure",
    });
  });

  it("refuses a measure visit on a day the store's hours say closed", async () => {
    const crew = await api.crew("Crew Sunday");
    const job = await api.job();
    let days = 1;
    while (new Date(daysFromNow(days)).getUTCDay() !== 0) days += 1;
    const sunday = await api.call("POST", `/api/admin/jobs/${job.id}/measure`, slot(crew, days));
    expect(sunday.statusCode).toBe(422);
    expect(sunday.json().detail).toBe(
      "The store is closed on Sundays (store hours in Settings): choose another day for the visit",
    );
    expect((await api.call("GET", `/api/admin/jobs/${job.id}`)).json().job.stage).toBe("new");
  });

  it("takes only the customer's full name as a signature, with the terms ticked", async () => {
    const { job } = await estimatedJob();
    expect((await page(job.token)).json().terms[0]).toContain("The deposit of $510.00 (30%");
    const initial = await post(`/api/installation/jobs/${job.token}/accept`, {
      version: 1,
      full_name: "M",
      terms_accepted: true,
    });
    expect(initial.statusCode).toBe(422);
    expect(initial.json().detail).toBe(
      "Please sign with your full name as it appears on the estimate: Casey Homeowner",
    );
    const unticked = await post(`/api/installation/jobs/${job.token}/accept`, {
      version: 1,
      full_name: "Casey Homeowner",
    });
    expect(unticked.statusCode).toBe(422);
    expect(unticked.json().detail).toEqual([
      {
        loc: ["body", "terms_accepted"],
        msg: "Please read and tick the terms before you accept the estimate",
      },
    ]);
    const signed = await post(`/api/installation/jobs/${job.token}/accept`, {
      version: 1,
      full_name: "  casey   HOMEOWNER ",
      terms_accepted: true,
    });
    expect(signed.statusCode).toBe(200);
    expect(signed.json().stage).toBe("estimate_accepted");
  });

  it("lets the customer decline the estimate with a reason: the job is lost and the staff told", async () => {
    const { job } = await estimatedJob();
    const declined = await post(`/api/installation/jobs/${job.token}/decline`, {
      version: 1,
      reason: "We found a cheaper quote",
    });
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toMatchObject({
      stage: "cancelled",
      next_appointment: null,
      cancellation: { declined: true, refunded: 0, kept: 0 },
    });
    const [mail] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.dedupe_key, `job-declined:${job.id}`));
    expect(mail?.text).toContain("We found a cheaper quote");
    const detail = (await api.call("GET", `/api/admin/jobs/${job.id}`)).json();
    expect(detail.timeline.at(-1).detail).toBe(
      "Estimate version 1 declined: We found a cheaper quote",
    );
    const again = await post(`/api/installation/jobs/${job.token}/accept`, {
      version: 1,
      full_name: "Casey Homeowner",
      terms_accepted: true,
    });
    expect(again.statusCode).toBe(409);
  });

  it("closes the inquiry as won once its job's deposit is paid", async () => {
    const inquiry = await createInquiry(t.database.db, {
      name: "Casey Homeowner",
      flooring_type: ["Hardwood"],
    });
    const crew = await api.crew("Crew Won");
    const created = await api.call("POST", "/api/admin/jobs", { inquiry_id: inquiry.id });
    const job = created.json().job;
    await api.call("POST", `/api/admin/jobs/${job.id}/measure`, measureSlot(crew, 2));
    await api.call("PUT", `/api/admin/jobs/${job.id}/estimate`, {
      lines: [{ kind: "labour", description: "Install", quantity: 100, unit_price: 3 }],
    });
    await post(`/api/installation/jobs/${job.token}/accept`, {
      version: 1,
      full_name: "Casey Homeowner",
      terms_accepted: true,
    });
    const lead = async () =>
      (await api.call("GET", "/api/admin/inquiries"))
        .json()
        .inquiries.find((row: { id: number }) => row.id === inquiry.id);
    expect((await lead()).status).toBe("new");
    const started = await post(`/api/installation/jobs/${job.token}/deposit`);
    const sessionId = started.json().payment_url.split("/pay/")[1];
    await post(`/api/payments/test-sessions/${sessionId}/pay`, {
      card_number: "4242 4242 4242 4242",
    });
    await page(job.token);
    expect(await lead()).toMatchObject({
      status: "closed",
      staff_note: `Won: became installation job #${job.id}, deposit paid`,
    });
  });

  it("answers 404 for an unknown token; a cancelled job's page says it was cancelled and refuses changes", async () => {
    const unknown = await page("no-such-token");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe(
      "We could not find this installation project. Please call us if you need help.",
    );
    const job = await api.job();
    expect((await page(job.token)).statusCode).toBe(200);
    await api.call("POST", `/api/admin/jobs/${job.id}/cancel`);
    const cancelled = await page(job.token);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({
      stage: "cancelled",
      cancellation: { refunded: 0, kept: 0 },
      can_pay_deposit: false,
      can_pay_balance: false,
    });
    const accept = await post(`/api/installation/jobs/${job.token}/accept`, {
      version: 1,
      full_name: "X Y",
      terms_accepted: true,
    });
    expect(accept.statusCode).toBe(409);
    expect(accept.json().detail).toBe(
      "This installation was cancelled. Please call us if you need help.",
    );
  });

  it("shows the stage, the next visit and the estimate; accepts the current version once, with name and time", async () => {
    const { job } = await estimatedJob();
    const view = (await page(job.token)).json();
    expect(view).toMatchObject({
      stage: "estimate_sent",
      stage_label: "Estimate sent",
      // The measure visit is still ahead: the page keeps showing it.
      next_appointment: { kind: "measure" },
      estimate: {
        version: 1,
        labour_subtotal: 600,
        materials_subtotal: 1000,
        tax: 100,
        total: 1700,
        deposit: 510,
      },
      can_pay_deposit: false,
    });
    // The staff revise the estimate: the version the customer read is now old.
    await api.call("PUT", `/api/admin/jobs/${job.id}/estimate`, {
      lines: [{ kind: "labour", description: "Install", quantity: 200, unit_price: 2.9 }],
    });
    const stale = await post(`/api/installation/jobs/${job.token}/accept`, {
      version: 1,
      full_name: "Casey Homeowner",
      terms_accepted: true,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().detail).toBe(
      "This estimate was revised: please read version 2 and accept that one",
    );
    const unsigned = await post(`/api/installation/jobs/${job.token}/accept`, {
      version: 2,
      full_name: "  ",
      terms_accepted: true,
    });
    expect(unsigned.statusCode).toBe(422);
    const accepted = await post(`/api/installation/jobs/${job.token}/accept`, {
      version: 2,
      full_name: "Casey Homeowner",
      terms_accepted: true,
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({
      stage: "estimate_accepted",
      accepted_version: 2,
      accepted_name: "Casey Homeowner",
      can_pay_deposit: true,
    });
    const twice = await post(`/api/installation/jobs/${job.token}/accept`, {
      version: 2,
      full_name: "Casey Homeowner",
      terms_accepted: true,
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().detail).toBe("You already accepted estimate version 2");
    const [row] = await t.database.db.select().from(installJobs).where(eq(installJobs.id, job.id));
    expect(row?.accepted_ip).toBe("127.0.0.1");
    expect(row?.accepted_at).toBeInstanceOf(Date);
  });

  it("refuses the deposit before the estimate is accepted", async () => {
    const { job } = await estimatedJob();
    const early = await post(`/api/installation/jobs/${job.token}/deposit`);
    expect(early.statusCode).toBe(409);
    expect(early.json().detail).toBe("Please accept the estimate before paying the deposit");
  });

  it("takes the deposit on the test page, reserving the materials as an order, exactly once under repeated reports", async () => {
    const { job, product, sessionId } = await paidDeposit();
    // The test page, the success page and a replayed report all say "paid".
    await post(`/api/payments/test-sessions/${sessionId}/pay`, {
      card_number: "4242 4242 4242 4242",
    });
    await t.app.inject({ method: "GET", url: `/api/orders/by-session/${sessionId}` });
    await page(job.token);
    const view = (await page(job.token)).json();
    expect(view).toMatchObject({ stage: "deposit_paid", can_pay_deposit: false });
    const deposits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity_id, String(job.id)), eq(auditLog.action, "job.deposit")));
    expect(deposits).toHaveLength(1);
    const mails = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.dedupe_key, `job-deposit:${job.id}`));
    expect(mails).toHaveLength(1);
    const [stocked] = await t.database.db
      .select()
      .from(products)
      .where(eq(products.id, product.id));
    expect(stocked?.stock_quantity).toBe(40);
    const detail = (await api.call("GET", `/api/admin/jobs/${job.id}`)).json();
    const order = (
      await api.call("GET", `/api/admin/orders/${detail.job.deposit_order_id}`)
    ).json();
    expect(order).toMatchObject({
      payment_status: "paid",
      total_amount: 510,
      purpose: "installation",
    });
    // The deposit reads as an installation payment, never as boxes to ship and track.
    const session = (
      await t.app.inject({ method: "GET", url: `/api/payments/test-sessions/${sessionId}` })
    ).json();
    expect(session.purpose).toBe("installation");
    const success = (
      await t.app.inject({ method: "GET", url: `/api/orders/by-session/${sessionId}` })
    ).json();
    expect(success).toMatchObject({ purpose: "installation", tracking_url: null });
    const shipsEmails = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.dedupe_key, `order-confirmation:${detail.job.deposit_order_id}`));
    expect(shipsEmails).toHaveLength(0);
    const again = await post(`/api/installation/jobs/${job.token}/deposit`);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe("Your deposit is already paid");
  });

  it("sets the install date only after the materials have acclimated, then completes the job", async () => {
    const { job, crew } = await paidDeposit();
    const notYet = await api.call("POST", `/api/admin/jobs/${job.id}/install`, slot(crew, 10));
    expect(notYet.statusCode).toBe(409);
    // Solid hardwood delivered two days ago: the third day after delivery is the earliest.
    const receivedAt = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
    const future = await api.call("POST", `/api/admin/jobs/${job.id}/materials-ready`, {
      received_at: daysFromNow(2),
    });
    expect(future.statusCode).toBe(422);
    expect(
      (
        await api.call("POST", `/api/admin/jobs/${job.id}/materials-ready`, {
          received_at: receivedAt.toISOString(),
        })
      ).json().job.stage,
    ).toBe("materials_ready");
    const tooSoon = new Date(receivedAt.getTime() + 2.5 * 24 * 60 * 60 * 1000);
    const refused = await api.call("POST", `/api/admin/jobs/${job.id}/install`, {
      crew_id: crew,
      starts_at: tooSoon.toISOString(),
      ends_at: new Date(tooSoon.getTime() + 8 * 60 * 60 * 1000).toISOString(),
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().detail).toMatch(
      /^Solid hardwood must acclimate 3 days in the home after the materials arrived \(.*\): the earliest install is /,
    );
    const booked = await api.call(
      "POST",
      `/api/admin/jobs/${job.id}/install`,
      slot(crew, 3, 14, 8),
    );
    expect(booked.statusCode).toBe(200);
    expect(booked.json().job.stage).toBe("install_scheduled");
    const ics = await t.app.inject({
      method: "GET",
      url: `/api/installation/jobs/${job.token}/install.ics`,
    });
    expect(ics.headers["content-type"]).toMatch(/^text\/calendar/);
    expect(ics.body).toContain("SUMMARY:Floor installation — Magic City Floors");
    // The install-date email carries the same calendar entry as an attachment.
    const [installMail] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, "job-install"));
    const attached = installMail?.attachments?.[0];
    expect(attached).toMatchObject({ filename: "installation.ics" });
    expect(attached?.contentType).toMatch(/^text\/calendar/);
    const dtstart = (text: string | undefined) => text?.match(/DTSTART:(\w+)/)?.[1];
    expect(dtstart(attached?.content)).toBe(dtstart(ics.body));
    expect(dtstart(ics.body)).toBe(
      new Date(daysFromNow(3, 14))
        .toISOString()
        .replace(/[-:]/g, "")
        .replace(/\.\d{3}/, ""),
    );
    expect((await page(job.token)).json()).toMatchObject({
      stage: "install_scheduled",
      next_appointment: { kind: "install", starts_at: daysFromNow(3, 14) },
    });
    expect(booked.json().appointments.map((a: { kind: string }) => a.kind)).toEqual([
      "measure",
      "install",
    ]);
    const ask = await post(`/api/installation/jobs/${job.token}/date-request`, {
      message: "Could you come a week later?",
    });
    expect(ask.statusCode).toBe(204);
    const done = await api.call("POST", `/api/admin/jobs/${job.id}/complete`);
    expect(done.json().job.stage).toBe("completed");
    expect(done.json().timeline.map((e: { action: string }) => e.action)).toEqual([
      "job.create",
      "job.measure",
      "job.estimate",
      "job.accept",
      "job.deposit",
      "job.materials",
      "job.install",
      "job.date_request",
      "job.complete",
    ]);
    // The job's panel holds its emails (newest first) and the deposit order.
    const { messages, deposit_order, inquiry } = done.json();
    expect(messages.map((m: { kind: string }) => m.kind)).toEqual([
      "job-completed",
      "job-date-request",
      "job-install",
      "job-deposit",
      "job-estimate",
      "job-measure",
    ]);
    expect(messages[1].subject).toBe(`Casey Homeowner asks for another date (job #${job.id})`);
    expect(deposit_order).toMatchObject({ payment_status: "paid", total_amount: 510 });
    expect(inquiry).toBeNull();
    expect((await page(job.token)).json().stage).toBe("completed");
  });

  it("allows the install a day after vinyl arrives and the same day for tile", async () => {
    for (const [flooring, days] of [
      ["vinyl", 1],
      ["tile", 0],
    ] as const) {
      const made = await estimatedJob(1, flooring);
      await post(`/api/installation/jobs/${made.job.token}/accept`, {
        version: 1,
        full_name: "Casey Homeowner",
        terms_accepted: true,
      });
      const sessionId = (await post(`/api/installation/jobs/${made.job.token}/deposit`))
        .json()
        .payment_url.split("/pay/")[1];
      await post(`/api/payments/test-sessions/${sessionId}/pay`, {
        card_number: "4242 4242 4242 4242",
      });
      const receivedAt = new Date(Date.now() - 60 * 60 * 1000);
      await api.call("POST", `/api/admin/jobs/${made.job.id}/materials-ready`, {
        received_at: receivedAt.toISOString(),
      });
      const at = new Date(receivedAt.getTime() + days * 24 * 60 * 60 * 1000 + 2 * 60 * 60 * 1000);
      const answer = await api.call("POST", `/api/admin/jobs/${made.job.id}/install`, {
        crew_id: made.crew,
        starts_at: at.toISOString(),
        ends_at: new Date(at.getTime() + 60 * 60 * 1000).toISOString(),
      });
      expect(answer.statusCode, flooring).toBe(200);
    }
  });
});
