import { formatUsd } from "@mcf/contracts/money";
import { Link } from "react-router";
import { FloorImage } from "../../components/floor-image.tsx";
import { CardSaveButton } from "../../components/save-floor-button.tsx";
import { type CatalogProduct, cardImage, cardPhoto } from "./catalog-product.ts";
import type { PriceSource } from "./price-source.ts";

export interface ProductStripProps<P extends CatalogProduct> {
  title: string;
  products: P[];
  source: PriceSource<P>;
  /** A heart on each card that saves the floor to the signed-in shopper's list (public store). */
  saveable?: boolean;
}

/** A horizontally scrolling row of other products. */
export function ProductStrip<P extends CatalogProduct>({
  title,
  products,
  source,
  saveable = false,
}: ProductStripProps<P>) {
  if (products.length === 0) return null;
  return (
    <section aria-labelledby="product-strip-title" className="mt-16">
      <h2 id="product-strip-title" className="mb-4 text-2xl font-semibold">
        {title}
      </h2>
      <ul className="-mx-4 flex snap-x gap-4 overflow-x-auto px-4 pb-4">
        {products.map((product) => {
          const price = source.priceOf(product);
          return (
            <li key={product.id} className="relative w-44 shrink-0 snap-start sm:w-52">
              <Link
                to={source.detailHref(product)}
                className="group block overflow-hidden rounded-lg border border-stone-200 bg-white shadow-sm hover:shadow-md"
              >
                <FloorImage
                  src={cardImage(product)}
                  photo={cardPhoto(product)}
                  sizes="(min-width: 640px) 13rem, 11rem"
                  alt={product.name}
                  width={400}
                  height={400}
                  className="aspect-square w-full object-cover"
                />
                <span className="block p-3">
                  <span className="block text-sm leading-snug font-semibold text-navy-800 group-hover:underline">
                    {product.name}
                  </span>
                  <span className="mt-1 block text-sm text-stone-700">
                    {price.perSqft !== null
                      ? `${formatUsd(price.perSqft)} /sq ft`
                      : "Contact for Price"}
                  </span>
                </span>
              </Link>
              {saveable ? (
                // Over the photo's corner, beside the link: a button may not sit inside a link.
                <div className="absolute top-2 right-2">
                  <CardSaveButton productId={product.id} name={product.name} />
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
