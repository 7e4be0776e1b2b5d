import { type JobStage, jobStageLabels, jobStages } from "@mcf/contracts/installs-options";
import { conflict } from "../../errors.ts";

/** Stages a job can still be cancelled from: every stage but the two ends. */
const openStages: readonly JobStage[] = jobStages.filter(
  (stage) => stage !== "completed" && stage !== "cancelled",
);

interface JobMove {
  /** The stages the move starts from; any other stage refuses it (409). */
  from: readonly JobStage[];
  to: JobStage;
  /** The audit action written with the move, in the same transaction. */
  audit: string;
}

/**
 * Every way a job's stage changes, in one table. A job goes new → measure scheduled → estimate
 * sent → estimate accepted → deposit paid → materials ready → install scheduled → completed, and
 * is cancelled from any open stage (or when the customer declines the estimate). A measure visit or an install may be moved while its stage
 * lasts, and a sent estimate may be revised (a new version) until the customer accepts it.
 */
export const jobMoves = {
  scheduleMeasure: {
    from: ["new", "measure_scheduled"],
    to: "measure_scheduled",
    audit: "job.measure",
  },
  // The customer cancelled the measure visit from their link: the lead waits for a new time.
  unscheduleMeasure: { from: ["measure_scheduled"], to: "new", audit: "job.measure_cancel" },
  sendEstimate: {
    from: ["measure_scheduled", "estimate_sent"],
    to: "estimate_sent",
    audit: "job.estimate",
  },
  acceptEstimate: { from: ["estimate_sent"], to: "estimate_accepted", audit: "job.accept" },
  // A declined estimate is a lost job: it ends cancelled, with the customer's reason.
  declineEstimate: { from: ["estimate_sent"], to: "cancelled", audit: "job.decline" },
  payDeposit: { from: ["estimate_accepted"], to: "deposit_paid", audit: "job.deposit" },
  materialsReady: { from: ["deposit_paid"], to: "materials_ready", audit: "job.materials" },
  scheduleInstall: {
    from: ["materials_ready", "install_scheduled"],
    to: "install_scheduled",
    audit: "job.install",
  },
  complete: { from: ["install_scheduled"], to: "completed", audit: "job.complete" },
  cancel: { from: openStages, to: "cancelled", audit: "job.cancel" },
} as const satisfies Record<string, JobMove>;

export type JobMoveName = keyof typeof jobMoves;

/** What staff read when a move is refused. */
const refusals: Record<JobMoveName, string> = {
  scheduleMeasure: "The measure visit can only be scheduled before the estimate is sent",
  unscheduleMeasure: "Only a measure visit not yet followed by an estimate can be cancelled online",
  sendEstimate:
    "An estimate can only be sent after the measure visit is scheduled and before it is accepted",
  acceptEstimate: "This estimate cannot be accepted now",
  declineEstimate: "This estimate cannot be declined now",
  payDeposit: "The deposit can only be paid once the estimate is accepted",
  materialsReady: "Materials can only be marked ready once the deposit is paid",
  scheduleInstall: "The install can only be scheduled once the materials are ready",
  complete: "Only a job with a scheduled install can be completed",
  cancel: "Only an open job can be cancelled",
};

/** Where `move` takes a job in stage `current`. Throws 409 naming the stage when refused. */
export function nextStage(move: JobMoveName, current: JobStage): JobStage {
  const rule: JobMove = jobMoves[move];
  if (!rule.from.includes(current))
    throw conflict(`${refusals[move]} (the job is ${jobStageLabels[current].toLowerCase()})`);
  return rule.to;
}

export function auditActionOf(move: JobMoveName): string {
  return jobMoves[move].audit;
}
