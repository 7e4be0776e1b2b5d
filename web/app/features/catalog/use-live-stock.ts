import type { CloseoutListResponse, PublicProduct } from "@mcf/contracts/product";
import { useEffect, useState } from "react";
import { api } from "../../lib/api.ts";

/** How often an open closeouts page asks for the boxes left. */
export const liveStockIntervalMs = 15_000;

/**
 * The closeouts with their stock kept live: while the page is visible, the closeout list is asked
 * for again every `intervalMs` and each product's `stock_quantity` replaced by the current one,
 * so "N boxes left" follows a rush. The server answers from its catalogue cache, which a stock
 * change in any process invalidates, so the count is never older than the last sale. A failed or
 * shed poll keeps the last counts and tries again next time.
 */
export function useLiveStock(
  products: PublicProduct[],
  intervalMs = liveStockIntervalMs,
): PublicProduct[] {
  const [stock, setStock] = useState<Map<number, number> | null>(null);
  useEffect(() => {
    setStock(null);
    const controller = new AbortController();
    const poll = async () => {
      if (document.visibilityState !== "visible") return;
      try {
        const { products: current } = await api<CloseoutListResponse>(
          "/api/products?closeout=true",
          // A missed poll is not worth waiting for: the next one comes soon.
          { signal: controller.signal, retry: false },
        );
        setStock(new Map(current.map((product) => [product.id, product.stock_quantity])));
      } catch {
        // Busy or offline: keep the counts shown and ask again at the next tick.
      }
    };
    const timer = setInterval(() => void poll(), intervalMs);
    return () => {
      clearInterval(timer);
      controller.abort();
    };
  }, [products, intervalMs]);
  if (!stock) return products;
  return products.map((product) => {
    const current = stock.get(product.id);
    return current === undefined || current === product.stock_quantity
      ? product
      : { ...product, stock_quantity: current };
  });
}
