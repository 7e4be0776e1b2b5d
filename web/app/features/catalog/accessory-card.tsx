import { unitName } from "@mcf/contracts/accessories";
import { formatUsd } from "@mcf/contracts/money";
import type { PublicProduct } from "@mcf/contracts/product";
import { Link } from "react-router";
import { FloorImage } from "../../components/floor-image.tsx";
import { defaultFlooringThumb } from "../../lib/cart/cart-lines.ts";
import { AddToCartButton } from "./add-to-cart-button.tsx";
import { cardImage } from "./catalog-product.ts";
import { StockLine } from "./stock-line.tsx";

/**
 * An accessory on a list: image, name, size, its price per piece, roll or pail, stock, View
 * Details and Add to Cart (one unit per click).
 */
export function AccessoryCard({ product }: { product: PublicProduct }) {
  const unit = unitName(product.selling_unit, 1);
  return (
    <article className="flex flex-col overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm">
      <Link to={`/products/${product.id}`} tabIndex={-1} aria-hidden="true">
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
          <Link to={`/products/${product.id}`} className="hover:text-oak-700">
            {product.name}
          </Link>
        </h3>
        {product.size ? <p className="text-sm text-stone-600">{product.size}</p> : null}
        {product.unit_coverage_sqft ? (
          <p className="text-sm text-stone-600">Covers {product.unit_coverage_sqft} sq ft</p>
        ) : null}
        <p className="mt-1 text-lg font-bold text-navy-800">
          {product.price_per_box !== null ? (
            <>
              {formatUsd(product.price_per_box)}
              <span className="price-unit">per {unit}</span>
            </>
          ) : (
            "Contact for Price"
          )}
        </p>
        <StockLine stock={product.stock_quantity} />
        <div className="mt-auto grid grid-cols-2 gap-2 pt-3">
          <Link to={`/products/${product.id}`} className="btn-outline px-2 text-sm">
            View Details
          </Link>
          <AddToCartButton
            product={product}
            unitPrice={product.price_per_box}
            disabled={product.stock_quantity <= 0}
            className="btn-primary px-2 text-sm"
          />
        </div>
      </div>
    </article>
  );
}
