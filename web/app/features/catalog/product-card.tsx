import { displayType } from "@mcf/contracts/business";
import { collectionDisplayName } from "@mcf/contracts/store-settings-format";
import { Link } from "react-router";
import { FloorImage } from "../../components/floor-image.tsx";
import { CardSaveButton } from "../../components/save-floor-button.tsx";
import { RatingSummary } from "../../components/star-rating.tsx";
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
  /** A heart that saves the floor to the signed-in shopper's list (the public store's cards). */
  saveable?: boolean;
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
  saveable = false,
}: ProductCardProps) {
  const store = useStoreDetails();
  const outOfStock = product.stock_quantity <= 0;
  const image = (
    <FloorImage
      src={cardImage(product)}
      photo={cardPhoto(product)}
      sizes="(min-width: 1280px) 19rem, (min-width: 1024px) 30vw, (min-width: 640px) 45vw, 7rem"
      alt={product.name}
      width={400}
      height={400}
      loading={eager ? "eager" : "lazy"}
      className="product-card-image"
    />
  );
  return (
    <article aria-labelledby={`product-${product.id}-name`} className="product-card">
      {saveable ? (
        // The heart sits over the photo's corner; a button may not sit inside the photo's link.
        <div className="product-card-media relative">
          <Link to={href} tabIndex={-1} aria-hidden="true" className="block">
            {image}
          </Link>
          <div className="absolute top-4 right-1 sm:top-2 sm:right-2">
            <CardSaveButton productId={product.id} name={product.name} />
          </div>
        </div>
      ) : (
        <Link to={href} tabIndex={-1} aria-hidden="true" className="product-card-media">
          {image}
        </Link>
      )}
      <div className="product-card-body">
        <p className="product-card-kicker">
          {[displayType(product.type), product.brand].filter(Boolean).join(" · ")}
        </p>
        <h3 id={`product-${product.id}-name`} className="product-card-title">
          <Link to={href}>{product.name}</Link>
        </h3>
        {product.collection ? (
          <p className="product-card-collection">
            {collectionDisplayName(store.collection_names, product.collection)} collection
          </p>
        ) : null}
        <ColorSwatch colorCode={product.color_code} colorName={product.color} />
        <RatingSummary
          average={product.rating_average}
          count={product.rating_count}
          className="product-card-rating"
        />
        <div className="product-card-price">
          <ProductPrice price={price} />
          <StockLine stock={product.stock_quantity} />
        </div>
        <div className="product-card-actions">
          <Link
            to={href}
            className="btn-outline product-card-button"
            aria-label={`View Details: ${product.name}`}
          >
            View Details
          </Link>
          <AddToCartButton
            product={product}
            unitPrice={price.perBox}
            partnerPrice={partnerPrice}
            disabled={outOfStock}
            className="btn-primary product-card-button"
          />
        </div>
        <OrderSampleButton product={product} className="product-card-sample" />
      </div>
    </article>
  );
}
