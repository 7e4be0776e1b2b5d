import { CartIcon } from "../../components/icons.tsx";
import { useCart } from "../../lib/cart/cart-context.tsx";
import { useCartDrawer } from "../../lib/cart/cart-drawer.tsx";
import { cartItemsLabel } from "../../lib/cart/cart-wording.ts";

const toneClass = {
  /** On the white public header. */
  dark: "text-navy-800 hover:bg-stone-100",
  /** On the navy partner bar. */
  light: "text-white hover:bg-white/10",
};

/** The cart icon with its item-count badge (boxes and samples); opens the cart slide-over as a dialog. */
export function CartButton({ tone = "dark" }: { tone?: keyof typeof toneClass }) {
  const { itemCount, boxCount, sampleCount, accessoryCount } = useCart();
  const drawer = useCartDrawer();
  return (
    <button
      type="button"
      className={`relative rounded-md p-2 ${toneClass[tone]}`}
      aria-label={`Cart, ${cartItemsLabel(boxCount, sampleCount, accessoryCount)}`}
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
        {itemCount}
      </span>
    </button>
  );
}
