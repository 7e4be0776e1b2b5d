import { displayType } from "@mcf/contracts/business";
import { Link } from "react-router";
import { FloorImage } from "../../components/floor-image.tsx";
import { AddToCartButton } from "./add-to-cart-button.tsx";
import { type CatalogProduct, cardImage, type ShownPrice } from "./catalog-product.ts";
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

/** One product in a list: image, name, brand, price, stock, View Details and Add to Cart. */
export function ProductCard({
  product,
  price,
  href,
  partnerPrice = false,
  eager = false,
}: ProductCardProps) {
  const outOfStock = product.stock_quantity <= 0;
  return (
    <article
      aria-labelledby={`product-${product.id}-name`}
      className="flex w-full flex-col overflow-hidden rounded-lg border border-stone-200 bg-white shadow-sm transition-shadow hover:shadow-md"
    >
      <Link to={href} tabIndex={-1} aria-hidden="true" className="block bg-cream">
        <FloorImage
          src={cardImage(product)}
          alt={product.name}
          width={400}
          height={400}
          loading={eager ? "eager" : "lazy"}
          className="aspect-[4/3] w-full object-cover sm:aspect-square"
        />
      </Link>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <p className="text-xs font-semibold tracking-wider text-oak-700 uppercase">
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
          <p className="text-sm text-stone-600">{product.collection} collection</p>
        ) : null}
        <div className="mt-auto space-y-1 pt-2">
          <ProductPrice price={price} />
          <StockLine stock={product.stock_quantity} />
        </div>
        <div className="mt-2 grid grid-cols-2 gap-2">
          <Link to={href} className="btn-outline px-2" aria-label={`View Details: ${product.name}`}>
            View Details
          </Link>
          <AddToCartButton
            product={product}
            unitPrice={price.perBox}
            partnerPrice={partnerPrice}
            disabled={outOfStock}
            className="btn-primary px-2"
          />
        </div>
      </div>
    </article>
  );
}
