import { useCart } from "../../lib/cart/cart-context.tsx";
import { kindOf } from "../../lib/cart/cart-lines.ts";

/** A cart line's Remove button; its name says which line ("the sample of ..." for a sample). */
export function RemoveLineButton({
  item,
  className = "",
}: {
  item: Parameters<typeof kindOf>[0] & { product_id: number; product_name: string };
  className?: string;
}) {
  const { removeItem } = useCart();
  const kind = kindOf(item);
  return (
    <button
      type="button"
      className={`inline-flex min-h-6 items-center text-sm font-medium text-brick-600 underline-offset-2 hover:underline ${className}`}
      aria-label={
        kind === "sample"
          ? `Remove the sample of ${item.product_name}`
          : `Remove ${item.product_name}`
      }
      onClick={() => removeItem(item.product_id, kind)}
    >
      Remove
    </button>
  );
}
