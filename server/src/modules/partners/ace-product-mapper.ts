import type { AceProduct } from "@mcf/contracts/partners";
import { dollarsOrNull, type ProductRow, toPublicProduct } from "../catalog/catalog.service.ts";
import { partnerPriceOf, publicPriceOf } from "../pricing/pricing.service.ts";

/**
 * A product as an approved partner sees it: our_price and price_per_box carry what the partner
 * pays (the partner price, or the public price where the product has none, as price_source
 * says); the competitor comparisons and the internal ace_price are left out. `retail_price` is the
 * public price of the same unit when the partner's is lower (what the partner saves).
 */
export function toAceProduct(row: ProductRow): AceProduct {
  const price = partnerPriceOf(row);
  // our_price is per sq ft for flooring and per unit for an accessory (which has no sq ft price).
  const perSqft = dollarsOrNull(
    row.selling_unit === "box" ? price.perSqftCents : price.perBoxCents,
  );
  const publicPrice = publicPriceOf(row);
  const retail = dollarsOrNull(
    row.selling_unit === "box" ? publicPrice.perSqftCents : publicPrice.perBoxCents,
  );
  return {
    ...toPublicProduct(row),
    our_price: perSqft,
    price_per_box: dollarsOrNull(price.perBoxCents),
    competitor_price: null,
    their_price_per_box: null,
    msrp: null,
    ace_shown_price: price.source === "partner" ? perSqft : null,
    price_source: price.source,
    retail_price: retail !== null && perSqft !== null && retail > perSqft ? retail : null,
  };
}
