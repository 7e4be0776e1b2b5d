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

// The one coverage rule, shared with the server (a project room keeps its result).
export { type CoverageEstimate, coverageEstimate } from "@mcf/contracts/coverage";
