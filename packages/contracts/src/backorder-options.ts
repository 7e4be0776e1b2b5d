// Backorders without zod, for browser code and the server alike: the product page, the cart and
// checkout split a quantity the same way and say it in the same words.

/** Boxes an open purchase order will bring, not yet promised to another backorder. */
export interface ExpectedBoxes {
  boxes: number;
  /** YYYY-MM-DD: the purchase order's expected date. */
  expected_date: string;
}

/** A quantity split into the boxes available now and the boxes backordered. */
export interface BackorderSplit {
  availableNow: number;
  backordered: number;
  /** YYYY-MM-DD: when the last backordered box is expected. */
  expectedDate: string;
}

/**
 * How `quantity` boxes can be had: null when the available boxes cover it (no backorder needed)
 * or when they and the expected boxes together cannot (the store then says how many are available
 * now). Otherwise the boxes available now, the rest backordered, and the expected date of the
 * last of them (the batches are taken earliest first).
 */
export function backorderSplit(
  quantity: number,
  available: number,
  expected: ExpectedBoxes[],
): BackorderSplit | null {
  const availableNow = Math.max(0, available);
  if (quantity <= availableNow) return null;
  const backordered = quantity - availableNow;
  let covered = 0;
  for (const batch of [...expected].sort((a, b) =>
    a.expected_date.localeCompare(b.expected_date),
  )) {
    covered += batch.boxes;
    if (covered >= backordered)
      return { availableNow, backordered, expectedDate: batch.expected_date };
  }
  return null;
}

/** The most boxes that can be ordered now: available plus every expected box. */
export function mostBoxesOrderable(available: number, expected: ExpectedBoxes[]): number {
  return Math.max(0, available) + expected.reduce((sum, batch) => sum + batch.boxes, 0);
}

/** A YYYY-MM-DD date as shoppers read it: "Fri, Dec 18, 2026". */
export function formatExpectedDate(isoDate: string): string {
  return new Date(`${isoDate}T12:00:00Z`).toLocaleDateString("en-US", {
    timeZone: "UTC",
    weekday: "short",
    month: "short",
    day: "numeric",
    year: "numeric",
  });
}

const boxes = (n: number) => `${n} ${n === 1 ? "box" : "boxes"}`;

/** "Backorder: 4 boxes available now, 6 more expected Fri, Dec 18, 2026." */
export function backorderMessage(split: BackorderSplit): string {
  const now =
    split.availableNow > 0
      ? `${boxes(split.availableNow)} available now, `
      : "None available now, ";
  return `Backorder: ${now}${split.backordered} more expected ${formatExpectedDate(split.expectedDate)}. The order ships when they arrive.`;
}
