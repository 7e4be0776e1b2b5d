import { randomUUID } from "node:crypto";
import { formatUsd, toDollars } from "@mcf/contracts/money";
import type { DbOrTx } from "../../db/client.ts";
import type { installJobs } from "../../db/schema/installs.ts";
import type { MailAttachment } from "../../mail/outbox.ts";
import { enqueueMail } from "../../mail/outbox.ts";
import { storeIdentity } from "../../mail/store-identity.ts";
import { type EmailContent, renderEmail } from "../../mail/templates.ts";
import { installIcs, measureIcs } from "./install-calendar.ts";
import { formatVisitEnd, formatVisitStart } from "./scheduling.ts";
import { visitManageUrl, visitRef } from "./visit-link.ts";

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
  /**
   * The measure visit is booked (by staff or by the customer): when the crew comes, where, what to
   * have ready, the visit as a calendar entry, and the signed link that moves or cancels it.
   */
  measureScheduled(
    job: JobRow,
    visit: { id: number; starts_at: Date; ends_at: Date },
    publicUrl: string,
    changeCutoffHours = 24,
  ) {
    const when = `${formatVisitStart(visit.starts_at)} to ${formatVisitEnd(visit.ends_at)}`;
    const manageUrl = visitManageUrl(publicUrl, visitRef(job.token, visit.id));
    return {
      key: `job-measure:${job.id}:${visit.id}`,
      attachments: [
        {
          filename: "measure-visit.ics",
          contentType: "text/calendar; charset=utf-8; method=PUBLISH",
          content: measureIcs(job, visit, job.address),
        },
      ],
      content: renderEmail({
        subject: `Your measure visit: ${formatVisitStart(visit.starts_at)} — ${storeIdentity().name}`,
        heading: "Your measure visit is booked",
        paragraphs: [
          `Hello ${job.customer_name},`,
          `Our crew will come to measure the rooms on ${when}, at ${job.address}. The visit is free and takes about an hour; we send your estimate after it. The attached calendar entry (measure-visit.ics) adds it to your calendar.`,
          "To prepare: make sure someone 18 or older is home, clear a path into every room to be floored, and keep a sample or photo of any floor you like at hand.",
          `Need another time? Move or cancel the visit from the link below until ${changeCutoffHours} hours before it, or call us at ${storeIdentity().phone}.`,
        ],
        table: [
          ["When", when],
          ["Address", job.address],
        ],
        action: { label: "Move or cancel the visit", url: manageUrl },
        footnotes: [`Your project page: ${pageUrl(publicUrl, job)}`],
      }),
    };
  },
  /** The day before the measure visit: once per visit. */
  measureReminder(
    job: JobRow,
    visit: { id: number; starts_at: Date; ends_at: Date },
    publicUrl: string,
  ) {
    const when = `${formatVisitStart(visit.starts_at)} to ${formatVisitEnd(visit.ends_at)}`;
    return {
      key: `job-measure-reminder:${job.id}:${visit.id}`,
      content: renderEmail({
        subject: `Reminder: your measure visit tomorrow — ${storeIdentity().name}`,
        heading: "Your measure visit is tomorrow",
        paragraphs: [
          `Hello ${job.customer_name},`,
          `A reminder: our crew comes to measure on ${when}, at ${job.address}.`,
          `Can't make it? Call us at ${storeIdentity().phone}.`,
        ],
        action: {
          label: "See the visit",
          url: visitManageUrl(publicUrl, visitRef(job.token, visit.id)),
        },
      }),
    };
  },
  /** The customer cancelled the measure visit from their link. */
  measureCancelled(job: JobRow, visit: { id: number; starts_at: Date }, publicUrl: string) {
    return {
      key: `job-measure-cancel:${job.id}:${visit.id}`,
      content: renderEmail({
        subject: `Your measure visit is cancelled — ${storeIdentity().name}`,
        heading: "Measure visit cancelled",
        paragraphs: [
          `Hello ${job.customer_name},`,
          `Your measure visit of ${formatVisitStart(visit.starts_at)} is cancelled. Book another time whenever you like, or call us at ${storeIdentity().phone}.`,
        ],
        action: {
          label: "Book another time",
          url: `${publicUrl}/installation/book?job=${job.token}`,
        },
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
  /**
   * A deposit or balance paid after the installation was cancelled (the customer was still on the
   * payment page): all of it went back.
   */
  latePaymentRefunded(job: JobRow, refund: FullRefund, publicUrl: string) {
    return fullRefundEmail(job, refund, publicUrl, {
      key: `job-late-refund:${job.id}:${refund.orderNumber}`,
      subject: `We refunded your payment of ${usd(refund.amountCents)}`,
      heading: `Installation cancelled: your ${usd(refund.amountCents)} payment refunded`,
      why: `Your payment of ${usd(refund.amountCents)} reached us after your installation had been cancelled, so nothing was due: we refunded all of it`,
    });
  },
  /**
   * A deposit or balance paid a second time (the customer paid on an older payment page after
   * the newer one was paid): the second payment went back in full.
   */
  duplicatePaymentRefunded(
    job: JobRow,
    refund: FullRefund & { keptOrder: string },
    publicUrl: string,
  ) {
    return fullRefundEmail(job, refund, publicUrl, {
      key: `job-duplicate-refund:${job.id}:${refund.orderNumber}`,
      subject: `We refunded your second payment of ${usd(refund.amountCents)}`,
      heading: `You paid twice: your second ${usd(refund.amountCents)} payment refunded`,
      why: `This payment of your installation was already made (order ${refund.keptOrder}), so we refunded the second payment of ${usd(refund.amountCents)} in full`,
    });
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
/** A payment of a job that went back in full, and where to find it. */
interface FullRefund {
  amountCents: number;
  orderNumber: string;
  reference: string;
}

/** The email of a job payment refunded in full: why it went back, then the same refund table. */
function fullRefundEmail(
  job: JobRow,
  refund: FullRefund,
  publicUrl: string,
  wording: { key: string; subject: string; heading: string; why: string },
) {
  return {
    key: wording.key,
    content: renderEmail({
      subject: `${wording.subject} — ${storeIdentity().name}`,
      heading: wording.heading,
      paragraphs: [
        `Hello ${job.customer_name},`,
        `${wording.why} to the card you paid with. Card refunds usually appear on your statement within 5 to 10 business days.`,
        `Questions? Call us at ${storeIdentity().phone}.`,
      ],
      table: [
        ["Refund", usd(refund.amountCents)],
        ["Order", refund.orderNumber],
        ["Refund reference", refund.reference],
      ],
      action: { label: "Your project page", url: pageUrl(publicUrl, job) },
    }),
  };
}

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
