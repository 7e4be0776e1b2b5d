import { stockState } from "./product-pricing.ts";

/** "Out of Stock" at 0, "Only N left" at 5 or fewer, else "In Stock". */
export function StockLine({ stock, className = "" }: { stock: number; className?: string }) {
  const state = stockState(stock);
  if (state.kind === "out") {
    return <p className={`text-sm font-semibold text-brick-600 ${className}`}>Out of Stock</p>;
  }
  if (state.kind === "low") {
    return (
      <p className={`text-sm font-semibold text-oak-700 ${className}`}>Only {state.left} left</p>
    );
  }
  return <p className={`text-sm text-sage-600 ${className}`}>In Stock</p>;
}
