import { type JobStage, jobStageLabels, jobStages } from "@mcf/contracts/installs-options";

const pipeline: readonly JobStage[] = jobStages.filter((stage) => stage !== "cancelled");

/** The pipeline as a checklist: done steps ticked, the current one highlighted. */
export function JobSteps({ stage }: { stage: JobStage }) {
  const current = pipeline.indexOf(stage);
  // The last step, once reached, is done rather than under way: the floor is installed.
  const finished = current === pipeline.length - 1;
  return (
    <ol className="grid gap-2 sm:grid-cols-4">
      {pipeline.map((step, index) => {
        const state =
          index < current || (finished && index === current)
            ? "done"
            : index === current
              ? "current"
              : "next";
        return (
          <li
            key={step}
            aria-current={index === current ? "step" : undefined}
            className={`rounded-lg border px-3 py-2 text-sm ${
              state === "current"
                ? "border-oak-600 bg-oak-50 font-semibold text-navy-800"
                : state === "done"
                  ? "border-green-200 bg-green-50 text-green-900"
                  : "border-stone-200 text-stone-500"
            }`}
          >
            <span aria-hidden="true">{state === "done" ? "✓ " : `${index + 1}. `}</span>
            {jobStageLabels[step]}
            {state === "done" ? <span className="sr-only"> (done)</span> : null}
          </li>
        );
      })}
    </ol>
  );
}
