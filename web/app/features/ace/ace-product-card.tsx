import { displayType } from "@mcf/contracts/business";
import { formatUsd } from "@mcf/contracts/money";
import type { AceProduct } from "@mcf/contracts/partners";
import { Link } from "react-router";
import { FloorImage } from "../../components/floor-image.tsx";
import { useAddAceProduct } from "./ace-add-to-cart.tsx";
import { StockNote } from "./stock-note.tsx";

/** One partner product in the /ace grid: image, partner price per sq ft and per box, actions. */
export function AceProductCard({ product }: { product: AceProduct }) {
  const { add, added } = useAddAceProduct();
  const image = product.thumbnail_image_url || product.main_image_url || product.image_url;
  return (
    <article className="flex flex-col overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm">
      <Link
        to={`/ace/products/${product.id}`}
        className="block aspect-[4/3] overflow-hidden bg-stone-100"
      >
        <FloorImage
          src={image}
          alt={product.name}
          width={480}
          height={360}
          className="h-full w-full object-cover"
        />
      </Link>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <p className="text-xs font-semibold tracking-wide text-stone-500 uppercase">
          {[product.brand, displayType(product.type), product.collection]
            .filter(Boolean)
            .join(" · ")}
        </p>
        <h2 className="text-base leading-snug font-bold text-navy-800">
          <Link to={`/ace/products/${product.id}`} className="hover:underline">
            {product.name}
          </Link>
        </h2>
        {product.ace_shown_price !== null ? (
          <div>
            <p className="text-xs font-bold tracking-wider text-oak-600 uppercase">ACE Price</p>
            <p className="text-xl font-bold text-navy-800">
              {formatUsd(product.ace_shown_price)}
              <span className="text-sm font-medium text-stone-600"> /sq ft</span>
            </p>
            {product.price_per_box !== null && product.sqft_per_carton ? (
              <p className="text-sm text-stone-600">
                {formatUsd(product.price_per_box)} per box ({product.sqft_per_carton} sq ft)
              </p>
            ) : null}
          </div>
        ) : (
          <p className="text-lg font-bold text-stone-700">Contact for Price</p>
        )}
        <StockNote quantity={product.stock_quantity} />
        <div className="mt-auto grid grid-cols-2 gap-2 pt-2">
          <Link
            to={`/ace/products/${product.id}`}
            className="btn-outline px-2 text-center text-sm whitespace-nowrap"
          >
            View Details
          </Link>
          <button
            type="button"
            className="btn-primary px-2 text-sm whitespace-nowrap"
            disabled={added || product.stock_quantity === 0}
            onClick={() => add(product)}
          >
            {added ? "Added!" : "Add to Cart"}
          </button>
        </div>
      </div>
    </article>
  );
}
