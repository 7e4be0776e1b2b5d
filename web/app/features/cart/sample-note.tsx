import { sampleRules } from "@mcf/contracts/cart-kinds";

/** The badge that tells a sample line from boxes of the same product. */
export function SampleBadge() {
  return (
    <span className="mr-2 inline-block rounded-full bg-oak-100 px-2 py-0.5 align-middle text-xs font-semibold tracking-wide text-oak-800 uppercase">
      Sample
    </span>
  );
}

/** What a sample line says in place of a box price. */
export function sampleNote(quantity: number): string {
  return `${quantity} ${quantity === 1 ? "sample" : "samples"} · the first ${sampleRules.freePerOrder} of an order are free`;
}
