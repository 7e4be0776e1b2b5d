import type { CartCalculationResult, CartItem } from "@mcf/contracts/cart";
import type { DeliveryMethod, DeliveryOption, FreightServices } from "@mcf/contracts/delivery";
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

/** Where the order goes and how: what the delivery prices and dates depend on. */
export interface DeliveryRequest {
  /** A well-formed ZIP code, else null (half-typed codes are not sent). */
  zip: string | null;
  method: DeliveryMethod | null;
  freightServices: FreightServices;
}

/**
 * The server's totals for the cart (POST /api/cart/calculate), recalculated whenever the lines,
 * the applied coupon, the ship-to state and ZIP code, the delivery choice or the partner session
 * change (a signed-in ACE partner is priced at partner prices). Earlier answers still in flight
 * are dropped. `deliveryOptions` keeps the last methods the server offered, so a refused choice
 * can be changed while its error shows.
 */
export function useCartCalculation(
  items: CartItem[],
  couponCode: string | null,
  shippingState: string | null,
  options: { partnerToken: string | null; enabled: boolean; delivery: DeliveryRequest },
): CartCalculationState & {
  retry(): void;
  busy: boolean;
  deliveryOptions: DeliveryOption[] | null;
} {
  const [state, setState] = useState<CartCalculationState>({ status: "loading", result: null });
  const [deliveryOptions, setDeliveryOptions] = useState<DeliveryOption[] | null>(null);
  // True while a busy server's answer is being waited out and retried.
  const [busy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const lines = useMemo(
    () =>
      items.map((item) => ({
        product_id: item.product_id,
        quantity: item.quantity,
        kind: item.kind ?? "box",
        ...(item.lot_id === undefined ? {} : { lot_id: item.lot_id }),
      })),
    [items],
  );
  const { partnerToken, enabled, delivery } = options;
  const requestKey = JSON.stringify({
    lines,
    couponCode,
    shippingState,
    delivery,
    partnerToken,
    attempt,
  });

  useEffect(() => {
    if (!enabled || lines.length === 0) return;
    const controller = new AbortController();
    const calculate = (method: DeliveryMethod | null) =>
      api<CartCalculationResult>("/api/cart/calculate", {
        method: "POST",
        body: {
          cart_items: lines,
          coupon_code: couponCode,
          shipping_state: shippingState,
          shipping_zip: delivery.zip,
          delivery_method: method,
          // Until the shopper chooses, quote the cheapest way to their door, not always freight.
          cheapest_delivery: method === null,
          freight_services: delivery.freightServices,
        },
        signal: controller.signal,
        token: partnerToken,
        // Pricing a cart changes nothing: safe to repeat when the store is busy.
        retry: { onRetry: () => setBusy(true) },
      });
    setState((current) => ({ status: "loading", result: current.result }));
    calculate(delivery.method)
      .then((result) => {
        setBusy(false);
        setState({ status: "ready", result });
        setDeliveryOptions(result.delivery_options);
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
        // A chosen delivery the new ZIP code does not get is refused: ask for the methods this
        // address does get, so the choices on screen (and the reason beside the refused one)
        // are the new address's, not the old one's.
        if (detail && delivery.method)
          calculate(null)
            .then((fresh) => setDeliveryOptions(fresh.delivery_options))
            .catch(() => {});
      });
    return () => controller.abort();
  }, [requestKey, enabled]);

  return { ...state, busy, deliveryOptions, retry: () => setAttempt((n) => n + 1) };
}
