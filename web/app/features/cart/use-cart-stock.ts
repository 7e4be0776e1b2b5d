import type { CartCalculationResult, CartItem } from "@mcf/contracts/cart";
import { useEffect, useMemo, useState } from "react";
import { api, isAbortError } from "../../lib/api.ts";

/** What the store says of a box line's stock: a backorder offered, or the boxes available now. */
export interface LineStock {
  backorder?: NonNullable<CartCalculationResult["items"][number]["backorder"]>;
  short_stock?: NonNullable<CartCalculationResult["items"][number]["short_stock"]>;
}

/**
 * The cart's box lines checked against the stock (one POST /api/cart/calculate of the box lines,
 * again whenever they change): per product, the backorder the store offers when open purchase
 * orders cover what is missing, or how many boxes are available now when they do not. Lines in
 * stock are absent. A failed check shows nothing: checkout checks again.
 */
export function useCartStock(items: CartItem[]): Map<number, LineStock> {
  const [stock, setStock] = useState<Map<number, LineStock>>(new Map());
  const lines = useMemo(
    () =>
      items
        .filter((item) => (item.kind ?? "box") === "box")
        .map((item) => ({
          product_id: item.product_id,
          quantity: item.quantity,
          ...(item.lot_id === undefined ? {} : { lot_id: item.lot_id }),
        })),
    [items],
  );
  const key = JSON.stringify(lines);
  // The lines are compared by value (key): a new array of the same lines asks nothing again.
  useEffect(() => {
    if (lines.length === 0) {
      setStock(new Map());
      return;
    }
    const controller = new AbortController();
    api<CartCalculationResult>("/api/cart/calculate", {
      method: "POST",
      body: { cart_items: lines, delivery_method: "pickup" },
      signal: controller.signal,
      retry: false,
    })
      .then((result) => {
        const found = new Map<number, LineStock>();
        for (const item of result.items)
          if (item.backorder || item.short_stock)
            found.set(item.product_id, {
              backorder: item.backorder,
              short_stock: item.short_stock,
            });
        setStock(found);
      })
      .catch((error: unknown) => {
        if (!isAbortError(error)) setStock(new Map());
      });
    return () => controller.abort();
  }, [key]);
  return stock;
}
