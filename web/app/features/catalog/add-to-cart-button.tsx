import { useEffect, useState } from "react";
import { Link } from "react-router";
import { CartAddForm } from "../../lib/cart/cart-add-form.tsx";
import { useCart } from "../../lib/cart/cart-context.tsx";
import type { CartableProduct } from "../../lib/cart/cart-lines.ts";
import { notForSaleOnlineMessage, priceRequestHref } from "../../lib/price-request.ts";

/** How long "Added!" shows (and the button stays disabled) after a click. */
export const addedFeedbackMs = 2000;

export interface AddToCartButtonProps {
  /** The product; its box price for this cart line is `unitPrice`. */
  product: Omit<CartableProduct, "price_per_box">;
  /** Price per box to charge; null means the product cannot be bought online. */
  unitPrice: number | null;
  quantity?: number;
  /**
   * The id of the button's form when the page's own quantity field sends the quantity of a tap
   * made before the scripts run (that field has `form={formId}` and `name="quantity"`).
   */
  formId?: string;
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
 * Adds boxes to the cart, then shows "Added!" and stays disabled for 2 seconds; a tap before the
 * page's scripts run opens /cart/add instead, which adds them there (public prices only). A product without
 * a price cannot be added: unless disabled, the button says it is not sold online, and an "Ask for
 * a price" link beneath it opens /contact with the product named.
 */
export function AddToCartButton({
  product,
  unitPrice,
  quantity = 1,
  formId,
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
    // The store's rule for an unpriced product is an alert saying it is not sold online; the link
    // under the button is the way forward: /contact with the product named.
    return (
      <span className="flex flex-col items-stretch gap-1">
        <button
          type="button"
          // Not a buying button: drawn as the quiet outline, so "Contact for Price" is not sold as
          // if it were in stock at a price.
          className={className.replace("btn-primary", "btn-outline")}
          onClick={() => window.alert(notForSaleOnlineMessage)}
        >
          {label}
        </button>
        <Link
          to={priceRequestHref(product.name)}
          className="text-center text-sm font-semibold text-oak-700 underline hover:text-oak-800"
        >
          Ask for a price
        </Link>
      </span>
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

  const button = (
    <button
      type={partnerPrice ? "button" : "submit"}
      className={className}
      onClick={partnerPrice ? add : undefined}
      disabled={disabled || added}
      aria-live="polite"
    >
      {added ? addedLabel : label}
    </button>
  );
  // A partner's price is known only on the partner's pages: their button waits for the scripts.
  if (partnerPrice) return button;
  return (
    <CartAddForm productId={product.id} kind="box" quantity={quantity} id={formId} onAdd={add}>
      {button}
    </CartAddForm>
  );
}
