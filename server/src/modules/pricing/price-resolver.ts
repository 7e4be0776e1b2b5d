import { toCents } from "@mcf/contracts/money";
import type { ProductRow } from "../catalog/product-mapper.ts";
import type { PartnerUserRow } from "../partners/partner-session.ts";

export type PriceSource = "public" | "partner";

export interface ResolvedPrice {
  /** Price per square foot in cents. */
  pricePerSqftCents: number;
  /** Price per box in cents: per-sq-ft price × sq ft per carton, rounded half up once. */
  unitPriceCents: number;
  /** Square feet in one box. */
  sqftPerBox: number;
  source: PriceSource;
}

/**
 * The one place a selling price is decided (cart calculation, payment and order creation all
 * call it). An approved partner pays `ace_shown_price` when the product has one; everyone else,
 * and partners for products without a partner price, pay `our_price`. Returns null when the
 * product cannot be sold online (no price or no box size).
 */
export function resolveProductPrice(
  product: ProductRow,
  partner: PartnerUserRow | null,
): ResolvedPrice | null {
  if (product.sqft_per_carton === null || Number(product.sqft_per_carton) <= 0) return null;
  const sqftPerBox = Number(product.sqft_per_carton);
  const usePartner = partner?.status === "approved" && product.ace_shown_price !== null;
  const perSqft = usePartner ? product.ace_shown_price : product.our_price;
  if (perSqft === null || Number(perSqft) <= 0) return null;
  const pricePerSqftCents = toCents(perSqft);
  return {
    pricePerSqftCents,
    unitPriceCents: Math.round(pricePerSqftCents * sqftPerBox + 1e-9),
    sqftPerBox,
    source: usePartner ? "partner" : "public",
  };
}
