import { useLocation } from "react-router";

/**
 * The cart's page for where the shopper is: a partner in the ACE portal keeps the portal's header
 * and links at /ace/cart; everyone else uses /cart. Both show the one saved cart.
 */
export function cartPathFor(pathname: string): "/ace/cart" | "/cart" {
  return pathname === "/ace" || pathname.startsWith("/ace/") ? "/ace/cart" : "/cart";
}

/** Where "Continue Shopping" goes from that cart: the portal's list, or the store's. */
export function shopPathFor(pathname: string): "/ace" | "/products" {
  return cartPathFor(pathname) === "/ace/cart" ? "/ace" : "/products";
}

export function useCartPaths(): { cart: string; checkout: string; shop: string } {
  const { pathname } = useLocation();
  const cart = cartPathFor(pathname);
  return { cart, checkout: `${cart}?step=checkout`, shop: shopPathFor(pathname) };
}
