/** "1 box", "3 boxes". */
export function boxesLabel(count: number): string {
  return `${count} ${count === 1 ? "box" : "boxes"}`;
}

/**
 * "3 boxes", "3 boxes, 2 samples", "1 sample", "3 boxes, 4 accessories": what the cart holds.
 */
export function cartItemsLabel(boxes: number, samples: number, accessories = 0): string {
  const parts = [
    boxes > 0 || (samples === 0 && accessories === 0) ? boxesLabel(boxes) : null,
    accessories > 0 ? `${accessories} ${accessories === 1 ? "accessory" : "accessories"}` : null,
    samples > 0 ? `${samples} ${samples === 1 ? "sample" : "samples"}` : null,
  ];
  return parts.filter(Boolean).join(", ");
}

/** A sample line: "1 sample · free", "3 samples · 2 free". */
export function sampleLineLabel(quantity: number, freeQuantity: number): string {
  const samples = `${quantity} ${quantity === 1 ? "sample" : "samples"}`;
  if (freeQuantity >= quantity) return `${samples} · free`;
  if (freeQuantity === 0) return samples;
  return `${samples} · ${freeQuantity} free`;
}

/** Square feet for display: up to two decimals, thousands separated. */
export function formatSqft(value: number): string {
  return `${value.toLocaleString("en-US", { maximumFractionDigits: 2 })} sq ft`;
}
