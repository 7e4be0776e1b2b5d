import type { PublicProduct } from "@mcf/contracts/product";
import type { CatalogProduct, ShownPrice } from "./catalog-product.ts";

/** Where a price is shown: on a list card, or over the product page's quantity and button. */
export type PricePlace = "card" | "page";

/**
 * What makes a catalogue screen the public store or the ACE partner catalogue: which API lists
 * the products, which price is shown and charged (and how it is labelled), where a product's
 * page is, and whether cart lines are partner lines. The list, card, product page and strip are
 * the same components for both; only the source differs. The partner source lives in its own
 * module so the public pages do not download it.
 */
export interface PriceSource<P extends CatalogProduct> {
  /** The list API; one product is `${api}/${id}`. */
  api: string;
  /** The list page; its pagination and filter links stay on it. */
  listPath: string;
  /** The page listing every accessory at this store's prices. */
  accessoriesPath: string;
  detailHref(product: P): string;
  priceOf(product: P, place?: PricePlace): ShownPrice;
  /**
   * Cart lines are marked partner_price: checkout reprices them with the partner's token, and
   * signing out puts them back to the public price.
   */
  partnerLines: boolean;
  /** "Their price" and the saving beside the price: the public store only. */
  showCompetitorPrice: boolean;
}

/** What a public product card reads: the catalogue fields and the two prices it shows. */
export type PublicListedProduct = CatalogProduct &
  Pick<PublicProduct, "our_price" | "price_per_box">;

/**
 * A product cut down to what its card reads. A list page sends its products again inside the
 * page for hydration: 100 products with every field (descriptions, specifications, features)
 * were 70 KB of the 250 KB /products page, and serialising them was part of each render.
 */
export function listedProduct(product: PublicListedProduct): PublicListedProduct {
  return {
    id: product.id,
    name: product.name,
    brand: product.brand,
    type: product.type,
    collection: product.collection,
    color: product.color,
    color_code: product.color_code,
    sqft_per_carton: product.sqft_per_carton,
    stock_quantity: product.stock_quantity,
    thumbnail_image_url: product.thumbnail_image_url,
    main_image_url: product.main_image_url,
    image_url: product.image_url,
    samples_available: product.samples_available,
    selling_unit: product.selling_unit,
    images: product.images,
    our_price: product.our_price,
    price_per_box: product.price_per_box,
    rating_average: product.rating_average,
    rating_count: product.rating_count,
  };
}

/** The public store: our_price per sq ft and the per-box price from it, no label. */
export const publicPriceSource: PriceSource<PublicListedProduct> = {
  api: "/api/products",
  listPath: "/products",
  accessoriesPath: "/accessories",
  detailHref: (product) => `/products/${product.id}`,
  priceOf: (product) => ({
    perSqft: product.selling_unit === "box" ? product.our_price : null,
    perBox: product.price_per_box,
    unit: product.selling_unit,
  }),
  partnerLines: false,
  showCompetitorPrice: true,
};
