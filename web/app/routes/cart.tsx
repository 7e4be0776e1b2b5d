import { Suspense, useEffect } from "react";
import { useSearchParams } from "react-router";
import { EmptyCart, FullCart } from "../features/cart/full-cart.tsx";
import { useCart } from "../lib/cart/cart-context.tsx";
import { lazyUntilItComes } from "../lib/load-until-it-comes.ts";
import { pageTitles } from "../lib/page-titles.ts";
import { pageMeta } from "../lib/seo.ts";
import type { Route } from "./+types/cart";

export const meta: Route.MetaFunction = ({ location, matches }) =>
  new URLSearchParams(location.search).get("step") === "checkout"
    ? pageMeta(
        matches,
        pageTitles.checkout,
        "Enter your details and pay securely for your flooring order.",
      )
    : pageMeta(matches, pageTitles.cart, "Review the flooring in your cart before checkout.");

/**
 * The checkout step's code (address, delivery choice, coupon, order summary: about a third of
 * the page's own JavaScript) is its own chunk: the cart shows without it, and fetches it once the
 * browser is idle, so "Proceed to Checkout" opens at once.
 */
const loadCheckout = () => import("../features/checkout/checkout-view.tsx");
const CheckoutView = lazyUntilItComes(() =>
  loadCheckout().then((m) => ({ default: m.CheckoutView })),
);

function useLoadWhenIdle(load: () => Promise<unknown>) {
  useEffect(() => {
    const start = () => void load().catch(() => undefined);
    if ("requestIdleCallback" in window) {
      const id = window.requestIdleCallback(start, { timeout: 3000 });
      return () => window.cancelIdleCallback(id);
    }
    const timer = setTimeout(start, 1500);
    return () => clearTimeout(timer);
  }, [load]);
}

/** /cart, and its checkout step at /cart?step=checkout (so back and forward work). */
export default function CartPage() {
  const [searchParams] = useSearchParams();
  const { restored } = useCart();
  useLoadWhenIdle(loadCheckout);
  if (searchParams.get("step") === "checkout") {
    return (
      <Suspense
        fallback={
          <p className="container-page py-20 text-center text-stone-600">Loading checkout...</p>
        }
      >
        <CheckoutView emptyCart={<EmptyCart />} />
      </Suspense>
    );
  }
  if (!restored) {
    return <p className="container-page py-20 text-center text-stone-600">Loading your cart...</p>;
  }
  return <FullCart />;
}
