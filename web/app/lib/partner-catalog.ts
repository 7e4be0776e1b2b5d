import type { AceProduct } from "@mcf/contracts/partners";

/**
 * Where the ACE partner catalogue lives, for its own screens and for the cart, which links a
 * partner's lines back to it.
 */
export const partnerCatalog = {
  api: "/api/ace/products",
  listPath: "/ace",
  accessoriesPath: "/ace/accessories",
  productPath: (id: number) => `/ace/products/${id}`,
} as const;

export const partnerPriceLabels = {
  card: "ACE Price",
  page: "ACE Pricing",
  publicFallback: "Public price",
} as const;

/**
 * How a price the partner pays is labelled: "ACE Price" where the product has a partner price,
 * "Public price" where it has none, so the partner knows it is not a partner discount.
 */
export function partnerPriceLabel(
  product: Pick<AceProduct, "price_source">,
  place: "card" | "page" = "card",
): string {
  return product.price_source === "public"
    ? partnerPriceLabels.publicFallback
    : partnerPriceLabels[place];
}
