import { CheckIcon } from "../../components/icons.tsx";
import { isCancelledStatus, trackingSteps } from "./tracking-steps.ts";

/** The whole progress takes about this long to draw. */
const animationSeconds = 14;

/**
 * The four-step progress bar, animated over about 14 s unless the visitor prefers
 * reduced motion (tracking-progress.css). The step list says in words what is done.
 */
export function TrackingProgress({ status }: { status: string }) {
  const steps = trackingSteps(status);
  const cancelled = isCancelledStatus(status);
  const lastDone = steps.reduce((last, step, index) => (step.done ? index : last), 0);
  const fraction = lastDone / (steps.length - 1);
  const stepDelay = (index: number) => (animationSeconds * index) / (steps.length - 1);

  return (
    <div className="px-2 sm:px-6">
      <div className="relative mx-[12.5%] h-2 rounded-full bg-stone-200" aria-hidden="true">
        <div
          className={`track-fill absolute inset-y-0 left-0 rounded-full ${cancelled ? "bg-stone-500" : "bg-sage-600"}`}
          style={
            {
              width: `${fraction * 100}%`,
              "--fill-duration": `${animationSeconds * fraction}s`,
            } as React.CSSProperties
          }
        />
      </div>
      <ol className="-mt-5 grid grid-cols-4">
        {steps.map((step, index) => {
          const isCancelStep = cancelled && index === steps.length - 1;
          const doneClass = isCancelStep
            ? "border-stone-500 bg-stone-500 text-white"
            : "border-sage-600 bg-sage-600 text-white";
          return (
            <li key={step.label} className="flex flex-col items-center text-center">
              <span
                className={`relative flex h-8 w-8 items-center justify-center rounded-full border-2 ${
                  step.done
                    ? `track-step-done ${doneClass}`
                    : "border-stone-300 bg-white text-stone-400"
                }`}
                style={{ "--light-delay": `${stepDelay(index)}s` } as React.CSSProperties}
                aria-hidden="true"
              >
                {step.done ? (
                  isCancelStep ? (
                    <span className="text-base leading-none font-bold">×</span>
                  ) : (
                    <CheckIcon className="h-4 w-4" />
                  )
                ) : (
                  <span className="text-xs font-semibold">{index + 1}</span>
                )}
              </span>
              <span
                className={`mt-2 text-xs font-semibold sm:text-sm ${step.done ? "text-navy-800" : "text-stone-500"}`}
              >
                {step.label}
              </span>
              <span className="sr-only">{step.done ? "(done)" : "(not yet)"}</span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
