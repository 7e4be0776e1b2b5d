import type { CartCalculationResult, CartItem } from "@mcf/contracts/cart";
import { useEffect, useMemo, useState } from "react";
import { ApiError, api, isAbortError } from "../../lib/api.ts";

export const cartTotalMessages = {
  failed: "Failed to calculate cart total. Please try again.",
  network: "Failed to calculate cart total. Please check your connection and try again.",
} as const;

export type CartCalculationState =
  | { status: "loading"; result: CartCalculationResult | null }
  | { status: "ready"; result: CartCalculationResult }
  | { status: "error"; result: null; message: string; detail: string | null };

/**
 * The server's totals for the cart (POST /api/cart/calculate), recalculated whenever the lines,
 * the applied coupon, the ship-to state or the partner session change (a signed-in ACE partner
 * is priced at partner prices). Earlier answers still in flight are dropped.
 */
export function useCartCalculation(
  items: CartItem[],
  couponCode: string | null,
  shippingState: string | null,
  options: { partnerToken: string | null; enabled: boolean },
): CartCalculationState & { retry(): void; busy: boolean } {
  const [state, setState] = useState<CartCalculationState>({ status: "loading", result: null });
  // True while a busy server's answer is being waited out and retried.
  const [busy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const lines = useMemo(
    () => items.map((item) => ({ product_id: item.product_id, quantity: item.quantity })),
    [items],
  );
  const { partnerToken, enabled } = options;
  const requestKey = JSON.stringify({ lines, couponCode, shippingState, partnerToken, attempt });

  useEffect(() => {
    if (!enabled || lines.length === 0) return;
    const controller = new AbortController();
    setState((current) => ({ status: "loading", result: current.result }));
    api<CartCalculationResult>("/api/cart/calculate", {
      method: "POST",
      body: { cart_items: lines, coupon_code: couponCode, shipping_state: shippingState },
      signal: controller.signal,
      token: partnerToken,
      // Pricing a cart changes nothing: safe to repeat when the store is busy.
      retry: { onRetry: () => setBusy(true) },
    })
      .then((result) => {
        setBusy(false);
        setState({ status: "ready", result });
      })
      .catch((error: unknown) => {
        if (isAbortError(error)) return;
        setBusy(false);
        const network = error instanceof ApiError && error.status === 0;
        const detail = error instanceof ApiError && error.status === 422 ? error.message : null;
        setState({
          status: "error",
          result: null,
          message: network ? cartTotalMessages.network : cartTotalMessages.failed,
          detail,
        });
      });
    return () => controller.abort();
  }, [requestKey, enabled]);

  return { ...state, busy, retry: () => setAttempt((n) => n + 1) };
}
