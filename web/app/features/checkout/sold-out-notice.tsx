import type { SoldOut } from "@mcf/contracts/payment-start";
import { ApiError } from "../../lib/api.ts";
import { useCart } from "../../lib/cart/cart-context.tsx";
import { boxesLabel } from "../../lib/cart/cart-wording.ts";

/** The product that ran out when starting the payment answered 409, else null. */
export function soldOutOf(error: unknown): { soldOut: SoldOut; detail: string } | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  // Checked by hand, not with the contract's schema: that would bring zod to the cart page.
  const body = error.body as { sold_out?: Partial<Record<keyof SoldOut, unknown>> } | null;
  const soldOut = body?.sold_out;
  if (
    !soldOut ||
    !Number.isInteger(soldOut.product_id) ||
    typeof soldOut.product_name !== "string" ||
    !Number.isInteger(soldOut.available)
  )
    return null;
  return {
    soldOut: {
      product_id: soldOut.product_id as number,
      product_name: soldOut.product_name,
      available: soldOut.available as number,
    },
    detail: error.message,
  };
}

/**
 * Says which product sold out while the shopper was checking out and how many boxes are left,
 * and offers to adjust the cart (lower the quantity to what is left, or remove the line). An
 * answer, not an error: nothing was charged and nothing is held.
 */
export function SoldOutNotice({
  soldOut,
  detail,
  onAdjusted,
}: {
  soldOut: SoldOut;
  detail: string;
  onAdjusted(): void;
}) {
  const { items, setQuantity, removeItem } = useCart();
  const line = items.find((item) => item.product_id === soldOut.product_id);
  const { product_name: name, available } = soldOut;
  return (
    <section
      aria-labelledby="sold-out-heading"
      className="rounded-md border border-oak-500 bg-oak-50 p-4 text-sm text-navy-800"
    >
      <h2 id="sold-out-heading" className="font-sans text-base font-semibold">
        {available > 0 ? `Only ${boxesLabel(available)} of ${name} left` : `${name} just sold out`}
      </h2>
      {/* The checkout's payment alert, in the words every payment failure uses. */}
      <p role="alert" className="mt-1">
        Payment failed: {detail}
      </p>
      <p className="mt-1 text-stone-700">Nothing was charged.</p>
      {line ? (
        <div className="mt-3 flex flex-wrap gap-2">
          {available > 0 && available < line.quantity ? (
            <button
              type="button"
              className="btn-primary px-3 py-2 text-sm"
              onClick={() => {
                setQuantity(line.product_id, available);
                onAdjusted();
              }}
            >
              Change to {boxesLabel(available)}
            </button>
          ) : null}
          <button
            type="button"
            className="btn-outline bg-white px-3 py-2 text-sm"
            onClick={() => {
              removeItem(line.product_id);
              onAdjusted();
            }}
          >
            Remove from cart
          </button>
        </div>
      ) : null}
    </section>
  );
}
