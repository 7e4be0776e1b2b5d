import type { CartItem } from "@mcf/contracts/cart";
import { api } from "../api.ts";
import type { LinePrice } from "./cart-lines.ts";

interface PricedProduct {
  price_per_box: number | null;
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
  const lines = items.filter((item) => Boolean(item.partner_price) !== Boolean(token));
  await Promise.all(
    lines.map(async (item) => {
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
        console.error(`Could not reprice cart line ${item.product_id}`, error);
      }
    }),
  );
  return prices;
}
