import { randomUUID } from "node:crypto";
import { formatUsd, toDollars } from "@mcf/contracts/money";
import type { DbOrTx } from "../../db/client.ts";
import type { installJobs } from "../../db/schema/installs.ts";
import type { MailAttachment } from "../../mail/outbox.ts";
import { enqueueMail } from "../../mail/outbox.ts";
import { storeIdentity } from "../../mail/store-identity.ts";
import { type EmailContent, renderEmail } from "../../mail/templates.ts";
import { installIcs } from "./install-calendar.ts";
import { formatVisitEnd, formatVisitStart } from "./scheduling.ts";

type JobRow = typeof installJobs.$inferSelect;

const usd = (cents: number) => formatUsd(toDollars(cents));
const pageUrl = (publicUrl: string, job: JobRow) => `${publicUrl}/installation/jobs/${job.token}`;

/** The customer's message for each step of the job; each is queued once per job (and version). */
export const jobEmails = {
  estimateReady(job: JobRow, version: number, totalCents: number, publicUrl: string) {
    return {
      key: `job-estimate:${job.id}:${version}`,
      content: renderEmail({
        subject: `Your installation estimate is ready — ${storeIdentity().name}`,
        heading: "Your installation estimate",
        paragraphs: [
          `Hello ${job.customer_name},`,
          `Your estimate (version ${version}) comes to ${usd(totalCents)}. Open your project page to read every line, accept it with your name and pay the deposit.`,
        ],
        action: { label: "See your estimate", url: pageUrl(publicUrl, job) },
      }),
    };
  },
  /** The measure visit is booked: when the crew comes, where, and what to have ready. */
  measureScheduled(
    job: JobRow,
    visit: { id: number; starts_at: Date; ends_at: Date },
    publicUrl: string,
  ) {
    const when = `${formatVisitStart(visit.starts_at)} to ${formatVisitEnd(visit.ends_at)}`;
    return {
      key: `job-measure:${job.id}:${visit.id}`,
      content: renderEmail({
        subject: `Your measure visit: ${formatVisitStart(visit.starts_at)} — ${storeIdentity().name}`,
        heading: "Your measure visit is booked",
        paragraphs: [
          `Hello ${job.customer_name},`,
          `Our crew will come to measure the rooms on ${when}, at ${job.address}. The visit is free and takes about an hour; we send your estimate after it.`,
          "To prepare: make sure someone 18 or older is home, clear a path into every room to be floored, and keep a sample or photo of any floor you like at hand.",
          "Need another time? Ask from your project page.",
        ],
        table: [
          ["When", when],
          ["Address", job.address],
        ],
        action: { label: "Your project page", url: pageUrl(publicUrl, job) },
      }),
    };
  },
  depositReceived(job: JobRow, publicUrl: string) {
    return {
      key: `job-deposit:${job.id}`,
      content: renderEmail({
        subject: `Deposit received — ${storeIdentity().name}`,
        heading: "Thank you: your deposit is paid",
        paragraphs: [
          `Hello ${job.customer_name},`,
          "We received your deposit and reserved your materials. We will let you know when they are ready and set the install date with you.",
        ],
        action: { label: "Your project page", url: pageUrl(publicUrl, job) },
      }),
    };
  },
  /** The installation was cancelled: what of the deposit went back, and what the policy kept. */
  cancelled(job: JobRow, money: { refundCents: number; keptCents: number }, publicUrl: string) {
    const paragraphs = [`Hello ${job.customer_name},`, "Your installation has been cancelled."];
    if (money.refundCents > 0)
      paragraphs.push(
        `We refunded ${usd(money.refundCents)} of your deposit to the card you paid with. Card refunds usually appear on your statement within 5 to 10 business days.`,
      );
    if (money.keptCents > 0)
      paragraphs.push(
        `As our cancellation policy sets for a cancellation this close to the install date, we kept ${usd(money.keptCents)} of the deposit.`,
      );
    paragraphs.push(`Questions? Call us at ${storeIdentity().phone}.`);
    return {
      key: `job-cancel:${job.id}`,
      content: renderEmail({
        subject: `Your installation was cancelled — ${storeIdentity().name}`,
        heading:
          money.refundCents > 0
            ? `Installation cancelled: ${usd(money.refundCents)} refunded`
            : "Installation cancelled",
        paragraphs,
        action: { label: "Your project page", url: pageUrl(publicUrl, job) },
      }),
    };
  },
  /** The receipt of the balance paid after the install. */
  balanceReceived(
    job: JobRow,
    receipt: { amountCents: number; orderNumber: string },
    publicUrl: string,
  ) {
    return {
      key: `job-balance:${job.id}`,
      content: renderEmail({
        subject: `Receipt: your installation balance is paid — ${storeIdentity().name}`,
        heading: "Thank you: your balance is paid",
        paragraphs: [
          `Hello ${job.customer_name},`,
          `We received ${usd(receipt.amountCents)}, the balance of your installation. Nothing more is due.`,
        ],
        table: [
          ["Paid", usd(receipt.amountCents)],
          ["Order", receipt.orderNumber],
          ["Address", job.address],
        ],
        action: { label: "Your project page", url: pageUrl(publicUrl, job) },
      }),
    };
  },
  installScheduled(
    job: JobRow,
    install: { id: number; starts_at: Date; ends_at: Date },
    publicUrl: string,
  ) {
    const startsAt = install.starts_at;
    return {
      key: `job-install:${job.id}:${install.id}`,
      // The install date goes with the email as a calendar entry the customer opens to add it.
      attachments: [
        {
          filename: "installation.ics",
          contentType: "text/calendar; charset=utf-8; method=PUBLISH",
          content: installIcs(install, job.address),
        },
      ],
      content: renderEmail({
        subject: `Your install date: ${formatVisitStart(startsAt)} — ${storeIdentity().name}`,
        heading: "Your floor install is scheduled",
        paragraphs: [
          `Hello ${job.customer_name},`,
          `Our crew will arrive on ${formatVisitStart(startsAt)} at ${job.address}. The attached calendar entry (installation.ics) adds it to your calendar; need another date? Ask from your project page.`,
        ],
        action: {
          label: "Add to calendar (.ics)",
          url: `${publicUrl}/api/installation/jobs/${job.token}/install.ics`,
        },
        footnotes: [`Your project page: ${pageUrl(publicUrl, job)}`],
      }),
    };
  },
  completed(job: JobRow, publicUrl: string) {
    return {
      key: `job-completed:${job.id}`,
      content: renderEmail({
        subject: `Your new floor is installed — ${storeIdentity().name}`,
        heading: "Enjoy your new floor",
        paragraphs: [
          `Hello ${job.customer_name},`,
          "Your installation is complete. Thank you for choosing us! A short review helps other Birmingham homeowners find a crew they can trust.",
        ],
        action: { label: "Leave a review", url: `${publicUrl}/contact?subject=review` },
      }),
    };
  },
} satisfies Record<
  string,
  (...args: never[]) => { key: string; content: EmailContent; attachments?: MailAttachment[] }
