import { useSearchParams } from "react-router";
import { EmptyCart, FullCart } from "../features/cart/full-cart.tsx";
import { CheckoutView } from "../features/checkout/checkout-view.tsx";
import { useCart } from "../lib/cart/cart-context.tsx";
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

/** /cart, and its checkout step at /cart?step=checkout (so back and forward work). */
export default function CartPage() {
  const [searchParams] = useSearchParams();
  const { restored } = useCart();
  if (searchParams.get("step") === "checkout") return <CheckoutView emptyCart={<EmptyCart />} />;
  if (!restored) {
    return <p className="container-page py-20 text-center text-stone-600">Loading your cart...</p>;
  }
  return <FullCart />;
}
