import { displayType } from "@mcf/contracts/business";
import type { PublicProduct } from "@mcf/contracts/product";
import { Link } from "react-router";

/** Home / Products (or Accessories) / the floor's type / the product. */
export function ProductBreadcrumbs({ product }: { product: PublicProduct }) {
  return (
    <nav aria-label="Breadcrumb" className="mb-6 text-sm text-stone-600">
      <ol className="flex flex-wrap items-center gap-1.5">
        <li>
          <Link to="/" className="hover:text-oak-700 hover:underline">
            Home
          </Link>
        </li>
        <li aria-hidden="true">/</li>
        <li>
          {product.accessory_kind ? (
            <Link to="/accessories" className="hover:text-oak-700 hover:underline">
              Accessories
            </Link>
          ) : (
            <Link to="/products" className="hover:text-oak-700 hover:underline">
              Products
            </Link>
          )}
        </li>
        {product.type && !product.accessory_kind ? (
          <>
            <li aria-hidden="true">/</li>
            <li>
              <Link
                to={`/products?type=${encodeURIComponent(product.type)}`}
                className="hover:text-oak-700 hover:underline"
              >
                {displayType(product.type)}
              </Link>
            </li>
          </>
        ) : null}
        <li aria-hidden="true">/</li>
        <li aria-current="page" className="font-medium text-stone-800">
          {product.name}
        </li>
      </ol>
    </nav>
  );
}
