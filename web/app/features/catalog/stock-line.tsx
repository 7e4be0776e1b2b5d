import { stockState } from "./product-pricing.ts";

/**
 * "Out of Stock" at 0, "Only N left" at 5 or fewer, else "In Stock", or with `showCount`
 * (closeouts, sold while quantities last) "N boxes left".
 */
export function StockLine({
  stock,
  className = "",
  showCount = false,
}: {
  stock: number;
  className?: string;
  showCount?: boolean;
}) {
  const state = stockState(stock);
  if (state.kind === "out") {
    return <p className={`stock-out ${className}`}>Out of Stock</p>;
  }
  if (state.kind === "low") {
    return <p className={`stock-low ${className}`}>Only {state.left} left</p>;
  }
  return (
    <p className={`stock-in ${className}`}>
      {showCount ? `${state.count} boxes left` : "In Stock"}
    </p>
  );
}
