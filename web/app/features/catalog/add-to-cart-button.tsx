import { useEffect, useState } from "react";
import { Link } from "react-router";
import { useCart } from "../../lib/cart/cart-context.tsx";
import type { CartableProduct } from "../../lib/cart/cart-lines.ts";
import { priceRequestHref } from "../../lib/price-request.ts";

/** How long "Added!" shows (and the button stays disabled) after a click. */
export const addedFeedbackMs = 2000;

export interface AddToCartButtonProps {
  /** The product; its box price for this cart line is `unitPrice`. */
  product: Omit<CartableProduct, "price_per_box">;
  /** Price per box to charge; null means the product cannot be bought online. */
  unitPrice: number | null;
  quantity?: number;
  /** The line is priced for a signed-in partner (ACE). */
  partnerPrice?: boolean;
  label?: string;
  addedLabel?: string;
  /** Disabled outright (out of stock, or no price on the detail page). */
  disabled?: boolean;
  className?: string;
  /** Called after the line is added. */
  onAdded?: () => void;
}

/**
 * Adds boxes to the cart, then shows "Added!" and stays disabled for 2 seconds. A product without
 * a price cannot be added: unless disabled, it becomes "Ask for a price", a link to /contact with
 * the product named (where the shopper reads that it is not sold online).
 */
export function AddToCartButton({
  product,
  unitPrice,
  quantity = 1,
  partnerPrice = false,
  label = "Add to Cart",
  addedLabel = "Added!",
  disabled = false,
  className = "btn-primary",
  onAdded,
}: AddToCartButtonProps) {
  const { addItem } = useCart();
  const [added, setAdded] = useState(false);

  useEffect(() => {
    if (!added) return;
    const timer = setTimeout(() => setAdded(false), addedFeedbackMs);
    return () => clearTimeout(timer);
  }, [added]);

  if (unitPrice === null && !disabled) {
    return (
      <Link to={priceRequestHref(product.name)} className={className}>
        Ask for a price
      </Link>
    );
  }

  const add = () => {
    if (unitPrice === null) return;
    addItem(
      { ...product, price_per_box: unitPrice },
      quantity,
      partnerPrice ? { partnerPrice: true, unitPrice } : { unitPrice },
    );
    setAdded(true);
    onAdded?.();
  };

  return (
    <button
      type="button"
      className={className}
      onClick={add}
      disabled={disabled || added}
      aria-live="polite"
    >
      {added ? addedLabel : label}
    </button>
  );
}
