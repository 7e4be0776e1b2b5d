import { lowStockThreshold } from "@mcf/contracts/business";

// The closeout discount is a price rule like the others, so it lives with them in the contracts.

/**
 * The "Their price" per box to cross out, as the server computed it (the competitor's price the
 * staff entered, else our box price / 0.75), or null when there is none or it would not be a
 * saving over our box price.
 */
export function theirBoxPrice(
  theirPricePerBox: number | null | undefined,
  pricePerBox: number | null,
): number | null {
  if (theirPricePerBox == null || pricePerBox === null) return null;
  return theirPricePerBox > pricePerBox ? theirPricePerBox : null;
}

export type StockState =
  | { kind: "out" }
  | { kind: "low"; left: number }
  | { kind: "in"; count: number };

export function stockState(stock: number): StockState {
  if (stock <= 0) return { kind: "out" };
  if (stock <= lowStockThreshold) return { kind: "low", left: stock };
  return { kind: "in", count: stock };
}

/** Quantity input: a whole number ≥ 1 (anything else becomes 1), capped at the stock when known. */
export function normalizeQuantity(raw: string | number, stock?: number): number {
  const value = typeof raw === "number" ? raw : Number.parseInt(raw, 10);
  let quantity = Number.isFinite(value) && value >= 1 ? Math.floor(value) : 1;
  if (stock !== undefined && stock > 0) quantity = Math.min(quantity, stock);
  return quantity;
}

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
