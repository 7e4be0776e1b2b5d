import { formatUsd } from "@mcf/contracts/money";
import { closeoutDiscountPercent } from "@mcf/contracts/pricing";
import type { PublicProduct } from "@mcf/contracts/product";
import { finalSaleNotice } from "@mcf/contracts/returns-options";
import { Link } from "react-router";
import { FloorImage } from "../../components/floor-image.tsx";
import { CardSaveButton } from "../../components/save-floor-button.tsx";
import { AddToCartButton } from "./add-to-cart-button.tsx";
import { cardImage, cardPhoto } from "./catalog-product.ts";
import { StockLine } from "./stock-line.tsx";

/**
 * A closeout deal: "N% OFF" badge, our price versus MSRP per sq ft, the box price when the box
 * size is known, View Details, Add to Cart (one box per click; needs our price), the boxes left,
 * and the heart that saves the floor to a signed-in shopper's list.
 */
export function CloseoutCard({
  product,
  eager = false,
}: {
  product: PublicProduct;
  eager?: boolean;
}) {
  const discount = closeoutDiscountPercent(product.our_price, product.msrp);
  const href = `/products/${product.id}`;
  return (
    <article
      aria-labelledby={`closeout-${product.id}-name`}
      className="flex w-full flex-col overflow-hidden rounded-lg border border-stone-200 bg-white shadow-sm transition-shadow hover:shadow-md"
    >
      <div className="relative bg-cream">
        <FloorImage
          src={cardImage(product)}
          photo={cardPhoto(product)}
          sizes="(min-width: 1280px) 19rem, (min-width: 1024px) 30vw, (min-width: 640px) 45vw, 100vw"
          alt={product.name}
          width={400}
          height={400}
          loading={eager ? "eager" : "lazy"}
          className="aspect-[4/3] w-full object-cover sm:aspect-square"
        />
        {discount !== null && discount > 0 ? (
          <span className="absolute top-3 left-3 rounded-md bg-brick-600 px-2.5 py-1 text-sm font-bold text-white shadow">
            {discount}% OFF
          </span>
        ) : null}
        <div className="absolute top-3 right-3">
          <CardSaveButton productId={product.id} name={product.name} />
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3
          id={`closeout-${product.id}-name`}
          className="font-sans text-base leading-snug font-semibold"
        >
          <Link to={href} className="hover:text-oak-700 hover:underline">
            {product.name}
          </Link>
        </h3>
        {product.brand ? <p className="text-sm text-stone-600">{product.brand}</p> : null}
        <div className="mt-auto space-y-1 pt-2">
          {product.our_price !== null ? (
            <p className="flex flex-wrap items-baseline gap-x-2">
              <span className="text-xl font-bold text-brick-600">
                {formatUsd(product.our_price)}
                <span className="text-sm font-medium"> /sq ft</span>
              </span>
              {product.msrp !== null ? (
                <span className="text-sm text-stone-600">
                  MSRP <span className="line-through">{formatUsd(product.msrp)} /sq ft</span>
                </span>
              ) : null}
            </p>
          ) : (
            <p className="font-semibold text-navy-800">Contact for Price</p>
          )}
          {product.sqft_per_carton !== null && product.price_per_box !== null ? (
            <p className="text-sm text-stone-700">
              {formatUsd(product.price_per_box)} per box ({product.sqft_per_carton} sq ft)
            </p>
          ) : null}
          <StockLine stock={product.stock_quantity} showCount />
          <p className="text-xs font-semibold text-amber-900">{finalSaleNotice}</p>
        </div>
        <div className="mt-2 grid grid-cols-2 items-start gap-2">
          <Link to={href} className="btn-outline px-2" aria-label={`View Details: ${product.name}`}>
            View Details
          </Link>
          <AddToCartButton
            product={product}
            unitPrice={product.our_price !== null ? product.price_per_box : null}
            disabled={product.stock_quantity <= 0}
            className="btn-primary px-2"
          />
        </div>
      </div>
    </article>
  );
}
