import CartPage from "../cart.tsx";
import type { Route } from "./+types/cart";

export { meta } from "../cart.tsx";

/**
 * The cart inside the partner portal (/ace/cart, and its checkout at ?step=checkout): the one
 * saved cart, under the portal's header, so "View Full Cart" never leaves the portal.
 */
export default function AceCartPage(_: Route.ComponentProps) {
  return <CartPage />;
}
