import { sampleRules } from "@mcf/contracts/cart-kinds";
import { formatUsd, toDollars } from "@mcf/contracts/money";
import { CartAddForm } from "../../lib/cart/cart-add-form.tsx";
import { useCart } from "../../lib/cart/cart-context.tsx";
import { type CartableProduct, hasSample } from "../../lib/cart/cart-lines.ts";

export interface OrderSampleButtonProps {
  product: Omit<CartableProduct, "price_per_box"> & { samples_available: boolean };
  className?: string;
}

/**
 * "Order a free sample": puts one sample of the product in the cart (samples never take boxes
 * from stock). Once it is there the button says so; a product without samples shows nothing. A
 * tap before the page's scripts run opens /cart/add, which adds the sample there.
 */
export function OrderSampleButton({
  product,
  className = "text-sm font-semibold text-oak-700 underline-offset-2 hover:underline",
}: OrderSampleButtonProps) {
  const { items, addSample, restored, sampleCount, samplePriceCents } = useCart();
  if (!product.samples_available) return null;
  const inCart = restored && hasSample(items, product.id);
  // Past the free ones a sample is charged: the button says its price rather than "free".
  const price =
    restored && sampleCount >= sampleRules.freePerOrder && samplePriceCents
      ? formatUsd(toDollars(samplePriceCents))
      : null;
  return (
    <CartAddForm productId={product.id} kind="sample" onAdd={() => addSample(product)}>
      <button
        type="submit"
        // At least 24 px tall: a tap target a thumb can hit, whatever the caller's styling.
        className={`min-h-6 ${className}`}
        disabled={inCart}
        aria-label={
          inCart
            ? `Sample of ${product.name} is in your cart`
            : price
              ? `Order a sample of ${product.name} for ${price}`
              : `Order a free sample of ${product.name}`
        }
        title={`The first ${sampleRules.freePerOrder} samples of an order are free`}
      >
        {inCart
          ? "✓ Sample in your cart"
          : price
            ? `Order a sample · ${price}`
            : "Order a free sample"}
      </button>
    </CartAddForm>
  );
}
