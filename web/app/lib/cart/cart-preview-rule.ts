import { cartPathFor } from "./cart-path.ts";

/**
 * Whether a change in the cart's box count opens the slide-over preview:
 * only a rise, never the first count after the saved cart is restored (previous is null),
 * and never on the cart's own page (/cart, or /ace/cart in the partner portal).
 */
export function shouldPreviewCart(
  previousCount: number | null,
  count: number,
  pathname: string,
): boolean {
  if (previousCount === null || count <= previousCount) return false;
  return pathname !== cartPathFor(pathname);
}
