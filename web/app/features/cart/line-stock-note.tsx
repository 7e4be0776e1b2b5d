import type { LineStock } from "./use-cart-stock.ts";

/**
 * Under a box line, in the full cart and the slide-over alike: the backorder the store offers
 * (labelled, with the expected date), or how many boxes are available now when no purchase order
 * covers the rest.
 */
export function LineStockNote({
  stock,
  className = "mt-3",
}: {
  stock: LineStock | undefined;
  className?: string;
}) {
  if (stock?.backorder)
    return (
      <p
        className={`${className} rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950`}
      >
        {stock.backorder.message}
      </p>
    );
  if (stock?.short_stock)
    return (
      <p role="alert" className={`${className} text-sm text-red-800`}>
        {stock.short_stock.message}
      </p>
    );
  return null;
}
