/** "1 box", "3 boxes". */
export function boxesLabel(count: number): string {
  return `${count} ${count === 1 ? "box" : "boxes"}`;
}

/** Square feet for display: up to two decimals, thousands separated. */
export function formatSqft(value: number): string {
  return `${value.toLocaleString("en-US", { maximumFractionDigits: 2 })} sq ft`;
}
