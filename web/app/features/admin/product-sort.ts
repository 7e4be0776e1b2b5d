import type { AdminProduct } from "@mcf/contracts/product";
import type { SortDirection } from "./table-sort.ts";

/** The columns staff can sort by. */
export const sortableProductColumns = [
  "name",
  "type",
  "brand",
  "collection",
  "our_price",
  "competitor_price",
  "stock_quantity",
  "is_closeout",
] as const;
export type ProductSortKey = (typeof sortableProductColumns)[number];

type SortValue = string | number | null;

function sortValue(product: AdminProduct, key: ProductSortKey): SortValue {
  const value = product[key];
  if (value === null || value === undefined || value === "") return null;
  if (typeof value === "boolean") return value ? 1 : 0;
  if (typeof value === "number") return value;
  return String(value).toLowerCase();
}

/**
 * Sorts a copy: text as lowercase text, numbers as numbers (as text "10" would sort before "9"),
 * empty values last in both directions, ties by id so the order is stable.
 */
export function sortProducts(
  list: AdminProduct[],
  key: ProductSortKey,
  direction: SortDirection,
): AdminProduct[] {
  const sign = direction === "asc" ? 1 : -1;
  return [...list].sort((a, b) => {
    const va = sortValue(a, key);
    const vb = sortValue(b, key);
    if (va === null && vb === null) return a.id - b.id;
    if (va === null) return 1;
    if (vb === null) return -1;
    const compared =
      typeof va === "number" && typeof vb === "number"
        ? va - vb
        : String(va) < String(vb)
          ? -1
          : String(va) > String(vb)
            ? 1
            : 0;
    return compared === 0 ? a.id - b.id : compared * sign;
  });
}
