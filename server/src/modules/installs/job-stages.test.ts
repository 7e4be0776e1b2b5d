import { jobStages } from "@mcf/contracts/installs-options";
import { describe, expect, it } from "vitest";
import { type JobMoveName, jobMoves, nextStage } from "./job-stages.ts";

/** The pipeline as the staff describe it: each move and the one stage it normally starts from. */
const allowed: Record<JobMoveName, string[]> = {
  scheduleMeasure: ["new", "measure_scheduled"],
  unscheduleMeasure: ["measure_scheduled"],
  sendEstimate: ["measure_scheduled", "estimate_sent"],
  acceptEstimate: ["estimate_sent"],
  declineEstimate: ["estimate_sent"],
  payDeposit: ["estimate_accepted"],
  materialsReady: ["deposit_paid"],
  scheduleInstall: ["materials_ready", "install_scheduled"],
  complete: ["install_scheduled"],
  cancel: [
    "new",
    "measure_scheduled",
    "estimate_sent",
    "estimate_accepted",
    "deposit_paid",
    "materials_ready",
    "install_scheduled",
  ],
};

describe("job stage table", () => {
  for (const move of Object.keys(jobMoves) as JobMoveName[]) {
    for (const stage of jobStages) {
      const ok = allowed[move].includes(stage);
      it(`${move} from ${stage} is ${ok ? `allowed (→ ${jobMoves[move].to})` : "refused with 409"}`, () => {
        if (ok) expect(nextStage(move, stage)).toBe(jobMoves[move].to);
        else
          expect(() => nextStage(move, stage)).toThrow(
            expect.objectContaining({ code: "conflict" }),
          );
      });
    }
  }

  it("a refusal names the job's stage", () => {
    expect(() => nextStage("complete", "new")).toThrow(
      "Only a job with a scheduled install can be completed (the job is new)",
    );
  });
});
