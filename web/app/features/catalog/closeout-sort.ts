import { closeoutDiscountPercent } from "@mcf/contracts/pricing";
import type { PublicProduct } from "@mcf/contracts/product";

export const closeoutSortOptions = [
  ["discount", "Biggest Discounts"],
  ["price_asc", "Price: Low to High"],
  ["price_desc", "Price: High to Low"],
  ["name", "Alphabetical"],
] as const;
export type CloseoutSort = (typeof closeoutSortOptions)[number][0];

/** Missing values sort last whichever way the list is sorted. */
function compareNullable(a: number | null, b: number | null, direction: 1 | -1): number {
  if (a === null && b === null) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return (a - b) * direction;
}

/** Closeouts in the chosen order; ties by name. Biggest Discounts is the default. */
export function sortCloseouts(products: PublicProduct[], sort: CloseoutSort): PublicProduct[] {
  const byName = (a: PublicProduct, b: PublicProduct) =>
    a.name.localeCompare(b.name, "en", { sensitivity: "base" });
  const compare = (a: PublicProduct, b: PublicProduct): number => {
    switch (sort) {
      case "discount":
        return compareNullable(
          closeoutDiscountPercent(a.our_price, a.msrp),
          closeoutDiscountPercent(b.our_price, b.msrp),
          -1,
        );
      case "price_asc":
        return compareNullable(a.our_price, b.our_price, 1);
      case "price_desc":
        return compareNullable(a.our_price, b.our_price, -1);
      default:
        return 0;
    }
  };
  return [...products].sort((a, b) => compare(a, b) || byName(a, b));
}
