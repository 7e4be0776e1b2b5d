import { displayType } from "@mcf/contracts/business";
import { collectionDisplayName } from "@mcf/contracts/store-settings-format";
import { Link } from "react-router";
import { FloorImage } from "../../components/floor-image.tsx";
import { useStoreDetails } from "../../lib/store-details.ts";
import { AddToCartButton } from "./add-to-cart-button.tsx";
import { type CatalogProduct, cardImage, cardPhoto, type ShownPrice } from "./catalog-product.ts";
import { ColorSwatch } from "./color-swatch.tsx";
import { OrderSampleButton } from "./order-sample-button.tsx";
import { ProductPrice } from "./product-price.tsx";
import { StockLine } from "./stock-line.tsx";

export interface ProductCardProps {
  product: CatalogProduct;
  price: ShownPrice;
  /** Where View Details goes (public: /products/{id}; ACE: /ace/products/{id}). */
  href: string;
  partnerPrice?: boolean;
  /** The first cards load eagerly (they are above the fold). */
  eager?: boolean;
}

/**
 * One product in a list: image, name, brand, price, stock, View Details and Add to Cart.
 * On a phone the card is a compact row (small image beside the text) so a page of 100 products
 * stays scrollable; from `sm` up it is a tile in the grid.
 */
export function ProductCard({
  product,
  price,
  href,
  partnerPrice = false,
  eager = false,
}: ProductCardProps) {
  const store = useStoreDetails();
  const outOfStock = product.stock_quantity <= 0;
  return (
    <article
      aria-labelledby={`product-${product.id}-name`}
      className="flex w-full overflow-hidden rounded-lg border border-stone-200 bg-white shadow-sm transition-shadow hover:shadow-md sm:flex-col"
    >
      <Link
        to={href}
        tabIndex={-1}
        aria-hidden="true"
        className="block w-28 shrink-0 self-start p-3 pr-0 sm:w-full sm:bg-cream sm:p-0"
      >
        <FloorImage
          src={cardImage(product)}
          photo={cardPhoto(product)}
          sizes="(min-width: 1280px) 19rem, (min-width: 1024px) 30vw, (min-width: 640px) 45vw, 7rem"
          alt={product.name}
          width={400}
          height={400}
          loading={eager ? "eager" : "lazy"}
          className="aspect-square w-full rounded-md object-cover sm:rounded-none"
        />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-1 p-3 sm:gap-2 sm:p-4">
        <p className="truncate text-xs font-semibold tracking-wider text-oak-700 uppercase sm:whitespace-normal">
          {[displayType(product.type), product.brand].filter(Boolean).join(" · ")}
        </p>
        <h3
          id={`product-${product.id}-name`}
          className="font-sans text-base leading-snug font-semibold"
        >
          <Link to={href} className="hover:text-oak-700 hover:underline">
            {product.name}
          </Link>
        </h3>
        {product.collection ? (
          <p className="hidden text-sm text-stone-600 sm:block">
            {collectionDisplayName(store.collection_names, product.collection)} collection
          </p>
        ) : null}
        <ColorSwatch colorCode={product.color_code} colorName={product.color} />
        <div className="mt-auto space-y-1 sm:pt-2">
          <ProductPrice price={price} />
          <StockLine stock={product.stock_quantity} />
        </div>
        <div className="mt-1 grid grid-cols-2 items-start gap-2 sm:mt-2">
          <Link
            to={href}
            className="btn-outline px-1 py-2 whitespace-nowrap sm:px-2 sm:py-2.5"
            aria-label={`View Details: ${product.name}`}
          >
            View Details
          </Link>
          <AddToCartButton
            product={product}
            unitPrice={price.perBox}
            partnerPrice={partnerPrice}
            disabled={outOfStock}
            className="btn-primary px-1 py-2 whitespace-nowrap sm:px-2 sm:py-2.5"
          />
        </div>
        <OrderSampleButton
          product={product}
          className="self-start text-sm font-semibold text-oak-700 underline-offset-2 hover:underline disabled:text-sage-600 disabled:no-underline"
        />
      </div>
    </article>
  );
}
