import type { AceProduct } from "@mcf/contracts/partners";
import type { PriceSource } from "./price-source.ts";

export const partnerPriceLabels = {
  card: "ACE Price",
  page: "ACE Pricing",
  publicFallback: "Public price",
} as const;

/**
 * The ACE partner catalogue. The API answers our_price and price_per_box with what the partner
 * pays: the partner price where the product has one ("ACE Price"), else the public price, which
 * is labelled "Public price" so the partner knows it is not a partner discount.
 */
export const partnerPriceSource: PriceSource<AceProduct> = {
  api: "/api/ace/products",
  listPath: "/ace",
  accessoriesPath: "/ace/accessories",
  detailHref: (product) => `/ace/products/${product.id}`,
  priceOf: (product, place = "card") => ({
    perSqft: product.selling_unit === "box" ? product.our_price : null,
    perBox: product.price_per_box,
    unit: product.selling_unit,
    label:
      product.price_source === "public"
        ? partnerPriceLabels.publicFallback
        : partnerPriceLabels[place],
  }),
  partnerLines: true,
  showCompetitorPrice: false,
};
