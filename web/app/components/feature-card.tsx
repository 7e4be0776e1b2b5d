import { CheckIcon } from "./icons.tsx";

/** A selling point: a check mark, a short title and a sentence. */
export function FeatureCard({ title, text }: { title: string; text: string }) {
  return (
    <div className="rounded-xl border border-stone-200 p-6">
      <CheckIcon className="mb-3 h-7 w-7 text-sage-600" />
      <h3 className="mb-2 text-lg font-bold">{title}</h3>
      <p className="text-stone-700">{text}</p>
    </div>
  );
}