>;

/** Queues one of the customer's job emails inside the caller's transaction. */
export async function queueJobEmail(
  db: DbOrTx,
  job: JobRow,
  mail: { key: string; content: EmailContent; attachments?: MailAttachment[] },
): Promise<boolean> {
  return enqueueMail(db, {
    kind: mail.key.split(":")[0] ?? "job",
    to: job.customer_email,
    dedupeKey: mail.key,
    ...mail.content,
    attachments: mail.attachments,
  });
}

/** Every email of one job carries a dedupe key `job-<what>:<job id>[:<more>]`. */
export const jobMailKeyPattern = (jobId: number) => `^job-[a-z-]+:${jobId}(:|$)`;

/** The customer's request for another date, sent to the staff with a way to reply. */
export async function queueDateRequest(
  db: DbOrTx,
  job: JobRow,
  message: string,
  staffEmail: string,
  publicUrl: string,
): Promise<void> {
  await enqueueMail(db, {
    kind: "job-date-request",
    // Unique per request (a customer may ask more than once), in the job's key family.
    dedupeKey: `job-date-request:${job.id}:${randomUUID()}`,
    to: staffEmail,
    replyTo: job.customer_email,
    ...renderEmail({
      subject: `${job.customer_name} asks for another date (job #${job.id})`,
      heading: "A customer asks for another date",
      paragraphs: [`${job.customer_name} wrote from their project page:`, message],
      table: [
        ["Job", `#${job.id}`],
        ["Phone", job.customer_phone],
        ["Address", job.address],
      ],
      action: { label: "Open the job", url: `${publicUrl}/admin?tab=jobs&job=${job.id}` },
    }),
  });
}
