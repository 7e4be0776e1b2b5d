import type { AceProduct } from "@mcf/contracts/partners";
import { partnerCatalog, partnerPriceLabel } from "../../lib/partner-catalog.ts";
import type { PriceSource } from "./price-source.ts";

/**
 * The ACE partner catalogue. The API answers our_price and price_per_box with what the partner
 * pays: the partner price where the product has one ("ACE Price"), else the public price, which
 * is labelled "Public price" so the partner knows it is not a partner discount.
 */
export const partnerPriceSource: PriceSource<AceProduct> = {
  api: partnerCatalog.api,
  listPath: partnerCatalog.listPath,
  accessoriesPath: partnerCatalog.accessoriesPath,
  detailHref: (product) => partnerCatalog.productPath(product.id),
  priceOf: (product, place = "card") => ({
    perSqft: product.selling_unit === "box" ? product.our_price : null,
    perBox: product.price_per_box,
    unit: product.selling_unit,
    label: partnerPriceLabel(product, place),
    retail: product.retail_price,
  }),
  partnerLines: true,
  showCompetitorPrice: false,
};
