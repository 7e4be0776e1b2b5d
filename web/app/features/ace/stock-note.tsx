import { lowStockThreshold } from "@mcf/contracts/business";

/** "Out of Stock" at 0, "Only N left" at 5 or fewer, else "In Stock". */
export function StockNote({ quantity }: { quantity: number }) {
  if (quantity <= 0)
    return <span className="text-sm font-semibold text-brick-600">Out of Stock</span>;
  if (quantity <= lowStockThreshold)
    return <span className="text-sm font-semibold text-oak-700">Only {quantity} left</span>;
  return <span className="text-sm font-medium text-sage-600">In Stock</span>;
}
