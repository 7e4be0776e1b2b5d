import type { CartItem } from "@mcf/contracts/cart";
import { ApiError, api } from "../api.ts";
import { type LinePrice, pricedForOtherAudience } from "./cart-lines.ts";

interface PricedProduct {
  price_per_box: number | null;
}

/**
 * Partner tokens the portal refused (a partner not approved, or signed out elsewhere): the cart
 * does not ask with them again on every change of its lines.
 */
const refusedTokens = new Set<string>();

/** The lines priced for the other audience (`pricedForOtherAudience`) the portal may price. */
function linesToReprice(items: CartItem[], token: string | null): CartItem[] {
  if (token && refusedTokens.has(token)) return [];
  return items.filter((item) => pricedForOtherAudience(item, token));
}

/**
 * New per-box prices for the lines priced for the other audience: after a partner signs in
 * (`token` given) public lines get the partner price where the product has one; after sign-out
 * partner lines go back to the public price. Lines that cannot be looked up keep their price;
 * checkout reprices everything on the server anyway.
 */
export async function pricesForAudience(
  items: CartItem[],
  token: string | null,
): Promise<Map<number, LinePrice>> {
  const prices = new Map<number, LinePrice>();
  await Promise.all(
    linesToReprice(items, token).map(async (item) => {
      try {
        if (token) {
          const product = await api<PricedProduct>(`/api/ace/products/${item.product_id}`, {
            token,
          });
          if (product.price_per_box !== null)
            prices.set(item.product_id, { unitPrice: product.price_per_box, partner: true });
        } else {
          const product = await api<PricedProduct>(`/api/products/${item.product_id}`);
          prices.set(item.product_id, { unitPrice: product.price_per_box ?? 0, partner: false });
        }
      } catch (error) {
        if (token && error instanceof ApiError && (error.status === 401 || error.status === 403))
          refusedTokens.add(token);
        else console.error(`Could not reprice cart line ${item.product_id}`, error);
      }
    }),
  );
  return prices;
}
