import type { CartItemKind } from "@mcf/contracts/cart-kinds";
import type { FormEvent, ReactNode } from "react";

/** Where an "Add to Cart" or "Order a free sample" tap goes before the page's scripts run. */
export const cartAddPath = "/cart/add";

export interface CartAddFormProps {
  productId: number;
  kind: CartItemKind;
  quantity?: number;
  /**
   * The form's id when a quantity field of the page (`form={id}`, `name="quantity"`) sends the
   * quantity, so a number typed before the scripts run is the one added.
   */
  id?: string;
  /** What the tap does once the page is interactive. */
  onAdd: () => void;
  /** The submit button. */
  children: ReactNode;
}

/**
 * A cart button that counts from the first paint: until the page's scripts have run, a tap
 * submits this form to /cart/add, which puts the line in the cart and opens it; once they have,
 * the tap calls `onAdd` and stays on the page. The form takes no box of its own (`contents`),
 * so the button sits in its layout as if the form were not there.
 */
export function CartAddForm({
  productId,
  kind,
  quantity = 1,
  id,
  onAdd,
  children,
}: CartAddFormProps) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onAdd();
  };
  return (
    <form id={id} method="get" action={cartAddPath} className="contents" onSubmit={submit}>
      <input type="hidden" name="product" value={productId} />
      {id === undefined ? <input type="hidden" name="quantity" value={quantity} /> : null}
      {kind === "sample" ? <input type="hidden" name="kind" value="sample" /> : null}
      {children}
    </form>
  );
}
