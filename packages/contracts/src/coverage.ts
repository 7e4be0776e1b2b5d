// The coverage calculator's rule, without zod: the product page and a project's rooms use it.

export interface CoverageEstimate {
  /** Area to cover including the waste allowance, in sq ft. */
  areaWithWaste: number;
  boxes: number;
  /** Square feet the boxes cover. */
  coverage: number;
}

/**
 * Boxes needed for a room: area × (1 + waste%), rounded up to whole boxes.
 * Null when the area or the box size is not a positive number.
 */
export function coverageEstimate(
  areaSqft: number,
  wastePercent: number,
  sqftPerBox: number,
): CoverageEstimate | null {
  if (!(areaSqft > 0) || !(sqftPerBox > 0)) return null;
  const waste = Number.isFinite(wastePercent) && wastePercent > 0 ? wastePercent : 0;
  const areaWithWaste = Math.round(areaSqft * (1 + waste / 100) * 100) / 100;
  // A hair of tolerance so 200.0000001 sq ft does not buy an extra box.
  const boxes = Math.ceil(areaWithWaste / sqftPerBox - 1e-9);
  return { areaWithWaste, boxes, coverage: Math.round(boxes * sqftPerBox * 100) / 100 };
}
