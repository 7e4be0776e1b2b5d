import type { SellingUnit } from "@mcf/contracts/accessories";
import type { PublicProduct } from "@mcf/contracts/product";
import type { ProductImage } from "@mcf/contracts/product-images";

/** The product fields the catalogue components read (public and partner products both have them). */
export type CatalogProduct = Pick<
  PublicProduct,
  | "id"
  | "name"
  | "brand"
  | "type"
  | "collection"
  | "color"
  | "color_code"
  | "sqft_per_carton"
  | "stock_quantity"
  | "thumbnail_image_url"
  | "main_image_url"
  | "image_url"
  | "images"
  | "samples_available"
  | "selling_unit"
  | "rating_average"
  | "rating_count"
>;

/**
 * The price a screen shows and charges for a product: per sq ft and per box (either may be
 * absent), and the label over it when the screen names which price it is ("ACE Price").
 */
export interface ShownPrice {
  perSqft: number | null;
  /** Per box of flooring, or per unit of an accessory (see `unit`). */
  perBox: number | null;
  label?: string;
  /** An accessory's unit ("roll"): then perBox is the price of one and there is no sq ft price. */
  unit?: SellingUnit;
  /** The public store's price of the same unit, shown to a partner who pays less. */
  retail?: number | null;
}

/** Whether a price is an accessory's price per piece, roll or pail. */
export const isUnitPrice = (price: ShownPrice) => price.unit !== undefined && price.unit !== "box";

/** Card image: thumbnail, else main image, else image_url (FloorImage falls back to the default). */
export function cardImage(product: CatalogProduct): string | null {
  return product.thumbnail_image_url || product.main_image_url || product.image_url || null;
}

/** The card's uploaded photo, when staff uploaded any: the first in their order wins over URLs. */
export function cardPhoto(product: CatalogProduct): ProductImage | null {
  return product.images[0] ?? null;
}
