/**
 * Whether a change in the cart's box count opens the slide-over preview:
 * only a rise, never the first count after the saved cart is restored (previous is null),
 * and never on /cart, which shows the cart itself.
 */
export function shouldPreviewCart(
  previousCount: number | null,
  count: number,
  pathname: string,
): boolean {
  if (previousCount === null || count <= previousCount) return false;
  return pathname !== "/cart";
}
