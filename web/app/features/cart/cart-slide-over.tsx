import { Suspense } from "react";
import { useCartDrawer } from "../../lib/cart/cart-drawer.tsx";
import { lazyUntilItComes } from "../../lib/load-until-it-comes.ts";

/** Loaded on the first open: most visits never open the cart, so its panel is not in every page. */
const CartPanel = lazyUntilItComes(() => import("./cart-panel.tsx"));

/**
 * The cart slide-over: the live region that announces cart changes (always present, so screen
 * readers hear them) and, while open, the panel.
 */
export function CartSlideOver() {
  const drawer = useCartDrawer();
  return (
    <>
      <p aria-live="polite" className="sr-only">
        {drawer.announcement}
      </p>
      {drawer.mode === "closed" ? null : (
        <Suspense fallback={null}>
          <CartPanel />
        </Suspense>
      )}
    </>
  );
}
