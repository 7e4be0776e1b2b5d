import type { estimateDeclineSchema } from "@mcf/contracts/installs";
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import { enqueueMail } from "../../mail/outbox.ts";
import { renderEmail } from "../../mail/templates.ts";
import { estimateBeingAnswered, findOpenJobByToken, moveJob } from "./job-records.ts";
import { cancelVisits } from "./scheduling.ts";

/**
 * The customer declines the estimate version they read, saying why: the job is lost (stage
 * "cancelled", nothing was paid), its visits free their crews, and the staff get the reason by
 * email to follow up. Refused (409) once accepted, or when the estimate was revised since.
 */
export async function declineEstimate(
  db: Db,
  token: string,
  input: z.infer<typeof estimateDeclineSchema>,
  options: { staffEmail: string; publicUrl: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const job = await findOpenJobByToken(tx, token, { forUpdate: true });
    const estimate = await estimateBeingAnswered(tx, job, input.version, "decline");
    await moveJob(tx, job, "declineEstimate", {
      actor: "customer",
      note: `Estimate version ${estimate.version} declined: ${input.reason}`,
      changes: { cancelled_at: new Date(), cancel_refund_cents: 0, cancel_kept_cents: 0 },
    });
    await cancelVisits(tx, job.id);
    await enqueueMail(tx, {
      kind: "job-declined",
      dedupeKey: `job-declined:${job.id}`,
      to: options.staffEmail,
      replyTo: job.customer_email,
      ...renderEmail({
        subject: `${job.customer_name} declined the estimate (job #${job.id})`,
        heading: "A customer declined the estimate",
        paragraphs: [
          `${job.customer_name} declined estimate version ${estimate.version}:`,
          input.reason,
        ],
        table: [
          ["Job", `#${job.id}`],
          ["Phone", job.customer_phone],
          ["Address", job.address],
        ],
        action: { label: "Open the job", url: `${options.publicUrl}/admin?tab=jobs&job=${job.id}` },
      }),
    });
  });
}
