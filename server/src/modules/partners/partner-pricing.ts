import type { AceProduct } from "@mcf/contracts/partners";
import {
  numberOrNull,
  type ProductRow,
  pricePerBox,
  toPublicProduct,
} from "../catalog/product-mapper.ts";

/**
 * A product as an approved partner sees it: price fields carry the partner price
 * (ace_shown_price per sq ft and the per-box price from it); the retail comparison prices and
 * the internal ace_price are left out.
 */
export function toAceProduct(row: ProductRow): AceProduct {
  const acePrice = numberOrNull(row.ace_shown_price);
  return {
    ...toPublicProduct(row),
    our_price: acePrice,
    price_per_box: pricePerBox(row.ace_shown_price, row.sqft_per_carton),
    competitor_price: null,
    msrp: null,
    ace_shown_price: acePrice,
    price_source: "partner",
  };
}
