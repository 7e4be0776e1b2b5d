import { CartIcon } from "../../components/icons.tsx";
import { useCart } from "./cart-context.tsx";
import { useCartDrawer } from "./cart-drawer.tsx";
import { boxesLabel } from "./cart-wording.ts";

/** The cart icon with its item-count badge (boxes); opens the cart slide-over as a dialog. */
export function CartButton() {
  const { boxCount } = useCart();
  const drawer = useCartDrawer();
  return (
    <button
      type="button"
      className="relative rounded-md p-2 text-navy-800 hover:bg-stone-100"
      aria-label={`Cart, ${boxesLabel(boxCount)}`}
      aria-haspopup="dialog"
      aria-expanded={drawer.mode === "dialog"}
      onClick={(event) => drawer.openDialog(event.currentTarget)}
    >
      <CartIcon />
      <span
        data-testid="cart-count"
        aria-hidden="true"
        className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-oak-600 px-1 text-xs font-bold text-white"
      >
        {boxCount}
      </span>
    </button>
  );
}
