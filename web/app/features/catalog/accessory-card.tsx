import { unitName } from "@mcf/contracts/accessories";
import { formatUsd } from "@mcf/contracts/money";
import type { PublicProduct } from "@mcf/contracts/product";
import { Link } from "react-router";
import { FloorImage } from "../../components/floor-image.tsx";
import { defaultFlooringThumb } from "../../lib/cart/cart-lines.ts";
import { AddToCartButton } from "./add-to-cart-button.tsx";
import { cardImage, type ShownPrice } from "./catalog-product.ts";
import { StockLine } from "./stock-line.tsx";

export interface AccessoryCardProps {
  product: PublicProduct;
  /** The price of one unit this screen shows and charges, and its label ("ACE Price"). */
  price: ShownPrice;
  /** Where View Details goes (public: /products/{id}; ACE: /ace/products/{id}). */
  href: string;
  /** The cart line is a partner line (ACE). */
  partnerPrice?: boolean;
}

/**
 * An accessory on a list: image, name, size, its price per piece, roll or pail (labelled on the
 * partner pages), stock, View Details and Add to Cart (one unit per click).
 */
export function AccessoryCard({ product, price, href, partnerPrice = false }: AccessoryCardProps) {
  const unit = unitName(product.selling_unit, 1);
  return (
    <article className="flex flex-col overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm">
      <Link to={href} tabIndex={-1} aria-hidden="true">
        <FloorImage
          src={cardImage(product)}
          fallbackSrc={defaultFlooringThumb}
          alt=""
          width={400}
          height={400}
          className="aspect-square w-full bg-stone-100 object-cover"
        />
      </Link>
      <div className="flex flex-1 flex-col gap-1 p-4">
        <h3 className="font-sans text-base leading-snug font-semibold">
          <Link to={href} className="hover:text-oak-700">
            {product.name}
          </Link>
        </h3>
        {product.size ? <p className="text-sm text-stone-600">{product.size}</p> : null}
        {product.unit_coverage_sqft ? (
          <p className="text-sm text-stone-600">Covers {product.unit_coverage_sqft} sq ft</p>
        ) : null}
        {price.label && price.perBox !== null ? (
          <p className="price-label mt-1">{price.label}</p>
        ) : null}
        <p className={`${price.label ? "" : "mt-1 "}text-lg font-bold text-navy-800`}>
          {price.perBox !== null ? (
            <>
              {formatUsd(price.perBox)}
              <span className="price-unit">per {unit}</span>
            </>
          ) : (
            "Contact for Price"
          )}
        </p>
        <StockLine stock={product.stock_quantity} />
        <div className="mt-auto grid grid-cols-2 gap-2 pt-3">
          <Link to={href} className="btn-outline px-2 text-sm">
            View Details
          </Link>
          <AddToCartButton
            product={product}
            unitPrice={price.perBox}
            partnerPrice={partnerPrice}
            disabled={product.stock_quantity <= 0}
            className="btn-primary px-2 text-sm"
          />
        </div>
      </div>
    </article>
  );
}
