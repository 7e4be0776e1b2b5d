import { sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestSmtpServer, type TestSmtpServer } from "../../test/smtp-test-server.ts";
import { createTestDatabase, onRealPostgres } from "../../test/test-database.ts";
import type { Database } from "../db/client.ts";
import { enqueueMail } from "./outbox.ts";
import { renderEmail } from "./templates.ts";
import { createSmtpTransport } from "./transport.ts";
import { deliverDueMail, maxMailAttempts, retryDelaySeconds } from "./worker.ts";

const log = pino({ level: "silent" });
const from = "Magic City Floors <orders@magiccityfloors.example>";

function sampleMail(to: string, dedupeKey?: string) {
  return {
    kind: "test",
    to,
    dedupeKey,
    ...renderEmail({
      subject: "Your order MCF-TEST",
      heading: "Thanks for your order",
      paragraphs: ["We received your order <b>."],
      table: [["Total", "$12.34"]],
      action: { label: "Track your order", url: "http://store.test/track/abc" },
    }),
  };
}

async function statuses(database: Database) {
  const result = await database.db.execute(
    sql`select status, attempts from mail_outbox order by id`,
  );
  return result.rows as Array<{ status: string; attempts: number }>;
}

describe("mail outbox and worker", () => {
  let database: Database;
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    database = await createTestDatabase();
    smtp = await startTestSmtpServer();
  });
  afterAll(async () => {
    await smtp.close();
    await database.close();
  });

  it("renders HTML and plain-text parts with the same words, escaping HTML", () => {
    const mail = sampleMail("a@b.co");
    expect(mail.text).toContain("We received your order <b>.");
    expect(mail.text).toContain("Track your order: http://store.test/track/abc");
    expect(mail.html).toContain("We received your order &lt;b&gt;.");
    expect(mail.html).toContain("Magic City Floors");
  });

  it("delivers a queued message over SMTP once", async () => {
    await enqueueMail(database.db, sampleMail("buyer@example.com"));
    const transport = createSmtpTransport(smtp.url);
    expect(await deliverDueMail(database.db, transport, from, log)).toBe(1);
    expect(await deliverDueMail(database.db, transport, from, log)).toBe(0);
    const [message] = await smtp.waitFor(1);
    expect(message?.subject).toBe("Your order MCF-TEST");
    expect(message?.text).toContain("Thanks for your order");
    expect(message?.html).toContain("Track your order");
    transport.close();
  });

  it("sends a queued attachment with the message", async () => {
    const calendar = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n";
    await enqueueMail(database.db, {
      ...sampleMail("attach@example.com"),
      attachments: [
        { filename: "installation.ics", contentType: "text/calendar", content: calendar },
      ],
    });
    const transport = createSmtpTransport(smtp.url);
    const before = smtp.messages.length;
    expect(await deliverDueMail(database.db, transport, from, log)).toBe(1);
    const message = (await smtp.waitFor(before + 1)).at(-1);
    expect(message?.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      ["installation.ics", "text/calendar"],
    ]);
    expect(message?.attachments[0]?.content.toString("utf8")).toBe(calendar);
    transport.close();
  });

  it("queues a message with a dedupe key only once", async () => {
    expect(
      await enqueueMail(database.db, sampleMail("x@example.com", "order-confirmation:1")),
    ).toBe(true);
    expect(
      await enqueueMail(database.db, sampleMail("x@example.com", "order-confirmation:1")),
    ).toBe(false);
    const transport = createSmtpTransport(smtp.url);
    await deliverDueMail(database.db, transport, from, log);
    transport.close();
  });

  it("keeps a message queued while SMTP is down and delivers it once it returns", async () => {
    await database.db.execute(sql`delete from mail_outbox`);
    const before = smtp.messages.length;
    await enqueueMail(database.db, sampleMail("later@example.com"));
    const down = createSmtpTransport("smtp://127.0.0.1:1?ignoreTLS=true");
    expect(await deliverDueMail(database.db, down, from, log)).toBe(0);
    down.close();
    expect(await statuses(database)).toEqual([{ status: "pending", attempts: 1 }]);
    // The retry waits for its back-off; make it due now, as time passing would.
    await database.db.execute(sql`update mail_outbox set next_attempt_at = now()`);
    const up = createSmtpTransport(smtp.url);
    expect(await deliverDueMail(database.db, up, from, log)).toBe(1);
    up.close();
    await smtp.waitFor(before + 1);
    expect(smtp.messages.filter((m) => m.subject === "Your order MCF-TEST").length).toBe(
      before + 1,
    );
    expect(await statuses(database)).toEqual([{ status: "sent", attempts: 2 }]);
  });

  it("gives up after the last attempt and marks the message failed", async () => {
    await database.db.execute(sql`delete from mail_outbox`);
    await enqueueMail(database.db, sampleMail("bounce@example.com"));
    const down = createSmtpTransport("smtp://127.0.0.1:1?ignoreTLS=true");
    for (let attempt = 1; attempt <= maxMailAttempts; attempt++) {
      await database.db.execute(sql`update mail_outbox set next_attempt_at = now()`);
      expect(await deliverDueMail(database.db, down, from, log)).toBe(0);
    }
    down.close();
    expect(await statuses(database)).toEqual([{ status: "failed", attempts: maxMailAttempts }]);
    // A failed message is not picked up again.
    await database.db.execute(sql`update mail_outbox set next_attempt_at = now()`);
    const up = createSmtpTransport(smtp.url);
    expect(await deliverDueMail(database.db, up, from, log)).toBe(0);
    up.close();
  });

  it("logs a queued message's recipient and subject, never its body", async () => {
    const lines: string[] = [];
    const capture = pino({ level: "info" }, { write: (line: string) => lines.push(line) });
    const mail = sampleMail("logged@example.com");
    await enqueueMail(database.db, mail, capture);
    const output = lines.join("");
    expect(output).toContain("logged@example.com");
    expect(output).toContain("Your order MCF-TEST");
    expect(output).not.toContain("Thanks for your order");
    expect(output).not.toContain("We received your order");
  });

  it("backs off longer after each failure", () => {
    expect(retryDelaySeconds(1)).toBe(30);
    expect(retryDelaySeconds(2)).toBe(120);
    expect(retryDelaySeconds(100)).toBe(3600);
  });

  it.runIf(onRealPostgres)(
    "several workers at once never send one message twice (PostgreSQL)",
    async () => {
      await database.db.execute(sql`delete from mail_outbox`);
      const before = smtp.messages.length;
      for (let i = 0; i < 30; i++)
        await enqueueMail(database.db, sampleMail(`many${i}@example.com`));
      const transports = Array.from({ length: 4 }, () => createSmtpTransport(smtp.url));
      const sent = await Promise.all(
        transports.map((tr) => deliverDueMail(database.db, tr, from, log, 30)),
      );
      for (const tr of transports) tr.close();
      expect(sent.reduce((a, b) => a + b, 0)).toBe(30);
      await smtp.waitFor(before + 30);
      await new Promise((r) => setTimeout(r, 300));
      const recipients = smtp.messages
        .slice(before)
        .map((m) => (Array.isArray(m.to) ? m.to[0]?.text : m.to?.text));
      expect(new Set(recipients).size).toBe(30);
      expect(recipients.length).toBe(30);
    },
  );
});
