import type { AceProduct } from "@mcf/contracts/partners";
import { useEffect, useState } from "react";
import { useCart } from "../../lib/cart/cart-context.tsx";

export const addedFeedbackMs = 2000;
export const notForOnlinePurchaseMessage =
  "This product is not available for online purchase. Please contact us for pricing.";

/**
 * Adds a product to the cart at the partner price (marked partner_price so checkout reprices it
 * with the partner's token). Products without ace_shown_price cannot be added.
 */
export function useAddAceProduct(): {
  add(product: AceProduct, quantity?: number): void;
  added: boolean;
} {
  const { addItem } = useCart();
  const [added, setAdded] = useState(false);
  useEffect(() => {
    if (!added) return;
    const timer = setTimeout(() => setAdded(false), addedFeedbackMs);
    return () => clearTimeout(timer);
  }, [added]);
  return {
    added,
    add(product, quantity = 1) {
      if (product.ace_shown_price === null || product.price_per_box === null) {
        window.alert(notForOnlinePurchaseMessage);
        return;
      }
      addItem(product, quantity, { partnerPrice: true, unitPrice: product.price_per_box });
      setAdded(true);
    },
  };
}
