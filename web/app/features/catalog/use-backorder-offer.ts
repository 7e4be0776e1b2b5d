import type { ProductBackorder } from "@mcf/contracts/cart";
import { useCallback, useEffect, useState } from "react";
import { api, isAbortError } from "../../lib/api.ts";

/**
 * The boxes open purchase orders will bring for a product (GET /api/products/{id}/backorder),
 * asked once: when `needed` (sold out, or the shopper typed more than is in stock) or when `ask`
 * is called (the quantity field took focus). Null until then, or when the answer failed (the page
 * then offers what is in stock, as before).
 */
export function useBackorderOffer(
  productId: number,
  needed: boolean,
): { offer: ProductBackorder | null; ask(): void } {
  const [asked, setAsked] = useState(false);
  const [offer, setOffer] = useState<ProductBackorder | null>(null);
  const ask = useCallback(() => setAsked(true), []);
  useEffect(() => {
    if (needed) setAsked(true);
  }, [needed]);
  useEffect(() => {
    if (!asked) return;
    const controller = new AbortController();
    api<ProductBackorder>(`/api/products/${productId}/backorder`, {
      signal: controller.signal,
      retry: false,
    })
      .then(setOffer)
      .catch((error: unknown) => {
        if (!isAbortError(error)) setOffer(null);
      });
    return () => controller.abort();
  }, [asked, productId]);
  return { offer, ask };
}
