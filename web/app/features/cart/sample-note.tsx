import { sampleRules } from "@mcf/contracts/cart-kinds";
import { formatUsd, toDollars } from "@mcf/contracts/money";

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

/** A sample line's price: "Free", its dollars, or left to the checkout when the price is unknown. */
export function samplePrice(
  productId: number,
  sampleCents: Map<number, number> | null,
  sampleCount: number,
): string {
  if (sampleCents === null)
    return sampleCount <= sampleRules.freePerOrder ? "Free" : "Priced at checkout";
  const cents = sampleCents.get(productId) ?? 0;
  return cents === 0 ? "Free" : formatUsd(toDollars(cents));
}
